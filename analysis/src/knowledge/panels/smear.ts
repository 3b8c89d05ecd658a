import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * Beside the CBC: the peripheral blood smear (what the pathologist saw under the microscope,
 * written in words: 'Normocytic normochromic', 'Adequate', 'No haemoparasites seen'), the Mentzer
 * index some labs print under the red cell indices, and the tests ordered after a small-cell
 * anaemia or before some medicines: haemoglobin A2 and F (electrophoresis / HPLC) and G6PD.
 * Smear findings are qualitative; their normal answers are listed per test (each list replaces
 * the general ones of findings.ts for that test). RBC and WBC morphology are at the end, not yet
 * joined into ANALYTES (see morphologyFindings).
 */

/** Words a pathologist writes for a normal smear finding (lower case, as findings.ts compares). */
const SMEAR_NORMAL = [
  'normal',
  'within normal limits',
  'wnl',
  'nad',
  'no abnormality detected',
  'normal morphology',
  'normal in morphology',
  'normal in number and morphology',
  'normal in number & morphology',
  'normal in morphology and distribution',
  'no abnormal cells seen',
  'no atypical cells seen',
  'no immature cells seen',
  'no abnormal cells',
];

export const smearAnalytes: Analyte[] = [
  {
    id: 'mentzer_index',
    loinc: null,
    panel: 'cbc',
    name: { en: 'Mentzer index', hi: 'मेंट्ज़र इंडेक्स' },
    synonyms: ['mentzer index', 'mentzer', 'mentzer ratio', 'mentzer index (mcv/rbc)', 'mcv/rbc ratio'],
    kind: 'quantitative',
    unit: '',
    units: {},
    // Only the low side means something: under 13 is the thalassaemia-trait pattern.
    reference: { any: { low: 13, high: null } },
    about: {
      en: 'The Mentzer index is the MCV divided by the red cell count; when red cells are small, it hints whether the cause is more likely iron deficiency (above 13) or a thalassaemia trait (below 13).',
      hi: 'मेंट्ज़र इंडेक्स MCV को लाल रक्त कोशिकाओं की गिनती से भाग देकर निकलता है; जब लाल कोशिकाएँ छोटी हों, तो यह संकेत देता है कि कारण आयरन की कमी (13 से ऊपर) या थैलेसीमिया ट्रेट (13 से नीचे) होने की अधिक संभावना है।',
    },
    low: {
      en: 'A value below 13 with small red cells fits a thalassaemia trait; it is only a hint, and a haemoglobin electrophoresis (HPLC) test confirms or rules it out.',
      hi: 'छोटी लाल कोशिकाओं के साथ 13 से कम मान थैलेसीमिया ट्रेट से मेल खाता है; यह केवल एक संकेत है, और हीमोग्लोबिन इलेक्ट्रोफोरेसिस (HPLC) जाँच से इसकी पुष्टि या खंडन होता है।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'platelet_smear',
    loinc: null,
    panel: 'cbc',
    name: { en: 'Platelets on smear', hi: 'स्मीयर में प्लेटलेट्स' },
    synonyms: [
      'platelets on smear',
      'platelet on smear',
      'platelets on peripheral smear',
      'platelets in smear',
      'platelet adequacy',
      'platelets adequacy',
      'platelet estimate',
      'platelet estimation on smear',
      'platelets (peripheral smear)',
      'peripheral smear platelets',
      'platelet morphology',
    ],
    kind: 'qualitative',
    unit: '',
    units: {},
    reference: {
      normal_text: [
        ...SMEAR_NORMAL,
        'adequate',
        'adequate in number',
        'adequate in number and morphology',
        'adequate and normal in morphology',
        'adequate with normal morphology',
        'adequate & normal',
        'adequate and normal',
        'normal in number',
      ],
    },
    about: {
      en: 'The pathologist checks on the smear whether there are enough platelets (the cells that help blood clot) and whether they look normal; it backs up the machine count.',
      hi: 'पैथोलॉजिस्ट स्मीयर में देखते हैं कि प्लेटलेट्स (खून का थक्का बनाने में मदद करने वाली कोशिकाएँ) पर्याप्त हैं और सामान्य दिखती हैं या नहीं; इससे मशीन की गिनती की पुष्टि होती है।',
    },
    high: {
      en: '"Reduced" or "inadequate" means fewer platelets than usual, seen for example with dengue and other infections; "increased" or clumps are also read together with the platelet count by a doctor.',
      hi: '"रिड्यूस्ड" या "इनएडिक्वेट" का अर्थ है सामान्य से कम प्लेटलेट्स, जो उदाहरण के लिए डेंगू और अन्य संक्रमणों में दिखता है; "इनक्रीज़्ड" या गुच्छे (क्लम्प्स) को भी डॉक्टर प्लेटलेट काउंट के साथ समझते हैं।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'malaria_parasite_smear',
    loinc: '32700-7',
    panel: 'cbc',
    name: { en: 'Malaria parasite (smear)', hi: 'मलेरिया परजीवी (स्मीयर)' },
    synonyms: [
      'malaria parasite',
      'malarial parasite',
      'malaria parasites',
      'malarial parasites',
      'mp',
      'smear for mp',
      'mp smear',
      'peripheral smear for mp',
      'smear for malaria parasite',
      'smear for malarial parasite',
      'peripheral smear for malarial parasite',
      'malaria parasite (smear)',
      'malarial parasite (thick and thin smear)',
      'mp (thick and thin smear)',
      'haemoparasites',
      'hemoparasite',
      'blood parasites',
      'parasites on smear',
    ],
    kind: 'qualitative',
    unit: '',
    units: {},
    reference: {
      normal_text: [
        'not seen',
        'not found',
        'absent',
        'negative',
        'nil',
        'not detected',
        'none seen',
        'no parasite seen',
        'no parasites seen',
        'no malarial parasite seen',
        'no malaria parasite seen',
        'no malarial parasites seen',
        'no malaria parasites seen',
        'malarial parasite not seen',
        'malaria parasite not seen',
        'mp not seen',
        'no mp seen',
        'no hemoparasites seen',
        'no haemoparasites seen',
        'no hemoparasite seen',
        'no haemoparasite seen',
      ],
    },
    about: {
      en: 'A stained drop of blood is looked at under the microscope for malaria parasites; the smear can also tell the type (vivax or falciparum).',
      hi: 'रंगी हुई खून की बूँद को माइक्रोस्कोप में मलेरिया परजीवी के लिए देखा जाता है; स्मीयर से उसका प्रकार (वाइवैक्स या फाल्सीपेरम) भी पता चल सकता है।',
    },
    high: {
      en: 'Parasites seen on the smear mean malaria, which needs prompt treatment by a doctor; falciparum malaria in particular should be seen the same day.',
      hi: 'स्मीयर में परजीवी दिखने का अर्थ मलेरिया है, जिसका जल्दी डॉक्टर से इलाज ज़रूरी है; खासकर फाल्सीपेरम मलेरिया में उसी दिन डॉक्टर को दिखाएँ।',
    },
    specialist: SPECIALIST.physician,
  },
  {
    id: 'hba2',
    loinc: '4551-8',
    panel: 'cbc',
    name: { en: 'Haemoglobin A2 (HbA2)', hi: 'हीमोग्लोबिन A2 (HbA2)' },
    synonyms: ['hba2', 'hb a2', 'hb-a2', 'hemoglobin a2', 'haemoglobin a2', 'hemoglobin a2 (hba2)'],
    kind: 'quantitative',
    unit: '%',
    units: {},
    // HPLC (the usual method in India): 3.5-3.9 % is borderline, 4 % and above the beta-thalassaemia trait.
    reference: { any: { low: 1.5, high: 3.5 } },
    about: {
      en: 'HbA2 is a minor type of adult haemoglobin; its share, measured by haemoglobin HPLC or electrophoresis, is the main test for beta-thalassaemia trait.',
      hi: 'HbA2 वयस्क हीमोग्लोबिन का एक छोटा प्रकार है; हीमोग्लोबिन HPLC या इलेक्ट्रोफोरेसिस से मापा गया इसका हिस्सा बीटा-थैलेसीमिया ट्रेट की मुख्य जाँच है।',
    },
    high: {
      en: 'A raised HbA2 (usually 4 % or more) fits a beta-thalassaemia trait (carrier); it is important to know before marriage and pregnancy, and a haematologist can explain it.',
      hi: 'बढ़ा हुआ HbA2 (आमतौर पर 4 % या अधिक) बीटा-थैलेसीमिया ट्रेट (वाहक) से मेल खाता है; शादी और गर्भावस्था से पहले यह जानना ज़रूरी है, और हेमेटोलॉजिस्ट इसे समझा सकते हैं।',
    },
    low: {
      en: 'A low HbA2 can be seen with iron deficiency and some less common haemoglobin conditions.',
      hi: 'आयरन की कमी और कुछ कम पाई जाने वाली हीमोग्लोबिन स्थितियों में HbA2 कम हो सकता है।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'hbf',
    loinc: '4576-5',
    panel: 'cbc',
    name: { en: 'Foetal haemoglobin (HbF)', hi: 'फीटल हीमोग्लोबिन (HbF)' },
    synonyms: [
      'hbf',
      'hb f',
      'hb-f',
      'hemoglobin f',
      'haemoglobin f',
      'fetal hemoglobin',
      'foetal haemoglobin',
      'fetal haemoglobin',
      'hemoglobin f (hbf)',
    ],
    kind: 'quantitative',
    unit: '%',
    units: {},
    reference: { any: { low: null, high: 1 } },
    about: {
      en: 'HbF is the haemoglobin of the unborn baby; after infancy only a trace remains, and its share is measured with HbA2 by haemoglobin HPLC.',
      hi: 'HbF गर्भ में पल रहे शिशु का हीमोग्लोबिन है; शैशव के बाद इसकी बहुत थोड़ी मात्रा बचती है, और इसका हिस्सा HbA2 के साथ हीमोग्लोबिन HPLC से मापा जाता है।',
    },
    high: {
      en: 'A raised HbF can be seen in pregnancy, with thalassaemia or sickle cell conditions and some inherited variants that cause no illness; a haematologist interprets it with the rest of the HPLC.',
      hi: 'गर्भावस्था में, थैलेसीमिया या सिकल सेल की स्थितियों में और कुछ वंशानुगत प्रकारों में, जिनसे कोई बीमारी नहीं होती, HbF बढ़ सकता है; हेमेटोलॉजिस्ट इसे बाकी HPLC के साथ समझते हैं।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'g6pd',
    loinc: null,
    panel: 'cbc',
    name: { en: 'G6PD (glucose-6-phosphate dehydrogenase)', hi: 'G6PD (ग्लूकोज़-6-फॉस्फेट डिहाइड्रोजिनेज़)' },
    synonyms: [
      'g6pd',
      'g-6-pd',
      'g 6 pd',
      'g6pd activity',
      'g6pd screening',
      'g6pd quantitative',
      'g6pd qualitative',
      'g6pd deficiency screening',
      'g6pd (quantitative)',
      'glucose 6 phosphate dehydrogenase',
      'glucose-6-phosphate dehydrogenase',
      'red cell g6pd',
    ],
    // Printed either as a screening word (Normal / Deficient) or as activity in U/g Hb; the
    // activity's range depends on the method, so the report's own range is used.
    kind: 'qualitative',
    unit: 'U/g Hb',
    units: { 'IU/g Hb': 1, 'U/gHb': 1, 'U/g Hgb': 1 },
    reference: {
      normal_text: [
        'normal',
        'normal activity',
        'normal enzyme activity',
        'not deficient',
        'no deficiency',
        'no deficiency detected',
        'enzyme activity present',
        'decolourised',
        'decolorised',
        'decolorized',
        'within normal limits',
      ],
    },
    about: {
      en: 'G6PD is an enzyme that protects red blood cells; the test shows whether a person has an inherited shortage of it, which is fairly common in India.',
      hi: 'G6PD एक एंजाइम है जो लाल रक्त कोशिकाओं की रक्षा करता है; यह जाँच बताती है कि व्यक्ति में इसकी वंशानुगत कमी है या नहीं, जो भारत में काफ़ी आम है।',
    },
    low: {
      en: 'A deficient (low) result means red cells can break down after some medicines (including some malaria medicines), fava beans or infections; tell every doctor about it before taking new medicines.',
      hi: 'डेफ़िशिएंट (कम) परिणाम का अर्थ है कि कुछ दवाओं (कुछ मलेरिया की दवाओं सहित), बाकला (फावा बीन्स) या संक्रमण के बाद लाल कोशिकाएँ टूट सकती हैं; कोई नई दवा लेने से पहले हर डॉक्टर को इसके बारे में बताएँ।',
    },
    high: {
      en: 'A result other than normal (deficient or partial activity) means red cells can break down after some medicines, fava beans or infections; tell every doctor about it before taking new medicines.',
      hi: 'सामान्य के अलावा परिणाम (डेफ़िशिएंट या आंशिक सक्रियता) का अर्थ है कि कुछ दवाओं, बाकला (फावा बीन्स) या संक्रमण के बाद लाल कोशिकाएँ टूट सकती हैं; कोई नई दवा लेने से पहले हर डॉक्टर को इसके बारे में बताएँ।',
    },
    specialist: SPECIALIST.hematologist,
  },
];

/**
 * RBC and WBC morphology: known, but not joined into ANALYTES yet (decision 244). Their answers are
 * descriptions ('Normocytic, Normochromic', 'Normal in number and morphology') and the reader
 * reads a known test's word result only up to three words without a comma (parse/values.ts
 * readValueCell), while an unknown test's row under a table header keeps its phrase as printed:
 * joined now, such rows would be lost (real-world sample rw_03). Join them in knowledge/index.ts
 * once the reader reads phrase results for known qualitative tests.
 */
export const morphologyFindings: Analyte[] = [
  {
    id: 'rbc_morphology',
    loinc: '6742-1',
    panel: 'cbc',
    name: { en: 'RBC morphology (smear)', hi: 'लाल रक्त कोशिकाओं की बनावट (स्मीयर)' },
    synonyms: [
      'rbc morphology',
      'rbcs morphology',
      'rbc morphology on smear',
      'red cell morphology',
      'red blood cell morphology',
      'erythrocyte morphology',
      'rbc on smear',
      'rbcs on smear',
      'rbc (peripheral smear)',
      'peripheral smear rbc',
      'red cells on smear',
    ],
    kind: 'qualitative',
    unit: '',
    units: {},
    reference: {
      normal_text: [
        ...SMEAR_NORMAL,
        'normocytic normochromic',
        'normocytic, normochromic',
        'normocytic normochromic rbcs',
        'normocytic normochromic rbc',
        'normocytic normochromic red cells',
        'predominantly normocytic normochromic',
        'normocytic',
        'normochromic',
      ],
    },
    about: {
      en: 'This is the size, colour and shape of the red blood cells as seen under the microscope; "normocytic normochromic" means normal size and colour.',
      hi: 'यह माइक्रोस्कोप में दिखी लाल रक्त कोशिकाओं का आकार, रंग और बनावट है; "नॉर्मोसाइटिक नॉर्मोक्रोमिक" का अर्थ है सामान्य आकार और रंग।',
    },
    high: {
      en: 'Words such as microcytic (small), hypochromic (pale), macrocytic (large) or anisocytosis (uneven sizes) describe changes often seen with iron, vitamin B12 or folate deficiency or a thalassaemia trait; a doctor reads them with the blood counts.',
      hi: 'माइक्रोसाइटिक (छोटी), हाइपोक्रोमिक (फीकी), मैक्रोसाइटिक (बड़ी) या एनिसोसाइटोसिस (असमान आकार) जैसे शब्द ऐसे बदलाव बताते हैं जो अक्सर आयरन, विटामिन B12 या फोलेट की कमी या थैलेसीमिया ट्रेट में दिखते हैं; डॉक्टर इन्हें ब्लड काउंट के साथ समझते हैं।',
    },
    specialist: SPECIALIST.hematologist,
  },
  {
    id: 'wbc_morphology',
    loinc: null,
    panel: 'cbc',
    name: { en: 'WBC morphology (smear)', hi: 'श्वेत रक्त कोशिकाओं की बनावट (स्मीयर)' },
    synonyms: [
      'wbc morphology',
      'wbcs morphology',
      'wbc morphology on smear',
      'white cell morphology',
      'white blood cell morphology',
      'leucocyte morphology',
      'leukocyte morphology',
      'wbc on smear',
      'wbcs on smear',
      'wbc (peripheral smear)',
      'peripheral smear wbc',
      'white cells on smear',
    ],
    kind: 'qualitative',
    unit: '',
    units: {},
    reference: {
      normal_text: [
        ...SMEAR_NORMAL,
        'normal in number',
        'within normal limits in number and morphology',
        'no abnormal or immature cells seen',
        'normal distribution',
      ],
    },
    about: {
      en: 'This is how the white blood cells look under the microscope: their number, types and shape, and whether any immature or unusual cells are seen.',
      hi: 'यह बताता है कि माइक्रोस्कोप में श्वेत रक्त कोशिकाएँ कैसी दिखती हैं: उनकी संख्या, प्रकार और बनावट, और क्या कोई अपरिपक्व या असामान्य कोशिकाएँ दिखीं।',
    },
    high: {
      en: 'A finding other than normal (for example more of one cell type, toxic granules or immature cells) is often seen with infection or inflammation, and sometimes needs a blood specialist’s review.',
      hi: 'सामान्य के अलावा कोई निष्कर्ष (जैसे किसी एक प्रकार की कोशिकाएँ अधिक, टॉक्सिक ग्रैन्यूल या अपरिपक्व कोशिकाएँ) अक्सर संक्रमण या सूजन में दिखता है, और कभी-कभी रक्त रोग विशेषज्ञ से जाँच की ज़रूरत होती है।',
    },
    specialist: SPECIALIST.hematologist,
  },
];
