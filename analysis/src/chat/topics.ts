import { analyteById } from '../parse/match-analyte';
import type { Language } from '../types';

/**
 * What patients call their tests ("sugar", "khoon ki kami", "गुर्दा", "thyroid") and what they
 * feel ("thakan", "hair fall"), mapped to the report analytes that answer them. The knowledge
 * base holds the names labs print; these are the everyday names it lacks, in English, Hindi
 * (Devanagari) and Hinglish (Latin script), with common misspellings.
 */
export interface Topic {
  id: string;
  kind: 'test' | 'symptom';
  /** Matched against the lower-cased message. Latin words need word edges, Devanagari does not. */
  pattern: RegExp;
  /** Analyte ids, in the order the answer gives them; only those in the report are shown. */
  analytes: string[];
  label: Record<Language, string>;
}

// \b does not work next to Devanagari letters, so Hindi alternatives stand outside the \b group.
const TOPICS: Topic[] = [
  {
    id: 'sugar',
    kind: 'test',
    pattern:
      /\b(?:sugar|shugar|suger|glucose|diabetes|diabetic|diabities|madhumeh|blood sugar)\b|शुगर|शूगर|सुगर|ग्लूकोज़?|डायबिटीज़?|डाइबिटीज़?|मधुमेह|चीनी की बीमारी/,
    analytes: ['glucose_fasting', 'glucose_pp', 'glucose_random', 'hba1c', 'estimated_average_glucose'],
    label: { en: 'blood sugar', hi: 'ब्लड शुगर' },
  },
  {
    id: 'anaemia',
    kind: 'test',
    pattern:
      /\b(?:khoo?n (?:ki|kii) kami|khu+n (?:ki|kii) kami|khoo?n kam|anaemi[ac]|anemi[ac]|hemoglobin|haemoglobin|heamoglobin|himoglobin|hb)\b|खून की कमी|ख़ून की कमी|रक्त की कमी|खून कम|ख़ून कम|एनीमिया|रक्ताल्पता|हीमोग्लोबिन|हिमोग्लोबिन/,
    analytes: ['hemoglobin'],
    label: { en: 'hemoglobin (anaemia)', hi: 'हीमोग्लोबिन (खून की कमी)' },
  },
  {
    id: 'cholesterol',
    kind: 'test',
    pattern:
      /\b(?:cholesterol|cholestrol|cholestral|colesterol|kolestrol|lipids?|lipid profile|blood fats?)\b|कोलेस्ट्रॉल|कोलेस्ट्रोल|कोलेस्ट्राल|कॉलेस्ट्रॉल|कोलेस्टेरॉल|लिपिड|चर्बी/,
    analytes: ['total_cholesterol', 'ldl_cholesterol', 'hdl_cholesterol', 'triglycerides'],
    label: { en: 'cholesterol', hi: 'कोलेस्ट्रॉल' },
  },
  {
    id: 'thyroid',
    kind: 'test',
    pattern:
      /\b(?:thyroid|thyriod|thyroide|thairoid|thyroyd)\b|थायराइड|थायरॉइड|थायरॉयड|थाइरॉइड|थायरायड|थाइराइड/,
    analytes: ['tsh', 'free_t4', 'free_t3', 't4', 't3'],
    label: { en: 'thyroid', hi: 'थायराइड' },
  },
  {
    id: 'kidney',
    kind: 'test',
    pattern: /\b(?:kidneys?|renal|kft|rft|gurd[ae]|kidni)\b|गुर्द[ाे]|किडनी|वृक्क/,
    analytes: ['creatinine', 'urea', 'bun', 'egfr', 'uric_acid'],
    label: { en: 'kidney function', hi: 'किडनी (गुर्दे)' },
  },
  {
    id: 'liver',
    kind: 'test',
    pattern: /\b(?:liver|livar|lft|jigar|jiger|yakrit)\b|जिगर|लिवर|लीवर|यकृत/,
    analytes: ['alt', 'ast', 'bilirubin_total', 'alkaline_phosphatase', 'ggt', 'albumin'],
    label: { en: 'liver function', hi: 'लिवर (जिगर)' },
  },
  {
    id: 'vitamin_d',
    kind: 'test',
    pattern: /\b(?:vitamin ?d3?|vit\.? ?d3?)\b|विटामिन[ -]?(?:डी|d)/,
    analytes: ['vitamin_d'],
    label: { en: 'vitamin D', hi: 'विटामिन D' },
  },
  {
    id: 'vitamin_b12',
    kind: 'test',
    pattern: /\b(?:vitamin ?b ?12|vit\.? ?b ?12|b ?12)\b|विटामिन[ -]?(?:बी|b)[ -]?12|बी[ -]?12/,
    analytes: ['vitamin_b12'],
    label: { en: 'vitamin B12', hi: 'विटामिन B12' },
  },
  {
    id: 'iron',
    kind: 'test',
    pattern: /\b(?:iron|aayran|ayran|loha)\b|आयरन|लोहा|लौह/,
    analytes: ['serum_iron', 'ferritin', 'tibc', 'transferrin_saturation'],
    label: { en: 'iron', hi: 'आयरन' },
  },
  {
    id: 'platelets',
    kind: 'test',
    pattern: /\b(?:platelets?|platlets?|platelates?|plt)\b|प्लेटलेट्?स?|प्लेटलेट/,
    analytes: ['platelet_count'],
    label: { en: 'platelets', hi: 'प्लेटलेट्स' },
  },
  {
    id: 'infection',
    kind: 'test',
    pattern:
      /\b(?:white (?:blood )?cells?|infection|infections|infekshan)\b|संक्रमण|इन्फेक्शन|इंफेक्शन|सफ़ेद रक्त|सफेद रक्त/,
    analytes: ['wbc_count', 'crp'],
    label: { en: 'white blood cells (infection)', hi: 'श्वेत रक्त कोशिकाएँ (संक्रमण)' },
  },
  {
    id: 'uric_acid',
    kind: 'test',
    pattern: /\b(?:uric acid|gout)\b|यूरिक एसिड|गठिया/,
    analytes: ['uric_acid'],
    label: { en: 'uric acid', hi: 'यूरिक एसिड' },
  },
  {
    id: 'calcium',
    kind: 'test',
    pattern: /\b(?:calcium|calcium level)\b|कैल्शियम|कैल्सियम/,
    analytes: ['calcium'],
    label: { en: 'calcium', hi: 'कैल्शियम' },
  },
  // Symptoms: the tests in the report that are commonly looked at for them.
  {
    id: 'tiredness',
    kind: 'symptom',
    pattern:
      /\b(?:tired|tiredness|fatigue|fatigued|weak|weakness|exhausted|no energy|low energy|dizzy|dizziness|thakan|thakaan|thakawat|kamzori|kamjori|chakkar)\b|थकान|थकावट|थका|कमज़ोरी|कमजोरी|चक्कर/,
    analytes: ['hemoglobin', 'ferritin', 'vitamin_b12', 'vitamin_d', 'tsh'],
    label: { en: 'tiredness', hi: 'थकान' },
  },
  {
    id: 'hair_fall',
    kind: 'symptom',
    pattern: /\b(?:hair ?fall|hair loss|losing hair|baal (?:jhad|jhar|gir)\w*)\b|बाल झड़|बाल झड|बाल गिर/,
    analytes: ['hemoglobin', 'ferritin', 'tsh', 'vitamin_d'],
    label: { en: 'hair fall', hi: 'बाल झड़ना' },
  },
  {
    id: 'thirst_urination',
    kind: 'symptom',
    pattern:
      /\b(?:thirsty|thirst|frequent urination|urinat\w* (?:a lot|often|frequently)|baar baar (?:peshab|pishab|toilet)|pyaas)\b|बार बार पेशाब|बार-बार पेशाब|बहुत प्यास|प्यास/,
    analytes: ['glucose_fasting', 'glucose_pp', 'glucose_random', 'hba1c'],
    label: { en: 'thirst and frequent urination', hi: 'ज़्यादा प्यास और बार-बार पेशाब' },
  },
  {
    id: 'jaundice',
    kind: 'symptom',
    pattern: /\b(?:jaundice|yellow (?:eyes|skin)|piliya|peeliya)\b|पीलिया|आँखें पीली|आंखें पीली/,
    analytes: ['bilirubin_total', 'alt', 'ast'],
    label: { en: 'jaundice', hi: 'पीलिया' },
  },
  {
    id: 'joint_pain',
    kind: 'symptom',
    pattern:
      /\b(?:joint pains?|bone pains?|body ache|jodo?n? (?:me|mein) dard|haddi?y?o?n? (?:me|mein) dard|ghutno?n? (?:me|mein) dard)\b|जोड़ों में दर्द|जोडों में दर्द|हड्डियों में दर्द|घुटनों में दर्द|बदन दर्द/,
    analytes: ['vitamin_d', 'calcium', 'uric_acid'],
    label: { en: 'joint and bone pain', hi: 'जोड़ों और हड्डियों का दर्द' },
  },
  {
    id: 'fever',
    kind: 'symptom',
    pattern: /\b(?:fever|bukhar|bukhaar|dengue|dengu)\b|बुखार|डेंगू/,
    analytes: ['wbc_count', 'platelet_count', 'crp'],
    label: { en: 'fever', hi: 'बुखार' },
  },
  {
    id: 'swelling',
    kind: 'symptom',
    pattern: /\b(?:swelling|swollen (?:feet|legs|face)|soojan|sujan)\b|सूजन/,
    analytes: ['creatinine', 'egfr', 'albumin'],
    label: { en: 'swelling', hi: 'सूजन' },
  },
];

