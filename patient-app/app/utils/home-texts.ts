/** The home page's words in English (the spec's) and Hindi (issue 33). */
import type { Lang } from './i18n';

const en = {
  title: 'ReportSaathi: understand your medical reports',
  description:
    'Upload a lab report, X-ray or scan report and get it explained in plain language. Educational only.',
  heading: 'Understand Your Medical Reports',
  intro:
    'Got a lab report full of numbers and medical terms? Upload it and get a clear explanation in simple English or Hindi. Educational only, not a diagnosis.',
  dashboard: 'Go to Dashboard',
  tryFree: 'Try Analysis Free',
  register: 'Register',
  login: 'Login',
  why: 'Why ReportSaathi',
  features: [
    {
      icon: 'upload',
      title: 'Upload any report',
      text: 'PDF, photo (PNG, JPG) or text file of your blood test, X-ray, scan or discharge summary, up to 10 MB.',
    },
    {
      icon: 'spark',
      title: 'AI analysis',
      text: 'A plain-language summary, key findings and recommendations, with every value compared to its normal range.',
    },
    {
      icon: 'lock',
      title: 'Privacy and security',
      text: 'Your reports are private to your account, sent over encrypted connections and never sold.',
    },
    {
      icon: 'chart',
      title: 'Track your health',
      text: 'Keep your reports in one place and look back at your history whenever you need it.',
    },
  ],
  how: 'How It Works',
  steps: [
    {
      title: 'Upload your report',
      text: 'Choose the PDF, photo or text file you received from the lab or hospital.',
    },
    {
      title: 'AI reads it',
      text: 'The values are extracted and compared with reference ranges. It takes 1-2 minutes.',
    },
    {
      title: 'Understand and ask',
      text: 'Read the explanation, see what is outside the normal range, and ask questions before your doctor visit.',
    },
  ],
  choose: 'Choose Your Experience',
  tryPlan: 'Try Free',
  tryItems: [
    '3 free analyses per day',
    'Instant analysis',
    'Key findings and recommendations',
    'No account required',
    '48-hour report access',
  ],
  recommended: 'Recommended',
  fullPlan: 'Full Access',
  fullItems: [
    'Unlimited analyses',
    'Chat with the AI about your reports',
    'Permanent storage',
    'Report history',
    'Advanced analysis features',
  ],
  registerFree: 'Register Free Account',
};
export type HomeTexts = typeof en;

const hi: HomeTexts = {
  title: 'ReportSaathi: अपनी मेडिकल रिपोर्ट समझें',
  description: 'लैब रिपोर्ट, एक्स-रे या स्कैन रिपोर्ट अपलोड करें और उसे आसान भाषा में समझें। केवल जानकारी के लिए।',
  heading: 'अपनी मेडिकल रिपोर्ट समझें',
  intro:
    'लैब रिपोर्ट में अंक और डॉक्टरी शब्द समझ नहीं आते? उसे अपलोड करें और आसान हिन्दी या अंग्रेज़ी में साफ़ व्याख्या पाएँ। केवल जानकारी के लिए, यह निदान नहीं है।',
  dashboard: 'डैशबोर्ड पर जाएँ',
  tryFree: 'मुफ़्त विश्लेषण आज़माएँ',
  register: 'रजिस्टर करें',
  login: 'साइन इन',
  why: 'ReportSaathi क्यों',
  features: [
    {
      icon: 'upload',
      title: 'कोई भी रिपोर्ट अपलोड करें',
      text: 'ख़ून की जाँच, एक्स-रे, स्कैन या डिस्चार्ज समरी की PDF, फ़ोटो (PNG, JPG) या टेक्स्ट फ़ाइल, 10 MB तक।',
    },
    {
      icon: 'spark',
      title: 'AI विश्लेषण',
      text: 'आसान भाषा में सारांश, मुख्य निष्कर्ष और सुझाव, हर मान उसकी सामान्य सीमा से मिलाकर।',
    },
    {
      icon: 'lock',
      title: 'गोपनीयता और सुरक्षा',
      text: 'आपकी रिपोर्ट केवल आपके खाते में रहती हैं, सुरक्षित कनेक्शन से भेजी जाती हैं और कभी बेची नहीं जातीं।',
    },
    {
      icon: 'chart',
      title: 'अपनी सेहत पर नज़र रखें',
      text: 'अपनी सारी रिपोर्ट एक जगह रखें और जब चाहें अपना पुराना रिकॉर्ड देखें।',
    },
  ],
  how: 'यह कैसे काम करता है',
  steps: [
    {
      title: 'अपनी रिपोर्ट अपलोड करें',
      text: 'लैब या अस्पताल से मिली PDF, फ़ोटो या टेक्स्ट फ़ाइल चुनें।',
    },
    {
      title: 'AI उसे पढ़ता है',
      text: 'मान निकाले जाते हैं और सामान्य सीमा से मिलाए जाते हैं। इसमें 1-2 मिनट लगते हैं।',
    },
    {
      title: 'समझें और पूछें',
      text: 'व्याख्या पढ़ें, देखें कि क्या सामान्य सीमा से बाहर है, और डॉक्टर के पास जाने से पहले सवाल पूछें।',
    },
  ],
  choose: 'अपना तरीक़ा चुनें',
  tryPlan: 'मुफ़्त आज़माएँ',
  tryItems: [
    'रोज़ 3 मुफ़्त विश्लेषण',
    'तुरंत विश्लेषण',
    'मुख्य निष्कर्ष और सुझाव',
    'खाते की ज़रूरत नहीं',
    'रिपोर्ट 48 घंटे तक देख सकते हैं',
  ],
  recommended: 'सुझाया गया',
  fullPlan: 'पूरी सुविधा',
  fullItems: [
    'असीमित विश्लेषण',
    'अपनी रिपोर्ट के बारे में AI से चैट',
    'हमेशा के लिए सुरक्षित रखें',
    'रिपोर्ट का इतिहास',
    'विश्लेषण की और सुविधाएँ',
  ],
  registerFree: 'मुफ़्त खाता बनाएँ',
};

export function homeTexts(lang: Lang | string | null | undefined): HomeTexts {
  return lang === 'hi' ? hi : en;
}
