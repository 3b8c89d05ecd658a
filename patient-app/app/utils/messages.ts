/**
 * The messages a patient is shown that the app does not write itself: the API's `detail`s and
 * field errors, the success and error toasts, the flash set before a redirect (decision 242).
 * They are written in English where they arise (the API, the schemas, the actions) and put into
 * Hindi here, in one place, where they are shown: the toaster, the form fields and the pages'
 * error boxes call `say`. An unknown message is shown as it is.
 */
// The zod-free module only: the toaster is on every page.
import {
  CHAT_NOT_FOUND,
  DEACTIVATED_ACCOUNT,
  MESSAGES,
  DEFAULT_MAINTENANCE_MESSAGE,
  LINK_UNAVAILABLE,
  REPORT_NOT_FOUND,
  SESSION_NOT_FOUND,
  TREND_NOT_FOUND,
} from '@reportsaathi/contracts/constants';
import type { Lang } from './i18n';
import { FEEDBACK_WORDS } from './feedback-words';
import { planName } from './plan-names';

const TRY_AGAIN = 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।';

const HI: Record<string, string> = {
  // Field checks (contracts' schemas).
  [MESSAGES.emailRequired]: 'ईमेल ज़रूरी है',
  [MESSAGES.emailInvalid]: 'ईमेल पता सही नहीं है',
  [MESSAGES.passwordRequired]: 'पासवर्ड ज़रूरी है',
  [MESSAGES.passwordMin]: 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए',
  [MESSAGES.fullNameRequired]: 'पूरा नाम ज़रूरी है',
  [MESSAGES.fullNameMin]: 'पूरा नाम कम से कम 2 अक्षरों का होना चाहिए',
  [MESSAGES.confirmRequired]: 'कृपया अपना पासवर्ड दोबारा लिखें',
  [MESSAGES.passwordsMismatch]: 'दोनों पासवर्ड एक जैसे नहीं हैं',
  [DEACTIVATED_ACCOUNT]: 'यह खाता बंद कर दिया गया है। कृपया सहायता टीम से संपर्क करें।',
  [DEFAULT_MAINTENANCE_MESSAGE]: 'सिस्टम का रखरखाव चल रहा है। कृपया बाद में फिर कोशिश करें।',
  // Account mail (password reset, e-mail confirmation).
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 30 minutes.':
    'अगर इस पते से कोई खाता है, तो हमने उस पर नया पासवर्ड चुनने का लिंक भेज दिया है। लिंक एक बार, 30 मिनट तक काम करता है।',
  'Your password has been changed. Sign in with your new password.':
    'आपका पासवर्ड बदल दिया गया है। नए पासवर्ड से साइन इन करें।',
  'This link has expired or has already been used. Please ask for a new one.':
    'इस लिंक की समय-सीमा ख़त्म हो गई है या यह पहले ही इस्तेमाल हो चुका है। कृपया नया लिंक माँगें।',
  'Your e-mail address is confirmed.': 'आपका ईमेल पता पक्का हो गया है।',
  'Your e-mail address is changed and confirmed. Sign in with it from now on.':
    'आपका ईमेल पता बदल गया है और पक्का हो गया है। अब से इसी से साइन इन करें।',
  'We have sent a confirmation link to your e-mail address.': 'हमने आपके ईमेल पते पर पुष्टि का लिंक भेज दिया है।',
  'We have sent a link to the new address. Your e-mail changes when you open it; until then you sign in with the current one.':
    'हमने नए पते पर एक लिंक भेजा है। लिंक खोलने पर आपका ईमेल बदल जाएगा; तब तक आप पुराने ईमेल से ही साइन इन करें।',
  'Your e-mail address is already confirmed.': 'आपका ईमेल पता पहले से पक्का है।',
  // The doctor's PIN form (a shared link).
  'Enter the 6-digit PIN': '6 अंकों का पिन डालें',
  'Wrong PIN': 'पिन ग़लत है',
  'Too many wrong PINs. Please wait before trying again.':
    'बहुत बार ग़लत पिन डाला गया। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  // The user panel.
  'Password must be at least 8 characters long.': 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।',
  'New passwords do not match': 'दोनों नए पासवर्ड एक जैसे नहीं हैं',
  'Current password is required': 'मौजूदा पासवर्ड ज़रूरी है',
  'Current password is incorrect': 'मौजूदा पासवर्ड ग़लत है',
  'Enter your current password to change the e-mail you sign in with':
    'साइन इन वाला ईमेल बदलने के लिए अपना मौजूदा पासवर्ड लिखें',
  'This email address is already used by another account': 'यह ईमेल पता किसी दूसरे खाते में पहले से इस्तेमाल हो रहा है',
  'Password is required to delete your account': 'खाता हटाने के लिए पासवर्ड ज़रूरी है',
  'Password is incorrect': 'पासवर्ड ग़लत है',
  'You must confirm that you understand this action is permanent':
    'आपको पुष्टि करनी होगी कि आप समझते हैं कि यह हमेशा के लिए है',
  'You must confirm that you understand this action cannot be undone':
    'आपको पुष्टि करनी होगी कि आप समझते हैं कि इसे वापस नहीं किया जा सकता',
  'Select at least one data type to anonymize': 'गुमनाम करने के लिए कम से कम एक तरह का डेटा चुनें',
  'Profile updated successfully': 'प्रोफ़ाइल अपडेट हो गई',
  'Password changed successfully': 'पासवर्ड बदल दिया गया',
  'Data retention settings updated successfully': 'डेटा रखने की सेटिंग अपडेट हो गई',
  // Not found (ids reveal nothing).
  [REPORT_NOT_FOUND]: 'रिपोर्ट नहीं मिली',
  [CHAT_NOT_FOUND]: 'बातचीत नहीं मिली',
  [SESSION_NOT_FOUND]: 'सत्र नहीं मिला',
  [TREND_NOT_FOUND]: 'इस जाँच का रुझान अभी नहीं है: इसके लिए दो विश्लेषित रिपोर्ट के मान चाहिए',
  [LINK_UNAVAILABLE]: 'इस लिंक की समय-सीमा ख़त्म हो गई है या इसे बंद कर दिया गया है। मरीज़ से नया लिंक माँगें।',
  // Sign-in and registration (the API's and the app's).
  'Incorrect email or password': 'ईमेल या पासवर्ड ग़लत है',
  'Email already registered': 'यह ईमेल पहले से रजिस्टर है',
  'Login successful!': 'साइन इन हो गया!',
  'Login failed': 'साइन इन नहीं हो सका',
  'An error occurred during login': 'साइन इन के दौरान कोई गड़बड़ी हुई',
  'Registration successful! Please login.': 'रजिस्ट्रेशन हो गया! कृपया साइन इन करें।',
  'Registration failed': 'रजिस्ट्रेशन नहीं हो सका',
  'An error occurred during registration': 'रजिस्ट्रेशन के दौरान कोई गड़बड़ी हुई',
  'Enter the 6-digit code or a recovery code': '6 अंकों का कोड या कोई रिकवरी कोड लिखें',
  'Invalid code': 'कोड सही नहीं है',
  'Please log in to view your reports': 'अपनी रिपोर्ट देखने के लिए कृपया साइन इन करें',
  'Please log in to continue': 'आगे बढ़ने के लिए कृपया साइन इन करें',
  'You have been logged out': 'आप साइन आउट हो गए हैं',
  'Logged out successfully': 'आप साइन आउट हो गए हैं',
  'Could not validate credentials': 'आपका सत्र ख़त्म हो गया है। कृपया फिर से साइन इन करें।',
  // Reports, analysis and chat.
  'Report uploaded successfully!': 'रिपोर्ट अपलोड हो गई!',
  'Report deleted successfully': 'रिपोर्ट हटा दी गई',
  'Failed to delete report': 'रिपोर्ट हटाई नहीं जा सकी',
  'Failed to load report': 'रिपोर्ट खुल नहीं सकी',
  'Failed to load reports': 'रिपोर्ट की सूची खुल नहीं सकी',
  'Analysis completed!': 'विश्लेषण पूरा हुआ!',
  'Analysis failed': 'विश्लेषण नहीं हो सका',
  'Analysis failed. Please try again.': 'विश्लेषण नहीं हो सका। कृपया फिर से कोशिश करें।',
  'The file could not be read': 'फ़ाइल पढ़ी नहीं जा सकी',
  'The file is not a valid PDF': 'यह फ़ाइल सही PDF नहीं है',
  'The file is not a valid PNG or JPEG image': 'यह फ़ाइल सही PNG या JPEG तस्वीर नहीं है',
  'The PDF is password-protected': 'यह PDF पासवर्ड से बंद है',
  'A page of the PDF could not be rendered for reading': 'PDF का एक पेज पढ़ने के लिए खोला नहीं जा सका',
  'No readable text was found in the PDF': 'PDF में पढ़ने लायक कोई लिखावट नहीं मिली',
  'No readable text was found in the image': 'तस्वीर में पढ़ने लायक कोई लिखावट नहीं मिली',
  'Reading the image took too long': 'तस्वीर पढ़ने में बहुत समय लगा',
  'The PDF has no pages': 'इस PDF में कोई पेज नहीं है',
  'The PDF holds far more text than a report; it may be damaged':
    'इस PDF में किसी रिपोर्ट से बहुत ज़्यादा लिखावट है; यह ख़राब हो सकती है',
  'The PDF is damaged and could not be read': 'यह PDF ख़राब है और पढ़ी नहीं जा सकी',
  'The analysis was cancelled': 'विश्लेषण रोक दिया गया',
  'The file is empty': 'यह फ़ाइल ख़ाली है',
  'The file is not a PDF, PNG, JPG or text file': 'यह फ़ाइल PDF, PNG, JPG या टेक्स्ट फ़ाइल नहीं है',
  'The file is not readable text': 'इस फ़ाइल की लिखावट पढ़ी नहीं जा सकती',
  'The file needs more memory to read than a report may use':
    'इस फ़ाइल को पढ़ने में किसी रिपोर्ट की सीमा से ज़्यादा मेमोरी लगती है',
  'The file reader could not start': 'फ़ाइल पढ़ने वाला शुरू नहीं हो सका',
  'The image could not be opened; it may be damaged': 'तस्वीर खुल नहीं सकी; यह ख़राब हो सकती है',
  'The image is too large to read': 'तस्वीर पढ़ने के लिए बहुत बड़ी है',
  'The image is too small to read': 'तस्वीर पढ़ने के लिए बहुत छोटी है',
  'The report could not be analysed': 'रिपोर्ट का विश्लेषण नहीं हो सका',
  'The text reader could not start': 'लिखावट पढ़ने वाला शुरू नहीं हो सका',
  'Please type a question': 'कृपया कोई सवाल लिखें',
  'Invalid feedback': 'प्रतिक्रिया सही नहीं है',
  'Failed to upload report': 'रिपोर्ट अपलोड नहीं हो सकी',
  'Please select a file to upload': 'अपलोड करने के लिए कोई फ़ाइल चुनें',
  'File type must be one of application/pdf, image/png, image/jpeg, text/plain':
    'फ़ाइल PDF, PNG, JPEG या टेक्स्ट (TXT) होनी चाहिए',
  'Too many files': 'बहुत ज़्यादा फ़ाइलें',
  'The analysis is not complete yet': 'विश्लेषण अभी पूरा नहीं हुआ है',
  'This analysis can no longer be explained in another language':
    'यह विश्लेषण अब दूसरी भाषा में नहीं समझाया जा सकता',
  'Failed to explain the analysis': 'विश्लेषण दूसरी भाषा में नहीं समझाया जा सका',
  'Failed to send message': 'संदेश नहीं भेजा जा सका',
  'Message is required': 'संदेश लिखना ज़रूरी है',
  // The analysis page's forms (their schemas in contracts).
  'Type the value printed on your report': 'अपनी रिपोर्ट पर छपा मान लिखें',
  'That is too long for a value': 'यह किसी मान के लिए बहुत लंबा है',
  'Message must be at most 2000 characters': 'संदेश ज़्यादा से ज़्यादा 2000 अक्षरों का हो सकता है',
  'Rating must be helpful, not_helpful or irrelevant': 'मददगार, मददगार नहीं या असंबंधित में से एक चुनें',
  'Choose how long the link stays open': 'चुनें कि लिंक कितनी देर खुला रहे',
  'A link stays open for at least 1 hour': 'लिंक कम से कम 1 घंटा खुला रहता है',
  'A link stays open for at most 30 days': 'लिंक ज़्यादा से ज़्यादा 30 दिन खुला रहता है',
  'Failed to create the link': 'लिंक नहीं बन सका',
  'Link turned off': 'लिंक बंद कर दिया गया',
  'Conversation deleted': 'बातचीत हटा दी गई',
  'Conversation deleted successfully': 'बातचीत हटा दी गई',
  'Conversations deleted successfully': 'बातचीतें हटा दी गईं',
  'Failed to delete conversation': 'बातचीत हटाई नहीं जा सकी',
  'Data exported successfully': 'डेटा डाउनलोड हो गया',
  'Preferences updated successfully': 'प्राथमिकताएँ अपडेट हो गईं',
  'Failed to update preferences': 'प्राथमिकताएँ अपडेट नहीं हो सकीं',
  'Your account has been deleted.': 'आपका खाता हटा दिया गया है।',
  'Unknown action': 'अनजान कार्रवाई',
  // The panel's quick actions and activity (the API words them).
  'Upload Report': 'रिपोर्ट अपलोड करें',
  'Upload a new medical report for analysis': 'विश्लेषण के लिए नई मेडिकल रिपोर्ट अपलोड करें',
  'My Reports': 'मेरी रिपोर्ट',
  'View and manage your reports': 'अपनी रिपोर्ट देखें और सँभालें',
  'In Progress': 'चल रहा है',
  'Reports still being analysed': 'जिन रिपोर्ट का विश्लेषण अभी चल रहा है',
  'Chat History': 'चैट इतिहास',
  'Your questions about your reports': 'अपनी रिपोर्ट के बारे में आपके सवाल',
  'Profile Settings': 'प्रोफ़ाइल सेटिंग्स',
  'Account, password and privacy': 'खाता, पासवर्ड और गोपनीयता',
  Help: 'मदद',
  'What the analysis can and cannot tell you': 'विश्लेषण क्या बता सकता है और क्या नहीं',
  Free: 'मुफ़्त',
  'Your account has been deactivated. Please contact support to reactivate it.':
    'आपका खाता बंद कर दिया गया है। इसे फिर से चालू करने के लिए सहायता टीम से संपर्क करें।',
  'Failed to update profile': 'प्रोफ़ाइल अपडेट नहीं हो सकी',
  'Failed to change password': 'पासवर्ड नहीं बदला जा सका',
  'Failed to update data retention settings': 'डेटा रखने की सेटिंग अपडेट नहीं हो सकी',
  'Failed to anonymize data': 'डेटा की पहचान नहीं हटाई जा सकी',
  'Failed to deactivate account': 'खाता बंद नहीं हो सका',
  'Failed to load privacy data': 'गोपनीयता की जानकारी खुल नहीं सकी',
  'Failed to load user data': 'खाते की जानकारी खुल नहीं सकी',
  'Failed to load dashboard data': 'डैशबोर्ड की जानकारी खुल नहीं सकी',
  'Failed to fetch reports': 'रिपोर्ट की सूची खुल नहीं सकी',
  'Failed to fetch chat history': 'चैट इतिहास खुल नहीं सका',
  'Failed to fetch chats by report': 'रिपोर्ट के अनुसार चैट खुल नहीं सकीं',
  'Search failed': 'खोज नहीं हो सकी',
  'Export failed': 'डाउनलोड नहीं हो सका',
  'Failed to load two-factor status': 'दो-चरण सत्यापन की स्थिति खुल नहीं सकी',
  'Failed to load sessions': 'सत्रों की सूची खुल नहीं सकी',
  'Failed to load share links': 'साझा लिंक की सूची खुल नहीं सकी',
  'Failed to start two-factor setup': 'दो-चरण सत्यापन शुरू नहीं हो सका',
  'Failed to enable two-factor authentication': 'दो-चरण सत्यापन चालू नहीं हो सका',
  'Failed to disable two-factor authentication': 'दो-चरण सत्यापन बंद नहीं हो सका',
  'Enter your current password': 'अपना मौजूदा पासवर्ड लिखें',
  'Two-factor authentication is off': 'दो-चरण सत्यापन बंद है',
  'Session revoked': 'सत्र हटा दिया गया',
  'Failed to revoke the session': 'सत्र हटाया नहीं जा सका',
  'Failed to sign out other sessions': 'बाकी सत्रों से साइन आउट नहीं हो सका',
  'Report date saved: the trends now place it on that day':
    'रिपोर्ट की तारीख़ सहेजी गई: रुझान अब उसे उसी दिन पर दिखाते हैं',
  'The printed date applies again': 'छपी हुई तारीख़ फिर से लागू है',
  'Failed to save the date': 'तारीख़ सहेजी नहीं जा सकी',
  'Failed to load trends': 'रुझान खुल नहीं सके',
  'Subscription change failed': 'सदस्यता नहीं बदली जा सकी',
  'Failed to load subscription': 'सदस्यता की जानकारी खुल नहीं सकी',
  'Conversation not found': 'बातचीत नहीं मिली',
  'Share link not found': 'साझा लिंक नहीं मिला',
  'Failed to turn off the link': 'लिंक बंद नहीं हो सका',
  'Failed to export data': 'डेटा डाउनलोड नहीं हो सका',
  'Failed to export report: Report not found': 'रिपोर्ट डाउनलोड नहीं हो सकी: रिपोर्ट नहीं मिली',
  'Failed to delete account': 'खाता हटाया नहीं जा सका',
  'Failed to delete chat(s)': 'बातचीत हटाई नहीं जा सकी',
  // The service itself.
  'Something went wrong. Please try again.': TRY_AGAIN,
  'Internal server error': TRY_AGAIN,
  'Request body is too large': 'भेजा गया डेटा बहुत बड़ा है',
  'Too many requests. Please try again later.': 'बहुत ज़्यादा अनुरोध। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  'Too many requests': 'बहुत ज़्यादा अनुरोध। कृपया थोड़ी देर बाद फिर कोशिश करें।',
};

