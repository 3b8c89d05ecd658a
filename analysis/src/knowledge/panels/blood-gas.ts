import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * An arterial blood gas (ABG), printed by every hospital lab and ICU: the blood's acidity and the
 * pressure of carbon dioxide and oxygen in it. Adult arterial ranges (Tietz, 7th ed.). Bicarbonate
 * and lactate are in kft.ts and chemistry.ts. A bare 'pH' stays the urine's unless it is named
 * arterial or blood: a urine routine prints far more pH rows than a blood gas.
 */
export const bloodGasAnalytes: Analyte[] = [
  {
    id: 'blood_ph',
    loinc: '2744-1',
    panel: 'other',
    name: { en: 'Blood pH (arterial)', hi: 'रक्त का pH (धमनी)' },
    synonyms: [
      'arterial ph',
      'blood ph',
      'ph arterial',
      'ph (arterial)',
      'abg ph',
      'ph blood',
      'ph, arterial',
    ],
    kind: 'quantitative',
    unit: '',
    units: {},
    reference: { any: { low: 7.35, high: 7.45 } },
    critical: { low: 7.2, high: 7.6 },
    about: {
      en: 'The pH of arterial blood shows how acidic it is; the body keeps it in a very narrow band.',
      hi: 'धमनी के खून का pH बताता है कि वह कितना अम्लीय है; शरीर इसे बहुत सँकरी सीमा में रखता है।',
    },
    low: {
      en: 'A low blood pH (acidosis) can come from lung, kidney or sugar problems (such as diabetic ketoacidosis) or severe infection; it needs a doctor the same day.',
      hi: 'कम pH (एसिडोसिस) फेफड़े, गुर्दे या शुगर की समस्या (जैसे डायबिटिक कीटोएसिडोसिस) या गंभीर संक्रमण से हो सकता है; उसी दिन डॉक्टर को दिखाएँ।',
    },
    high: {
      en: 'A high blood pH (alkalosis) can follow fast breathing, vomiting or some medicines; a doctor looks for the cause.',
      hi: 'अधिक pH (एल्कलोसिस) तेज़ साँस, उल्टी या कुछ दवाओं के बाद हो सकता है; डॉक्टर कारण देखते हैं।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'pco2',
    loinc: '2019-8',
    panel: 'other',
    name: { en: 'pCO2 (carbon dioxide in blood)', hi: 'pCO2 (खून में कार्बन डाइऑक्साइड)' },
    synonyms: [
      'pco2',
      'p co2',
      'paco2',
      'pa co2',
      'pco2 arterial',
      'partial pressure of carbon dioxide',
      'pc02',
    ],
    kind: 'quantitative',
    unit: 'mmHg',
    units: { kPa: 7.50062 },
    reference: { any: { low: 35, high: 45 } },
    critical: { low: 20, high: 70 },
    plausible: { low: 5, high: 200 },
    about: {
      en: 'pCO2 is the pressure of carbon dioxide in arterial blood; it shows how well the lungs breathe it out.',
      hi: 'pCO2 धमनी के खून में कार्बन डाइऑक्साइड का दबाव है; यह बताता है कि फेफड़े इसे कितनी अच्छी तरह बाहर निकालते हैं।',
    },
    low: {
      en: 'A low pCO2 means fast or deep breathing (from anxiety, pain, lung or heart problems, or to make up for acid in the blood).',
      hi: 'कम pCO2 का अर्थ है तेज़ या गहरी साँस (घबराहट, दर्द, फेफड़े या दिल की समस्या से, या खून की अम्लता की भरपाई के लिए)।',
    },
    high: {
      en: 'A high pCO2 means the lungs are not clearing carbon dioxide (as in COPD, a severe asthma attack or drowsiness from medicines); it needs a doctor promptly.',
      hi: 'अधिक pCO2 का अर्थ है फेफड़े कार्बन डाइऑक्साइड बाहर नहीं निकाल पा रहे (जैसे COPD, गंभीर अस्थमा या दवाओं से सुस्ती); जल्दी डॉक्टर को दिखाएँ।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'po2',
    loinc: '2703-7',
    panel: 'other',
    name: { en: 'pO2 (oxygen in blood)', hi: 'pO2 (खून में ऑक्सीजन)' },
    synonyms: ['po2', 'p o2', 'pao2', 'pa o2', 'po2 arterial', 'partial pressure of oxygen', 'p02', 'pa02'],
    kind: 'quantitative',
    unit: 'mmHg',
    units: { kPa: 7.50062 },
    reference: { any: { low: 80, high: 100 } },
    critical: { low: 40 },
    plausible: { low: 10, high: 700 },
    about: {
      en: 'pO2 is the pressure of oxygen in arterial blood; it shows how well the lungs take oxygen in.',
      hi: 'pO2 धमनी के खून में ऑक्सीजन का दबाव है; यह बताता है कि फेफड़े ऑक्सीजन कितनी अच्छी तरह लेते हैं।',
    },
    low: {
      en: 'A low pO2 means too little oxygen in the blood (from pneumonia, asthma, COPD, heart failure and more); it needs a doctor promptly.',
      hi: 'कम pO2 का अर्थ है खून में बहुत कम ऑक्सीजन (निमोनिया, अस्थमा, COPD, हार्ट फेल्योर आदि से); जल्दी डॉक्टर को दिखाएँ।',
    },
    high: {
      en: 'A high pO2 is usually from oxygen being given; on its own it is seldom a concern.',
      hi: 'अधिक pO2 आमतौर पर दी जा रही ऑक्सीजन से होता है; अपने आप में यह शायद ही चिंता की बात है।',
    },
    specialist: SPECIALIST.physician,
  },
];
