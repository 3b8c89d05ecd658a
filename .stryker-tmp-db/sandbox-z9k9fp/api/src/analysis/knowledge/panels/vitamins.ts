// @ts-nocheck
import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * Vitamins. 25-OH vitamin D: nmol/L / 2.496 = ng/mL. Vitamin B12: pmol/L x 1.355 = pg/mL.
 * Folate: nmol/L x 0.4413 = ng/mL. Note: 1,25-dihydroxy vitamin D is a different test and is not
 * mapped to vitamin_d.
 */

export const vitaminAnalytes: Analyte[] = [
  {
    id: 'vitamin_d',
    loinc: '62292-8',
    panel: 'vitamins',
    name: { en: 'Vitamin D (25-hydroxy)', hi: 'विटामिन D (25-हाइड्रॉक्सी)' },
    synonyms: [
      'vitamin d',
      'vitamin d total',
      'vitamin d, total',
      'vitamin d total (25-oh)',
      'vitamin d (25-oh)',
      'vitamin d (25 oh)',
      'vitamin d 25 hydroxy',
      'vitamin d3',
      '25-oh vitamin d',
      '25 oh vitamin d',
      '25(oh) vitamin d',
      '25(oh)d',
      '25-hydroxy vitamin d',
      '25 hydroxy vitamin d',
      '25-hydroxyvitamin d',
      '25 hydroxy vitamin d total',
      '25-hydroxy vitamin d3',
      '25 oh vit d',
      'vit d',
      'vit. d',
      'vit d3',
      'vitamin d 25-hydroxy',
      'vitamin d - 25 hydroxy',
      'total vitamin d',
      'cholecalciferol',
      '25 hydroxy cholecalciferol',
      '25-hydroxycholecalciferol',
      'vitamin d (25-hydroxy)',
    ],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1, 'nmol/L': 1 / 2.496 },
    reference: { any: { low: 30, high: 100 } },
    about: {
      en: 'Vitamin D helps the body absorb calcium and keeps bones and muscles strong; the skin makes it in sunlight.',
      hi: 'विटामिन D शरीर को कैल्शियम सोखने में मदद करता है और हड्डियों व मांसपेशियों को मजबूत रखता है; धूप में त्वचा इसे बनाती है।',
    },
    high: {
      en: 'A very high level is almost always due to taking too many supplements and can raise calcium.',
      hi: 'बहुत अधिक स्तर लगभग हमेशा ज़रूरत से ज़्यादा सप्लीमेंट लेने से होता है और इससे कैल्शियम बढ़ सकता है।',
    },
    low: {
      en: 'Low vitamin D is very common in India; it can cause bone pain, weakness and weaker bones. Below 20 ng/mL is usually called deficiency.',
      hi: 'भारत में विटामिन D की कमी बहुत आम है; इससे हड्डियों में दर्द, कमजोरी और हड्डियाँ कमजोर हो सकती हैं। 20 ng/mL से कम को आमतौर पर कमी माना जाता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'vitamin_b12',
    loinc: '2132-9',
    panel: 'vitamins',
    name: { en: 'Vitamin B12', hi: 'विटामिन B12' },
    synonyms: [
      'vitamin b12',
      'vitamin b 12',
      'vitamin b-12',
      'vit b12',
      'vit. b12',
      'b12',
      'cyanocobalamin',
      'cyanocobalamin (b12)',
      'vitamin b12 (cyanocobalamin)',
      'cobalamin',
      'serum vitamin b12',
      'serum b12',
      'vitamin b12 level',
    ],
    kind: 'quantitative',
    unit: 'pg/mL',
    units: { 'ng/L': 1, 'pmol/L': 1.355 },
    reference: { any: { low: 211, high: 911 } },
    about: {
      en: 'Vitamin B12 is needed to make red blood cells and keep nerves healthy; it comes mainly from milk, eggs, fish and meat.',
      hi: 'विटामिन B12 लाल रक्त कोशिकाएँ बनाने और नसों को स्वस्थ रखने के लिए ज़रूरी है; यह मुख्यतः दूध, अंडे, मछली और मांस से मिलता है।',
    },
    high: {
      en: 'A high level is usually from supplements or injections and is rarely a concern on its own.',
      hi: 'अधिक स्तर आमतौर पर सप्लीमेंट या इंजेक्शन से होता है और अकेले शायद ही चिंता की बात होती है।',
    },
    low: {
      en: 'A low level is common in vegetarians and with some medicines (such as metformin); it can cause tiredness, anaemia, and tingling or numbness.',
      hi: 'शाकाहारियों में और कुछ दवाओं (जैसे मेटफॉर्मिन) के साथ कम स्तर आम है; इससे थकान, एनीमिया और हाथ-पैरों में झुनझुनी या सुन्नपन हो सकता है।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'folate',
    loinc: '2284-8',
    panel: 'vitamins',
    name: { en: 'Folate (vitamin B9)', hi: 'फोलेट (विटामिन B9)' },
    synonyms: [
      'folate',
      'folic acid',
      'serum folate',
      'serum folic acid',
      'vitamin b9',
      'vitamin b 9',
      'vit b9',
      'folate, serum',
      'folate serum',
    ],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1, 'nmol/L': 0.4413 },
    reference: { any: { low: 4.6, high: 18.7 } },
    about: {
      en: 'Folate (vitamin B9) is needed to make healthy red blood cells and is especially important before and during pregnancy.',
      hi: 'फोलेट (विटामिन B9) स्वस्थ लाल रक्त कोशिकाएँ बनाने के लिए ज़रूरी है और गर्भावस्था से पहले व दौरान विशेष रूप से महत्वपूर्ण है।',
    },
    high: {
      en: 'A high level is usually from supplements or fortified foods and is rarely a concern.',
      hi: 'अधिक स्तर आमतौर पर सप्लीमेंट या पोषक तत्व मिले भोजन से होता है और शायद ही चिंता की बात होती है।',
    },
    low: {
      en: 'A low level can come from a diet low in green vegetables and pulses, alcohol or some medicines, and can cause anaemia.',
      hi: 'हरी सब्ज़ियों और दालों की कमी वाले भोजन, शराब या कुछ दवाओं से स्तर कम हो सकता है, जिससे एनीमिया हो सकता है।',
    },
    specialist: SPECIALIST.physician,
  },
];