/** The kind of feedback an activity names ('helpful', 'not helpful', 'irrelevant'), in the buttons' Hindi words. */
function feedbackKind(kind: string): string {
  const hi = FEEDBACK_WORDS.hi;
  const words: Record<string, string> = {
    helpful: hi.helpful,
    'not helpful': hi.notHelpful,
    irrelevant: hi.irrelevant,
  };
  return words[kind] ?? kind;
}

/** Messages with a number or name inside, matched by their shape. */
const PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [
    /^Too many (?:login|sign-in) attempts\b.*$/i,
    () => 'बहुत बार ग़लत कोशिश हुई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  ],
  [/^Too many requests\b.*$/i, () => 'बहुत ज़्यादा अनुरोध। कृपया थोड़ी देर बाद फिर कोशिश करें।'],
  // The doctor's PIN form once the wrong PINs are too many (the API adds how long to wait).
  [
    /^(?:Wrong PIN\. )?Too many wrong PINs\. Please wait before trying again\. Try again in (\d+) (second|minute|hour)s?\.$/,
    (m) =>
      `पिन ग़लत है। बहुत बार ग़लत पिन डाला गया। ${m[1]} ${{ second: 'सेकंड', minute: 'मिनट', hour: 'घंटे' }[m[2]]} बाद फिर कोशिश करें।`,
  ],
  [/^You are already on the (.+) plan$/, (m) => `आप पहले से ${planName(m[1], 'hi')} प्लान पर हैं`],
  [/^You are now on the (.+) plan$/, (m) => `अब आप ${planName(m[1], 'hi')} प्लान पर हैं`],
  [
    /^Payment received\. You are now on the (.+) plan\.$/,
    (m) => `भुगतान मिल गया। अब आप ${planName(m[1], 'hi')} प्लान पर हैं।`,
  ],
  [/^Data anonymization completed\. Anonymized: (.*)$/s, (m) => `डेटा की पहचान हटा दी गई: ${m[1]}`],
  // The API's refusal of a value the patient typed (decision 243).
  [
    /^'(.*)' is not a number\. Type the value as printed, for example 41\.01 or <0\.5\.$/s,
    (m) => `'${m[1]}' कोई संख्या नहीं है। मान वैसे ही लिखें जैसा रिपोर्ट पर छपा है, जैसे 41.01 या <0.5।`,
  ],
  [/^File is larger than (\d+) bytes$/, (m) => `फ़ाइल ${Math.round(Number(m[1]) / 1048576)} MB से बड़ी है`],
  [/^File is smaller than (\d+) bytes$/, (m) => `फ़ाइल ${m[1]} बाइट से छोटी है`],
  [/^Uploaded (.+)$/s, (m) => `अपलोड की: ${m[1]}`],
  [/^Analysis finished for (.+)$/s, (m) => `विश्लेषण पूरा हुआ: ${m[1]}`],
  [/^Analysis failed for (.+)$/s, (m) => `विश्लेषण नहीं हो सका: ${m[1]}`],
  [/^Asked: (.+)$/s, (m) => `पूछा: ${m[1]}`],
  [/^Gave feedback: (.+)$/s, (m) => `प्रतिक्रिया दी: ${feedbackKind(m[1])}`],
];

/** The message in the page's language: Hindi when one is known, else as it came. */
export function say(lang: Lang | string | null | undefined, message: string): string;
export function say(
  lang: Lang | string | null | undefined,
  message: string | null | undefined,
): string | null;
export function say(
  lang: Lang | string | null | undefined,
  message: string | null | undefined,
): string | null {
  if (!message) return message ?? null;
  if (lang !== 'hi') return message;
  const known = HI[message];
  if (known) return known;
  for (const [re, hi] of PATTERNS) {
    const m = message.match(re);
    if (m) return hi(m);
  }
  return message;
}

/** For a test: every known message has a Hindi text with Devanagari in it. */
export const KNOWN_MESSAGES: Readonly<Record<string, string>> = HI;
