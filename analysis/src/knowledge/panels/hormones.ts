import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * Hormones ordered after the basic panels: adrenal and sex hormones (DHEA-S, progesterone, free
 * testosterone, SHBG), pituitary hormones (ACTH, growth hormone, IGF-1) and thyroglobulin. As in
 * other.ts, a hormone whose normal level depends on the menstrual cycle, pregnancy, age or the
 * method has no default range here: the report's own range is used.
 */

export const hormoneAnalytes: Analyte[] = [
  {
    id: 'dhea_s',
    loinc: '2191-5',
    panel: 'other',
    name: { en: 'DHEA sulphate (DHEA-S)', hi: 'DHEA सल्फ़ेट (DHEA-S)' },
    synonyms: [
      'dhea-s',
      'dheas',
      'dhea s',
      'dhea-so4',
      'dhea so4',
      'dhea sulphate',
      'dhea sulfate',
      'dehydroepiandrosterone sulphate',
      'dehydroepiandrosterone sulfate',
      'dehydroepiandrosterone sulphate (dhea-s)',
    ],
    kind: 'quantitative',
    unit: 'µg/dL',
    units: { 'ng/mL': 0.1, 'µg/mL': 100, 'µmol/L': 36.85 },
    // Falls steadily with age from the twenties: the report's age band is used.
    reference: {},
    about: {
      en: 'DHEA-S is a hormone made mostly by the adrenal glands that the body turns into male and female sex hormones; its normal level falls with age.',
      hi: 'DHEA-S मुख्य रूप से एड्रिनल ग्रंथियों द्वारा बनाया गया हार्मोन है जिसे शरीर पुरुष और स्त्री हार्मोनों में बदलता है; इसका सामान्य स्तर उम्र के साथ घटता है।',
    },
    high: {
      en: 'A high level is often seen in women with PCOS and can cause acne or extra hair growth; rarely it comes from an adrenal condition.',
      hi: 'PCOS वाली महिलाओं में स्तर अक्सर अधिक होता है और इससे मुँहासे या अधिक बाल हो सकते हैं; कभी-कभी यह एड्रिनल की किसी स्थिति से होता है।',
    },
    low: {
      en: 'A low level is usual with ageing; it can also be seen with underactive adrenal glands or with steroid medicines.',
      hi: 'बढ़ती उम्र में कम स्तर सामान्य है; एड्रिनल ग्रंथियों के कम सक्रिय होने या स्टेरॉयड दवाओं के साथ भी यह कम हो सकता है।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
  {
    id: 'progesterone',
    loinc: '2839-9',
    panel: 'other',
    name: { en: 'Progesterone', hi: 'प्रोजेस्टेरोन' },
    synonyms: ['progesterone', 'serum progesterone', 'p4', 'progesterone (p4)', 'day 21 progesterone'],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1, 'nmol/L': 0.3145 },
    // Depends on the cycle day and on pregnancy.
    reference: {},
    about: {
      en: 'Progesterone is a female hormone that rises after ovulation and supports early pregnancy; its normal level depends on the day of the cycle.',
      hi: 'प्रोजेस्टेरोन एक स्त्री हार्मोन है जो अंडोत्सर्जन के बाद बढ़ता है और शुरुआती गर्भावस्था को सहारा देता है; इसका सामान्य स्तर मासिक चक्र के दिन पर निर्भर करता है।',
    },
    high: {
      en: 'A high level is expected after ovulation and in pregnancy.',
      hi: 'अंडोत्सर्जन के बाद और गर्भावस्था में अधिक स्तर अपेक्षित है।',
    },
    low: {
      en: 'A low level in the second half of the cycle can mean ovulation did not happen that month; a gynaecologist reads it with the cycle day.',
      hi: 'मासिक चक्र के दूसरे हिस्से में कम स्तर का अर्थ हो सकता है कि उस महीने अंडोत्सर्जन नहीं हुआ; स्त्री रोग विशेषज्ञ इसे चक्र के दिन के साथ समझते हैं।',
    },
    specialist: SPECIALIST.gynecologist,
  },
  {
    id: 'free_testosterone',
    loinc: '2991-8',
    panel: 'other',
    name: { en: 'Free testosterone', hi: 'फ्री टेस्टोस्टेरोन' },
    synonyms: [
      'free testosterone',
      'testosterone free',
      'testosterone, free',
      'free testosterone (calculated)',
      'calculated free testosterone',
      'free testosterone direct',
      'serum free testosterone',
    ],
    kind: 'quantitative',
    unit: 'pg/mL',
    units: { 'ng/dL': 10, 'pmol/L': 0.2884, 'ng/L': 1 },
    // Direct immunoassays and calculated values differ several-fold: the report's range is used.
    reference: {},
    about: {
      en: 'Free testosterone is the part of testosterone not bound to proteins, the part the body can use.',
      hi: 'फ्री टेस्टोस्टेरोन, टेस्टोस्टेरोन का वह भाग है जो प्रोटीन से बंधा नहीं होता, यानी वह भाग जिसे शरीर उपयोग कर सकता है।',
    },
    high: {
      en: 'In women, a high level can be seen with PCOS and may cause acne or extra hair growth.',
      hi: 'महिलाओं में अधिक स्तर PCOS में दिख सकता है और इससे मुँहासे या अधिक बाल हो सकते हैं।',
    },
    low: {
      en: 'In men, a low level can cause tiredness, low sex drive and loss of muscle; it is linked with excess weight, diabetes and ageing.',
      hi: 'पुरुषों में कम स्तर से थकान, यौन इच्छा में कमी और मांसपेशियों में कमी हो सकती है; यह अधिक वजन, मधुमेह और बढ़ती उम्र से जुड़ा है।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
  {
    id: 'shbg',
    loinc: '13967-5',
    panel: 'other',
    name: { en: 'Sex hormone binding globulin (SHBG)', hi: 'सेक्स हार्मोन बाइंडिंग ग्लोबुलिन (SHBG)' },
    synonyms: [
      'shbg',
      'sex hormone binding globulin',
      'sex hormone-binding globulin',
      'sex hormone binding globulin (shbg)',
      'serum shbg',
    ],
    kind: 'quantitative',
    unit: 'nmol/L',
    units: {},
    reference: { male: { low: 18, high: 54 }, female: { low: 32, high: 128 } },
    about: {
      en: 'SHBG is a protein made by the liver that carries testosterone and oestrogen in the blood; it decides how much of them is free to act.',
      hi: 'SHBG लिवर द्वारा बनाया गया प्रोटीन है जो खून में टेस्टोस्टेरोन और एस्ट्रोजन को ले जाता है; यह तय करता है कि उनका कितना भाग काम करने के लिए मुक्त है।',
    },
    high: {
      en: 'A high level can be seen with an overactive thyroid, liver conditions, some medicines such as birth-control pills, and with age.',
      hi: 'थायरॉइड के अधिक सक्रिय होने, लिवर की स्थितियों, गर्भनिरोधक गोलियों जैसी कुछ दवाओं और बढ़ती उम्र में स्तर अधिक हो सकता है।',
    },
    low: {
      en: 'A low level is common with excess weight, insulin resistance, diabetes and PCOS.',
      hi: 'अधिक वजन, इंसुलिन रेज़िस्टेंस, मधुमेह और PCOS में कम स्तर आम है।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
  {
    id: 'acth',
    loinc: '2141-0',
    panel: 'other',
    name: { en: 'ACTH (adrenocorticotropic hormone)', hi: 'ACTH (एड्रिनोकॉर्टिकोट्रॉपिक हार्मोन)' },
    synonyms: [
      'acth',
      'plasma acth',
      'adrenocorticotropic hormone',
      'adrenocorticotrophic hormone',
      'adreno corticotropic hormone',
      'corticotropin',
      'acth (morning)',
    ],
    kind: 'quantitative',
    unit: 'pg/mL',
    units: { 'ng/L': 1, 'pmol/L': 4.54 },
    // Morning (7-10 am) sample, as the test is usually done.
    reference: { any: { low: 7.2, high: 63.3 } },
    about: {
      en: 'ACTH is the pituitary hormone that tells the adrenal glands to make cortisol; it is usually measured in the morning together with cortisol.',
      hi: 'ACTH पिट्यूटरी का हार्मोन है जो एड्रिनल ग्रंथियों को कॉर्टिसोल बनाने का संकेत देता है; इसे आमतौर पर सुबह कॉर्टिसोल के साथ मापा जाता है।',
    },
    high: {
      en: 'A high level can be seen with stress, underactive adrenal glands or, rarely, a pituitary condition; an endocrinologist reads it with the cortisol value.',
      hi: 'तनाव, एड्रिनल ग्रंथियों के कम सक्रिय होने या कभी-कभी पिट्यूटरी की स्थिति में स्तर अधिक हो सकता है; एंडोक्राइनोलॉजिस्ट इसे कॉर्टिसोल के मान के साथ समझते हैं।',
    },
    low: {
      en: 'A low level can follow steroid medicines or be seen with pituitary or adrenal conditions; it is read with the cortisol value.',
      hi: 'स्टेरॉयड दवाओं के बाद या पिट्यूटरी या एड्रिनल की स्थितियों में स्तर कम हो सकता है; इसे कॉर्टिसोल के मान के साथ समझा जाता है।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
  {
    id: 'growth_hormone',
    loinc: '2963-7',
    panel: 'other',
    name: { en: 'Growth hormone (GH)', hi: 'ग्रोथ हार्मोन (GH)' },
    synonyms: [
      'growth hormone',
      'gh',
      'hgh',
      'human growth hormone',
      'growth hormone (gh)',
      'somatotropin',
      'serum growth hormone',
      'growth hormone basal',
      'growth hormone, basal',
    ],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1 },
    // Released in bursts: a single value has no fixed normal band (stimulation or suppression tests decide).
    reference: {},
    about: {
      en: 'Growth hormone from the pituitary drives growth in children and keeps muscles and bones healthy in adults; it is released in bursts, so one value is read with the time and the test done.',
      hi: 'पिट्यूटरी से निकलने वाला ग्रोथ हार्मोन बच्चों में विकास को बढ़ाता है और वयस्कों में मांसपेशियों व हड्डियों को स्वस्थ रखता है; यह रुक-रुक कर निकलता है, इसलिए एक मान को समय और की गई जाँच के साथ समझा जाता है।',
    },
    high: {
      en: 'A high value can be normal after exercise, sleep or fasting; a persistently high level is checked further by an endocrinologist.',
      hi: 'व्यायाम, नींद या उपवास के बाद अधिक मान सामान्य हो सकता है; लगातार अधिक स्तर की आगे जाँच एंडोक्राइनोलॉजिस्ट करते हैं।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
  {
    id: 'igf_1',
    loinc: '2484-4',
    panel: 'other',
    name: { en: 'IGF-1 (insulin-like growth factor 1)', hi: 'IGF-1 (इंसुलिन-लाइक ग्रोथ फैक्टर 1)' },
    synonyms: [
      'igf-1',
      'igf 1',
      'igf1',
      'igf-i',
      'insulin like growth factor 1',
      'insulin-like growth factor-1',
      'insulin like growth factor-i',
      'somatomedin c',
      'somatomedin-c',
      'igf-1 (somatomedin c)',
    ],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1, 'nmol/L': 7.65 },
    // Depends strongly on age and sex: the report's age band is used.
    reference: {},
    about: {
      en: 'IGF-1 is made by the liver in response to growth hormone; unlike growth hormone it stays steady through the day, so it reflects growth hormone activity.',
      hi: 'IGF-1 ग्रोथ हार्मोन के जवाब में लिवर बनाता है; ग्रोथ हार्मोन के विपरीत यह दिन भर स्थिर रहता है, इसलिए यह ग्रोथ हार्मोन की सक्रियता दर्शाता है।',
    },
    high: {
      en: 'A level above the band for age can point to too much growth hormone and is checked further by an endocrinologist.',
      hi: 'उम्र के अनुसार सीमा से अधिक स्तर ग्रोथ हार्मोन की अधिकता की ओर संकेत कर सकता है और इसकी आगे जाँच एंडोक्राइनोलॉजिस्ट करते हैं।',
    },
    low: {
      en: 'A low level can be seen with poor nutrition, liver disease, an underactive thyroid or too little growth hormone.',
      hi: 'कुपोषण, लिवर की बीमारी, थायरॉइड के कम सक्रिय होने या ग्रोथ हार्मोन की कमी में स्तर कम हो सकता है।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
  {
    id: 'thyroglobulin',
    loinc: '3013-0',
    panel: 'thyroid',
    name: { en: 'Thyroglobulin', hi: 'थायरोग्लोबुलिन' },
    // Not 'tg': labs use it for triglycerides (lipid.ts) and in 'anti TG' for the antibody.
    synonyms: ['thyroglobulin', 'serum thyroglobulin', 'thyroglobulin (tg)', 'thyroglobulin, serum'],
    kind: 'quantitative',
    unit: 'ng/mL',
    units: { 'µg/L': 1 },
    // With a thyroid in place versus after its removal the expected level differs: the report's range is used.
    reference: {},
    about: {
      en: 'Thyroglobulin is a protein made only by thyroid tissue; it is used mainly to follow people treated for thyroid cancer, where it should stay very low.',
      hi: 'थायरोग्लोबुलिन केवल थायरॉइड ऊतक द्वारा बनाया जाने वाला प्रोटीन है; इसका उपयोग मुख्य रूप से थायरॉइड कैंसर के इलाज के बाद निगरानी में होता है, जहाँ इसे बहुत कम रहना चाहिए।',
    },
    high: {
      en: 'A raised level can be seen with an enlarged or inflamed thyroid; after thyroid cancer treatment a rising value is reviewed by the treating doctor.',
      hi: 'थायरॉइड के बढ़ने या उसमें सूजन होने पर स्तर बढ़ सकता है; थायरॉइड कैंसर के इलाज के बाद बढ़ते मान की समीक्षा इलाज करने वाले डॉक्टर करते हैं।',
    },
    specialist: SPECIALIST.endocrinologist,
  },
];
