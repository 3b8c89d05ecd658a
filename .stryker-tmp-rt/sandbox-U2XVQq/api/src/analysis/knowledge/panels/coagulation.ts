// @ts-nocheck
import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * Coagulation. Times are in seconds (PT, APTT) or minutes (bleeding / clotting time).
 * Labs print the patient's PT next to a "Control" PT: the control is a separate row (pt_control).
 * Critical limits: INR > 5.0 and APTT > 100 s are common laboratory call-back limits.
 */

const SECONDS: Record<string, number> = { sec: 1, secs: 1, seconds: 1, s: 1 };
const MINUTES: Record<string, number> = { min: 1, mins: 1, minutes: 1, sec: 1 / 60, seconds: 1 / 60 };

export const coagulationAnalytes: Analyte[] = [
  {
    id: 'prothrombin_time',
    loinc: '5902-2',
    panel: 'coagulation',
    name: { en: 'Prothrombin time (PT)', hi: 'प्रोथ्रोम्बिन टाइम (PT)' },
    synonyms: [
      'prothrombin time',
      'pt',
      'prothrombin time (pt)',
      'pt (patient)',
      'pt patient',
      'pt test',
      'prothrombin time patient',
      'prothrombin time (patient)',
      'patient pt',
      'pt - patient',
    ],
    kind: 'quantitative',
    unit: 'seconds',
    units: SECONDS,
    reference: { any: { low: 11, high: 13.5 } },
    about: {
      en: 'Prothrombin time measures how long blood takes to clot through one of the clotting pathways.',
      hi: 'प्रोथ्रोम्बिन टाइम मापता है कि थक्का बनने के एक मार्ग से खून को जमने में कितना समय लगता है।',
    },
    high: {
      en: 'A longer time means blood clots more slowly, as with blood-thinning medicines, liver disease or low vitamin K.',
      hi: 'अधिक समय का अर्थ है खून धीरे जमता है, जैसे खून पतला करने वाली दवाओं, लिवर रोग या विटामिन K की कमी में।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'pt_control',
    loinc: null,
    panel: 'coagulation',
    name: { en: 'Prothrombin time (control)', hi: 'प्रोथ्रोम्बिन टाइम (कंट्रोल)' },
    synonyms: [
      'pt control',
      'control',
      'control pt',
      'pt (control)',
      'control time',
      'prothrombin time control',
      'mean normal pt',
    ],
    kind: 'quantitative',
    unit: 'seconds',
    units: SECONDS,
    reference: { any: { low: 11, high: 13.5 } },
    about: {
      en: 'The control value is the lab’s normal reference clotting time, printed for comparison; it is not your own result.',
      hi: 'कंट्रोल मान लैब का सामान्य संदर्भ समय है जो तुलना के लिए छापा जाता है; यह आपका अपना परिणाम नहीं है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'inr',
    loinc: '6301-6',
    panel: 'coagulation',
    name: { en: 'INR (international normalised ratio)', hi: 'INR (इंटरनेशनल नॉर्मलाइज़्ड रेशियो)' },
    synonyms: [
      'inr',
      'international normalized ratio',
      'international normalised ratio',
      'pt inr',
      'pt/inr',
      'inr value',
      'inr (international normalized ratio)',
    ],
    kind: 'quantitative',
    unit: '',
    units: {},
    reference: { any: { low: 0.8, high: 1.2 } },
    critical: { high: 5.0 },
    about: {
      en: 'INR is the prothrombin time expressed on a standard scale; it is used to monitor blood-thinning medicines such as warfarin.',
      hi: 'INR प्रोथ्रोम्बिन टाइम को एक मानक पैमाने पर बताता है; इसका उपयोग वारफेरिन जैसी खून पतला करने वाली दवाओं की निगरानी में होता है।',
    },
    high: {
      en: 'A high INR means blood clots more slowly and bleeding risk is higher; people on blood thinners have a personal target range set by their doctor.',
      hi: 'अधिक INR का अर्थ है खून धीरे जमता है और रक्तस्राव का खतरा अधिक है; खून पतला करने वाली दवा लेने वालों के लिए डॉक्टर एक अलग लक्ष्य सीमा तय करते हैं।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'aptt',
    loinc: '14979-9',
    panel: 'coagulation',
    name: {
      en: 'Activated partial thromboplastin time (APTT)',
      hi: 'एक्टिवेटेड पार्शियल थ्रोम्बोप्लास्टिन टाइम (APTT)',
    },
    synonyms: [
      'aptt',
      'ptt',
      'a.p.t.t.',
      'activated partial thromboplastin time',
      'activated partial thromboplastin time (aptt)',
      'partial thromboplastin time',
      'aptt (patient)',
      'aptt patient',
      'patient aptt',
      'ptt-k',
      'kaolin cephalin clotting time',
    ],
    kind: 'quantitative',
    unit: 'seconds',
    units: SECONDS,
    reference: { any: { low: 25, high: 35 } },
    critical: { high: 100 },
    about: {
      en: 'APTT measures how long blood takes to clot through another of the clotting pathways; it is used to check clotting factors and heparin treatment.',
      hi: 'APTT मापता है कि थक्का बनने के दूसरे मार्ग से खून को जमने में कितना समय लगता है; इससे थक्का बनाने वाले कारकों और हेपरिन उपचार की जाँच होती है।',
    },
    high: {
      en: 'A longer time can be seen with heparin, liver disease or a shortage of clotting factors.',
      hi: 'हेपरिन, लिवर रोग या थक्का बनाने वाले कारकों की कमी में समय बढ़ सकता है।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'aptt_control',
    loinc: null,
    panel: 'coagulation',
    name: { en: 'APTT (control)', hi: 'APTT (कंट्रोल)' },
    synonyms: ['aptt control', 'aptt (control)', 'control aptt', 'ptt control'],
    kind: 'quantitative',
    unit: 'seconds',
    units: SECONDS,
    reference: { any: { low: 25, high: 35 } },
    about: {
      en: 'The control APTT is the lab’s normal reference value, printed for comparison; it is not your own result.',
      hi: 'कंट्रोल APTT लैब का सामान्य संदर्भ मान है जो तुलना के लिए छापा जाता है; यह आपका अपना परिणाम नहीं है।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'fibrinogen',
    loinc: '3255-7',
    panel: 'coagulation',
    name: { en: 'Fibrinogen', hi: 'फाइब्रिनोजन' },
    synonyms: ['fibrinogen', 'plasma fibrinogen', 'fibrinogen level', 'fibrinogen (clauss)'],
    kind: 'quantitative',
    unit: 'mg/dL',
    units: { 'g/L': 100 },
    reference: { any: { low: 200, high: 400 } },
    critical: { low: 100 },
    about: {
      en: 'Fibrinogen is a clotting protein made by the liver that forms the mesh of a blood clot.',
      hi: 'फाइब्रिनोजन लिवर द्वारा बनाया गया थक्का बनाने वाला प्रोटीन है जो खून के थक्के का जाल बनाता है।',
    },
    high: {
      en: 'A high level is often part of the body’s response to inflammation, infection or pregnancy.',
      hi: 'अधिक स्तर अक्सर सूजन, संक्रमण या गर्भावस्था में शरीर की प्रतिक्रिया का हिस्सा होता है।',
    },
    low: {
      en: 'A low level can raise the risk of bleeding and is seen with severe liver disease or when clotting proteins are used up.',
      hi: 'कम स्तर से रक्तस्राव का खतरा बढ़ सकता है; यह गंभीर लिवर रोग में या थक्का बनाने वाले प्रोटीन खत्म होने पर दिखता है।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'bleeding_time',
    loinc: null,
    panel: 'coagulation',
    name: { en: 'Bleeding time (BT)', hi: 'ब्लीडिंग टाइम (BT)' },
    synonyms: ['bleeding time', 'bt', 'bleeding time (bt)', 'bleeding time (ivy)', 'bleeding time (duke)'],
    kind: 'quantitative',
    unit: 'min',
    units: MINUTES,
    reference: { any: { low: 1, high: 6 } },
    about: {
      en: 'Bleeding time measures how long a small skin prick takes to stop bleeding; it reflects platelet function.',
      hi: 'ब्लीडिंग टाइम मापता है कि त्वचा में छोटी सी चुभन से खून बहना कितनी देर में रुकता है; यह प्लेटलेट की कार्यक्षमता दर्शाता है।',
    },
    high: {
      en: 'A longer time can be seen with a low platelet count, some medicines such as aspirin, or platelet disorders.',
      hi: 'कम प्लेटलेट, एस्पिरिन जैसी कुछ दवाओं या प्लेटलेट विकारों में समय बढ़ सकता है।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'clotting_time',
    loinc: null,
    panel: 'coagulation',
    name: { en: 'Clotting time (CT)', hi: 'क्लॉटिंग टाइम (CT)' },
    synonyms: [
      'clotting time',
      'ct',
      'clotting time (ct)',
      'whole blood clotting time',
      'coagulation time',
      'clotting time (capillary)',
    ],
    kind: 'quantitative',
    unit: 'min',
    units: MINUTES,
    reference: { any: { low: 4, high: 9 } },
    about: {
      en: 'Clotting time measures how long a blood sample takes to clot.',
      hi: 'क्लॉटिंग टाइम मापता है कि खून के नमूने को जमने में कितना समय लगता है।',
    },
    high: {
      en: 'A longer time can be seen with blood-thinning medicines or a shortage of clotting factors.',
      hi: 'खून पतला करने वाली दवाओं या थक्का बनाने वाले कारकों की कमी में समय बढ़ सकता है।',
    },
    specialist: SPECIALIST.hematologist,
  },
];
