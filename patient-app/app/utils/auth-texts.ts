/**
 * The sign-in pages' own words in English and Hindi: sign in, two-step code, register, forgot
 * and reset password, e-mail confirmation (issue 33). The page language is the header's choice
 * (decision 221); the messages the API sends back are put into Hindi by utils/messages.ts.
 */
import type { Lang } from './i18n';

const en = {
  email: 'Email address',
  password: 'Password',
  login: {
    title: 'Sign in to your account',
    or: 'Or ',
    createAccount: 'create a new account',
    forgot: 'Forgot password?',
    submit: 'Sign in',
    busy: 'Signing in…',
    staff: 'Staff member? ',
    adminLogin: 'Admin login',
    twoStepTitle: 'Two-step verification',
    twoStepHelp:
      'Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.',
    codeLabel: 'Authentication code or recovery code',
    verify: 'Verify and sign in',
    verifying: 'Verifying…',
    startAgain: 'Start again',
  },
  register: {
    title: 'Create your account',
    or: 'Or ',
    signInExisting: 'sign in to your existing account',
    fullName: 'Full name',
    confirmPassword: 'Confirm password',
    language: 'Language for e-mails and explanations',
    choices: 'Your choices (optional)',
    guestKept: 'The reports you analysed as a guest in this browser will be kept in your new account.',
    submit: 'Create account',
    busy: 'Creating account…',
    acceptStart: 'By registering you accept our ',
    terms: 'Terms of Service',
    and: ' and ',
    privacy: 'Privacy Policy',
    acceptEnd: ', and confirm you are 18 or older.',
  },
  consent: {
    allow_data_for_training: {
      label: 'Allow data for AI training (anonymized)',
      help: 'Lets us use the values in your reports, with your name, contact details and anything else that identifies you removed, to improve how ReportSaathi reads reports. Your reports are never shown to anyone.',
    },
    share_usage_analytics: {
      label: 'Share usage analytics',
      help: 'Lets us count which pages and buttons you use (never what your reports say) so we can make the site easier to use.',
    },
    footnote:
      'Both are off unless you tick them, and you can change either at any time in your preferences; each change is recorded with its date.',
  },
  forgot: {
    title: 'Forgot your password?',
    noMail: 'No mail? Look in your spam folder, or try again in a few minutes.',
    intro: 'Enter the e-mail address you sign in with. We will mail you a link to choose a new password.',
    submit: 'Send me a link',
    busy: 'Sending…',
    back: 'Back to sign in',
  },
  reset: {
    title: 'Choose a new password',
    needsLink: 'This page needs the link from your e-mail. ',
    newLink: 'Ask for a new link',
    newPassword: 'New password (at least 8 characters)',
    confirm: 'Confirm new password',
    submit: 'Save new password',
    busy: 'Saving…',
    note: 'Saving signs you out on every device; then sign in with the new password.',
  },
  confirm: {
    confirmed: 'E-mail confirmed',
    broken: 'This link does not work',
    askAgainStart: 'Signed in, you can ask for a new link on your ',
    profile: 'profile',
    dashboard: 'Go to your dashboard',
    signIn: 'Sign in',
  },
  titles: {
    login: 'Sign in',
    register: 'Create your account',
    forgot: 'Forgot your password?',
    reset: 'Choose a new password',
    confirm: 'Confirm your e-mail',
  },
};
export type AuthTexts = typeof en;

