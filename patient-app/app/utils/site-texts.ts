/**
 * The site's own frame in English and Hindi: header, footer, the error and 404 page, the language
 * switch (decision 221). Texts the spec quotes stay exactly as quoted in English.
 */
import type { Lang } from './i18n';

const en = {
  nav: {
    main: 'Main',
    dashboard: 'Dashboard',
    upload: 'Upload Report',
    tryAnalysis: 'Try Analysis',
    tryAnalysisFree: 'Try Analysis (Free)',
    login: 'Login',
    register: 'Register',
    logout: 'Logout',
    menu: 'Menu',
  },
  skip: 'Skip to content',
  language: 'Language',
  switchTo: 'Read this site in English',
  footer: {
    tagline: 'Your medical reports, explained in plain language.',
    quickLinks: 'Quick Links',
    home: 'Home',
    legal: 'Legal',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    disclaimer: 'Medical Disclaimer',
    support: 'Support',
    emergencyTitle: 'Medical emergency?',
    emergencyCall: 'Call',
    emergencyIndia: '(India emergency) or',
    emergencyAmbulance: '(ambulance) right away. Do not wait for an online analysis.',
    noticeTitle: 'Medical notice:',
    notice:
      'ReportSaathi explains reports for education only. It is not a diagnosis and is no substitute for professional medical advice. Always consult a qualified doctor about your health.',
  },
  error: {
    notFoundTitle: 'Page not found',
    notFound:
      'The page you are looking for does not exist. It may have moved, or the address may have a typo.',
    title: 'Something went wrong',
    generic: 'Something went wrong on our side. Please try again in a moment.',
    home: 'Go to Home',
    maintenance: 'Under maintenance',
  },
};
export type SiteTexts = typeof en;

const hi: SiteTexts = {
  nav: {
    main: 'मुख्य',
    dashboard: 'डैशबोर्ड',
    upload: 'रिपोर्ट अपलोड करें',
    tryAnalysis: 'विश्लेषण आज़माएँ',
    tryAnalysisFree: 'विश्लेषण आज़माएँ (मुफ़्त)',
    login: 'लॉग इन',
    register: 'रजिस्टर करें',
    logout: 'लॉग आउट',
    menu: 'मेनू',
  },
  skip: 'सामग्री पर जाएँ',
  language: 'भाषा',
  switchTo: 'यह साइट हिन्दी में पढ़ें',
  footer: {
    tagline: 'आपकी मेडिकल रिपोर्ट, आसान भाषा में।',
    quickLinks: 'त्वरित लिंक',
    home: 'होम',
    legal: 'कानूनी',
    terms: 'सेवा की शर्तें',
    privacy: 'गोपनीयता नीति',
    disclaimer: 'चिकित्सा अस्वीकरण',
    support: 'सहायता',
    emergencyTitle: 'मेडिकल इमरजेंसी?',
    emergencyCall: 'तुरंत',
    emergencyIndia: '(भारत आपातकालीन) या',
    emergencyAmbulance: '(एम्बुलेंस) पर कॉल करें। ऑनलाइन विश्लेषण का इंतज़ार न करें।',
    noticeTitle: 'चिकित्सा सूचना:',
    notice:
      'ReportSaathi रिपोर्ट को केवल जानकारी के लिए समझाता है। यह निदान नहीं है और डॉक्टर की सलाह की जगह नहीं ले सकता। अपने स्वास्थ्य के बारे में हमेशा किसी योग्य डॉक्टर से सलाह लें।',
  },
  error: {
    notFoundTitle: 'पेज नहीं मिला',
    notFound: 'आप जो पेज ढूँढ रहे हैं वह मौजूद नहीं है। हो सकता है वह हट गया हो, या पते में कोई ग़लती हो।',
    title: 'कुछ गड़बड़ हो गई',
    generic: 'हमारी ओर से कुछ गड़बड़ हुई। कृपया थोड़ी देर में फिर कोशिश करें।',
    home: 'होम पर जाएँ',
    maintenance: 'रखरखाव चल रहा है',
  },
};

export function siteTexts(lang: Lang | string | null | undefined): SiteTexts {
  return lang === 'hi' ? hi : en;
}

/** The language a page is shown in: the signed-in user's preference, else the header's choice. */
export function pageLang(userLang: string | null | undefined, cookieLang: Lang | null): Lang {
  if (userLang === 'hi' || userLang === 'en') return userLang;
  return cookieLang ?? 'en';
}
