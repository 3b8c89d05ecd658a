import type { PatientInfo, Sex } from '../types';

/**
 * Age and sex from the patient block: 'Age / Sex : 49 Years / Female', 'AGE/SEX : 35 YRS / M',
 * 'Age/Gender: 24 Y / M', 'Age : 48 Yrs   Sex : Male', 'Gender: Female'. A title (Mr./Mrs./Ms.)
 * is used for sex only when nothing else is printed.
 */
function sexWord(word: string | undefined): Sex | null {
  if (!word) return null;
  const w = word.toLowerCase();
  if (w === 'm' || w === 'male' || w === 'man') return 'male';
  if (w === 'f' || w === 'female' || w === 'woman') return 'female';
  return null;
}

/**
 * Reports printed in Hindi (or both) label the patient block in Hindi ('आयु/लिंग : 45 वर्ष /
 * महिला'): the words are put in English so the same patterns read them.
 */
const HINDI_WORDS: Array<[RegExp, string]> = [
  [/आयु|उम्र/g, 'Age'],
  [/लिंग/g, 'Sex'],
  [/वर्ष|साल/g, 'Years'],
  [/महिला|स्त्री/g, 'Female'],
  [/पुरुष/g, 'Male'],
];

export function readPatient(lines: string[]): PatientInfo {
  let age: number | null = null;
  let sex: Sex | null = null;
  let titleSex: Sex | null = null;
  const head = HINDI_WORDS.reduce((text, [hi, en]) => text.replace(hi, en), lines.slice(0, 60).join('\n'));

  const combined =
    /\bage\s*\/\s*(?:sex|gender)\s*[:-]?\s*(\d{1,3})\s*(?:y(?:ea)?rs?|y|yr)?\.?\s*(?:\d{1,2}\s*m(?:onths?)?\s*)?[/,|]\s*(male|female|m|f)\b/i.exec(
      head,
    );
  if (combined) {
    age = Number(combined[1]);
    sex = sexWord(combined[2]);
  }
  const reversed = /\b(?:sex|gender)\s*\/\s*age\s*[:-]?\s*(male|female|m|f)\s*[/,|]\s*(\d{1,3})/i.exec(head);
  if (!combined && reversed) {
    sex = sexWord(reversed[1]);
    age = Number(reversed[2]);
  }
  if (age === null) {
    const a =
      /\bage\s*[:-]\s*(\d{1,3})\s*(?:y(?:ea)?rs?|y\b|yr)/i.exec(head) ??
      /\bage\s*[:-]\s*(\d{1,3})\b/i.exec(head);
    if (a) age = Number(a[1]);
  }
  if (sex === null) {
    const s = /\b(?:sex|gender)\s*[:-]\s*(male|female|m|f)\b/i.exec(head);
    if (s) sex = sexWord(s[1]);
  }
  if (sex === null) {
    const inline = /\b\d{1,3}\s*(?:y(?:ea)?rs?|y)\s*[/,]\s*(male|female|m|f)\b/i.exec(head);
    if (inline) sex = sexWord(inline[1]);
  }
  if (sex === null) {
    const t = /\b(mr|master|shri|sri)\.?\s+[a-z]/i.exec(head);
    const f = /\b(mrs|ms|miss|smt|kumari)\.?\s+[a-z]/i.exec(head);
    if (t && !f) titleSex = 'male';
    else if (f && !t) titleSex = 'female';
  }
  if (age !== null && (age < 0 || age > 120)) age = null;
  return { age, sex: sex ?? titleSex };
}