/** Blood pressure is measured with a cuff, never in a lab report: it gets its own answer. */
const BLOOD_PRESSURE =
  /\b(?:bp|b\.p\.?|blood pressure|hypertension|high bp|low bp)(?=\W|$)|बीपी|ब्लड प्रेशर|रक्तचाप/;

/** Urine words: "urine sugar" is the urine glucose test, not blood sugar. */
const URINE = /\b(?:urine|urin|peshab|pishab)\b|पेशाब|मूत्र/;

export function mentionsBloodPressure(message: string): boolean {
  return BLOOD_PRESSURE.test(message.toLowerCase());
}

export function mentionsUrine(message: string): boolean {
  return URINE.test(message.toLowerCase());
}

/** The topics a message names, in the order they appear in it. */
export function topicsIn(message: string): Topic[] {
  const q = message.toLowerCase();
  const hits: Array<{ t: Topic; at: number }> = [];
  for (const t of TOPICS) {
    const m = t.pattern.exec(q);
    if (m) hits.push({ t, at: m.index });
  }
  const urine = mentionsUrine(q);
  return hits
    .sort((a, b) => a.at - b.at)
    .map((h) => h.t)
    .filter((t) => !(urine && t.id === 'sugar')); // "urine sugar" is answered by the urine test
}

/** Narrows blood sugar to the reading asked about: fasting, after food or random. */
export function narrowSugar(message: string): string[] | null {
  const q = message.toLowerCase();
  if (/\b(?:fasting|khali pet|khaali pet|empty stomach)\b|खाली पेट|फास्टिंग/.test(q)) return ['glucose_fasting'];
  if (
    /\b(?:pp|post ?prandial|after (?:food|meals?|eating|lunch)|khane ke baad|khaane ke baad)\b|खाने के बाद|भोजन के बाद/.test(
      q,
    )
  )
    return ['glucose_pp'];
  if (/\b(?:random|rbs)\b|रैंडम/.test(q)) return ['glucose_random'];
  if (/\b(?:hba1c|a1c|3 months?|three months?|average sugar)\b|तीन महीने|3 महीने/.test(q)) return ['hba1c'];
  return null;
}

export function topicAnalytes(topic: Topic, message: string): string[] {
  if (topic.id === 'sugar') return narrowSugar(message) ?? topic.analytes;
  return topic.analytes;
}

/** Every analyte id a topic may name exists in the knowledge base (checked by the tests). */
export function unknownTopicAnalytes(): string[] {
  return TOPICS.flatMap((t) => t.analytes).filter((id) => !analyteById(id));
}
