import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * Iron studies. Iron and TIBC: µmol/L x 5.585 = µg/dL. Ferritin: ng/mL = µg/L; pmol/L x 0.445.
 * A bare "Iron" row is serum iron.
 */

const IRON_UNITS: Record<string, number> = { 'mcg/dL': 1, 'µg%': 1, 'µmol/L': 5.585 };

export const ironAnalytes: Analyte[] = [
  {
    id: 'serum_iron',
    loinc: '2498-4',
    panel: 'iron',
    name: { en: 'Serum iron', hi: 'सीरम आयरन' },
    synonyms: [
      'serum iron',
      'iron',
      'iron, serum',
      'iron serum',
      's. iron',
      'iron (serum)',
      'total iron',
      'fe',
    ],
    kind: 'quantitative',
    unit: 'µg/dL',
    units: IRON_UNITS,
    reference: { male: { low: 65, high: 175 }, female: { low: 50, high: 170 } },
    about: {
      en: 'Serum iron is the amount of iron circulating in the blood, bound to its carrier protein transferrin.',
      hi: 'सीरम आयरन खून में घूम रहे आयरन की मात्रा है, जो अपने वाहक प्रोटीन ट्रांसफ़रिन से जुड़ा रहता है।',
    },
    high: {
      en: 'A high level can follow iron supplements or be seen with iron overload conditions; it is read together with ferritin and saturation.',
      hi: 'आयरन सप्लीमेंट के बाद या शरीर में आयरन अधिक जमा होने की स्थितियों में स्तर बढ़ सकता है; इसे फेरिटिन और सैचुरेशन के साथ देखा जाता है।',
    },
    low: {
      en: 'A low level is often seen with iron deficiency, and also during infection or inflammation.',
      hi: 'कम स्तर अक्सर आयरन की कमी में, और संक्रमण या सूजन के दौरान भी दिखता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'tibc',
    loinc: '2500-7',
    panel: 'iron',
    name: { en: 'Total iron binding capacity (TIBC)', hi: 'कुल आयरन बाइंडिंग क्षमता (TIBC)' },
    synonyms: [
      'tibc',
      'total iron binding capacity',
      'total iron binding capacity (tibc)',
      'iron binding capacity total',
      'iron binding capacity - total',
      'iron binding capacity, total',
      'serum tibc',
    ],
    kind: 'quantitative',
    unit: 'µg/dL',
    units: IRON_UNITS,
    reference: { any: { low: 250, high: 450 } },
    about: {
      en: 'TIBC measures how much iron the blood’s carrier protein (transferrin) can hold.',
      hi: 'TIBC मापता है कि खून का आयरन ले जाने वाला प्रोटीन (ट्रांसफ़रिन) कितना आयरन रख सकता है।',
    },
    high: {
      en: 'A high TIBC usually means the body is short of iron and is making more carrier protein to catch it.',
      hi: 'अधिक TIBC का अर्थ आमतौर पर यह है कि शरीर में आयरन की कमी है और वह आयरन पकड़ने के लिए अधिक वाहक प्रोटीन बना रहा है।',
    },
    low: {
      en: 'A low TIBC can be seen with long-lasting inflammation, liver disease, poor nutrition or iron overload.',
      hi: 'लंबी सूजन, लिवर रोग, कुपोषण या आयरन की अधिकता में TIBC कम हो सकता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'uibc',
    loinc: '2501-5',
    panel: 'iron',
    name: { en: 'Unsaturated iron binding capacity (UIBC)', hi: 'असंतृप्त आयरन बाइंडिंग क्षमता (UIBC)' },
    synonyms: [
      'uibc',
      'unsaturated iron binding capacity',
      'unsaturated iron binding capacity (uibc)',
      'iron binding capacity unsaturated',
    ],
    kind: 'quantitative',
    unit: 'µg/dL',
    units: IRON_UNITS,
    reference: { any: { low: 110, high: 370 } },
    about: {
      en: 'UIBC is the spare capacity of transferrin to carry more iron (TIBC minus serum iron).',
      hi: 'UIBC ट्रांसफ़रिन की अतिरिक्त आयरन ले जाने की खाली क्षमता है (TIBC में से सीरम आयरन घटाकर)।',
    },
    high: {
      en: 'A high value usually goes with iron deficiency.',
      hi: 'अधिक मान आमतौर पर आयरन की कमी के साथ होता है।',
    },
    low: {
      en: 'A low value can be seen with iron overload or inflammation.',
      hi: 'आयरन की अधिकता या सूजन में मान कम हो सकता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'transferrin_saturation',
    loinc: '2502-3',
    panel: 'iron',
    name: { en: 'Transferrin saturation', hi: 'ट्रांसफ़रिन सैचुरेशन' },
    synonyms: [
      'transferrin saturation',
      'transferrin saturation (tsat)',
      'tsat',
      '% saturation of transferrin',
      'saturation of transferrin',
      '% transferrin saturation',
      'iron saturation',
      '% saturation',
      'percent saturation',
      'transferrin saturation %',
    ],
    kind: 'quantitative',
    unit: '%',
    units: {},
    reference: { male: { low: 20, high: 50 }, female: { low: 15, high: 50 } },
    about: {
      en: 'Transferrin saturation is the share of the iron carrier protein that is actually carrying iron.',
      hi: 'ट्रांसफ़रिन सैचुरेशन बताता है कि आयरन ले जाने वाले प्रोटीन का कितना भाग वास्तव में आयरन ले जा रहा है।',
    },
    high: {
      en: 'A high saturation can be seen with iron supplements or iron overload conditions.',
      hi: 'आयरन सप्लीमेंट या शरीर में आयरन अधिक जमा होने की स्थितियों में सैचुरेशन बढ़ सकता है।',
    },
    low: {
      en: 'A low saturation usually points to iron deficiency.',
      hi: 'कम सैचुरेशन आमतौर पर आयरन की कमी की ओर संकेत करता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'transferrin',
    loinc: '3034-6',
    panel: 'iron',
    name: { en: 'Transferrin', hi: 'ट्रांसफ़रिन' },
    synonyms: ['transferrin', 'serum transferrin', 's. transferrin'],
    kind: 'quantitative',
    unit: 'mg/dL',
    units: { 'g/L': 100 },
    reference: { any: { low: 200, high: 360 } },
    about: {
      en: 'Transferrin is the protein that carries iron in the blood.',
      hi: 'ट्रांसफ़रिन वह प्रोटीन है जो खून में आयरन को ले जाता है।',
    },
    high: {
      en: 'A high level usually means the body is short of iron.',
      hi: 'अधिक स्तर का अर्थ आमतौर पर शरीर में आयरन की कमी है।',
    },
    low: {
      en: 'A low level can be seen with inflammation, liver disease or poor nutrition.',
      hi: 'सूजन, लिवर रोग या कुपोषण में स्तर कम हो सकता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'ferritin',
    loinc: '2276-4',
    panel: 'iron',
    name: { en: 'Ferritin', hi: 'फेरिटिन' },
    synonyms: [
      'ferritin',
      'serum ferritin',
      'ferritin, serum',
      'ferritin serum',
      's. ferritin',
      'ferritin (serum)',
    ],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1, 'pmol/L': 0.445 },
    reference: { male: { low: 30, high: 400 }, female: { low: 13, high: 150 } },
    about: {
      en: 'Ferritin is the protein that stores iron; its blood level reflects the body’s iron reserves.',
      hi: 'फेरिटिन वह प्रोटीन है जो आयरन को जमा रखता है; खून में इसका स्तर शरीर के आयरन भंडार को दर्शाता है।',
    },
    high: {
      en: 'A high level can be seen with inflammation, infection, liver disease or iron overload; it also rises as an acute-phase reaction.',
      hi: 'सूजन, संक्रमण, लिवर रोग या आयरन की अधिकता में स्तर बढ़ सकता है; शरीर में तीव्र प्रतिक्रिया के समय भी यह बढ़ता है।',
    },
    low: {
      en: 'A low ferritin is the clearest sign that the body’s iron stores are used up.',
      hi: 'कम फेरिटिन इस बात का सबसे स्पष्ट संकेत है कि शरीर का आयरन भंडार खत्म हो रहा है।',
    },
    specialist: SPECIALIST.physician,
  },
];