const hi: AuthTexts = {
  email: 'ईमेल पता',
  password: 'पासवर्ड',
  login: {
    title: 'अपने खाते में साइन इन करें',
    or: 'या ',
    createAccount: 'नया खाता बनाएँ',
    forgot: 'पासवर्ड भूल गए?',
    submit: 'साइन इन करें',
    busy: 'साइन इन हो रहा है…',
    staff: 'स्टाफ़ सदस्य? ',
    adminLogin: 'एडमिन लॉगिन',
    twoStepTitle: 'दो-चरण सत्यापन',
    twoStepHelp: 'अपने ऑथेंटिकेटर ऐप से 6 अंकों का कोड लिखें। फ़ोन खो गया? उसकी जगह अपना कोई रिकवरी कोड लिखें।',
    codeLabel: 'सत्यापन कोड या रिकवरी कोड',
    verify: 'जाँचें और साइन इन करें',
    verifying: 'जाँच हो रही है…',
    startAgain: 'फिर से शुरू करें',
  },
  register: {
    title: 'अपना खाता बनाएँ',
    or: 'या ',
    signInExisting: 'अपने मौजूदा खाते में साइन इन करें',
    fullName: 'पूरा नाम',
    confirmPassword: 'पासवर्ड दोबारा लिखें',
    language: 'ईमेल और व्याख्या की भाषा',
    choices: 'आपकी पसंद (वैकल्पिक)',
    guestKept: 'इस ब्राउज़र में मेहमान के रूप में जिन रिपोर्ट का विश्लेषण आपने किया, वे आपके नए खाते में रहेंगी।',
    submit: 'खाता बनाएँ',
    busy: 'खाता बन रहा है…',
    acceptStart: 'रजिस्टर करके आप हमारी ',
    terms: 'सेवा की शर्तें',
    and: ' और ',
    privacy: 'गोपनीयता नीति',
    acceptEnd: ' स्वीकार करते हैं, और पुष्टि करते हैं कि आपकी उम्र 18 वर्ष या उससे अधिक है।',
  },
  consent: {
    allow_data_for_training: {
      label: 'AI प्रशिक्षण के लिए डेटा की अनुमति दें (पहचान हटाकर)',
      help: 'आपका नाम, संपर्क और आपकी पहचान बताने वाली हर चीज़ हटाकर, आपकी रिपोर्ट के मानों से हम ReportSaathi का रिपोर्ट पढ़ना बेहतर करेंगे। आपकी रिपोर्ट कभी किसी को दिखाई नहीं जाती।',
    },
    share_usage_analytics: {
      label: 'उपयोग के आँकड़े साझा करें',
      help: 'हम गिनते हैं कि आप कौन-से पेज और बटन इस्तेमाल करते हैं (आपकी रिपोर्ट में क्या लिखा है, यह कभी नहीं), ताकि साइट को आसान बना सकें।',
    },
    footnote:
      'जब तक आप टिक न करें, दोनों बंद रहते हैं; आप इन्हें कभी भी अपनी प्राथमिकताओं में बदल सकते हैं। हर बदलाव उसकी तारीख़ के साथ दर्ज होता है।',
  },
  forgot: {
    title: 'पासवर्ड भूल गए?',
    noMail: 'ईमेल नहीं आया? स्पैम फ़ोल्डर देखें, या कुछ मिनट बाद फिर कोशिश करें।',
    intro: 'वह ईमेल पता लिखें जिससे आप साइन इन करते हैं। हम आपको नया पासवर्ड चुनने का लिंक भेजेंगे।',
    submit: 'मुझे लिंक भेजें',
    busy: 'भेजा जा रहा है…',
    back: 'साइन इन पर वापस जाएँ',
  },
  reset: {
    title: 'नया पासवर्ड चुनें',
    needsLink: 'इस पेज के लिए आपके ईमेल वाला लिंक चाहिए। ',
    newLink: 'नया लिंक माँगें',
    newPassword: 'नया पासवर्ड (कम से कम 8 अक्षर)',
    confirm: 'नया पासवर्ड दोबारा लिखें',
    submit: 'नया पासवर्ड सहेजें',
    busy: 'सहेजा जा रहा है…',
    note: 'सहेजने पर आप हर डिवाइस से साइन आउट हो जाएँगे; फिर नए पासवर्ड से साइन इन करें।',
  },
  confirm: {
    confirmed: 'ईमेल पक्का हो गया',
    broken: 'यह लिंक काम नहीं करता',
    askAgainStart: 'साइन इन करके आप नया लिंक यहाँ माँग सकते हैं: ',
    profile: 'प्रोफ़ाइल',
    dashboard: 'अपने डैशबोर्ड पर जाएँ',
    signIn: 'साइन इन करें',
  },
  titles: {
    login: 'साइन इन',
    register: 'अपना खाता बनाएँ',
    forgot: 'पासवर्ड भूल गए?',
    reset: 'नया पासवर्ड चुनें',
    confirm: 'अपना ईमेल पक्का करें',
  },
};

export function authTexts(lang: Lang | string | null | undefined): AuthTexts {
  return lang === 'hi' ? hi : en;
}
