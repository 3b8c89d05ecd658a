/** Which clinician usually discusses a value, in English and Hindi (data shared by the panels). */
export const SPECIALIST = {
  physician: { en: 'general physician', hi: 'सामान्य चिकित्सक (जनरल फ़िज़िशियन)' },
  endocrinologist: { en: 'endocrinologist', hi: 'एंडोक्राइनोलॉजिस्ट (हार्मोन रोग विशेषज्ञ)' },
  diabetologist: { en: 'diabetologist or endocrinologist', hi: 'मधुमेह विशेषज्ञ या एंडोक्राइनोलॉजिस्ट' },
  cardiologist: { en: 'cardiologist', hi: 'कार्डियोलॉजिस्ट (हृदय रोग विशेषज्ञ)' },
  nephrologist: { en: 'nephrologist', hi: 'नेफ्रोलॉजिस्ट (गुर्दा रोग विशेषज्ञ)' },
  hepatologist: {
    en: 'hepatologist or gastroenterologist',
    hi: 'हेपेटोलॉजिस्ट या गैस्ट्रोएंटेरोलॉजिस्ट (लिवर व पेट रोग विशेषज्ञ)',
  },
  gastroenterologist: { en: 'gastroenterologist', hi: 'गैस्ट्रोएंटेरोलॉजिस्ट (पेट रोग विशेषज्ञ)' },
  hematologist: { en: 'hematologist', hi: 'हेमेटोलॉजिस्ट (रक्त रोग विशेषज्ञ)' },
  urologist: { en: 'urologist', hi: 'यूरोलॉजिस्ट (मूत्र रोग विशेषज्ञ)' },
  gynecologist: { en: 'gynecologist', hi: 'स्त्री रोग विशेषज्ञ (गायनेकोलॉजिस्ट)' },
  rheumatologist: { en: 'rheumatologist', hi: 'रूमेटोलॉजिस्ट (जोड़ व गठिया रोग विशेषज्ञ)' },
} as const;
