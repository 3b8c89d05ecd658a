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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A calendar date as 'YYYY-MM-DD', or null when the parts make no real date. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null; // 31/02 rolls over: not a date
  return d.toISOString().slice(0, 10);
}

/**
 * The first date in a text, as Indian labs print it: day first ('18/11/2026', '18-11-26',
 * '18.11.2026'), with the month's name ('18-Nov-2026', '18 Nov 2026', 'Nov 18, 2026') or ISO
 * ('2026-11-18'). Slashed numbers are read day first: Indian reports never print month first.
 */
export function readDate(text: string): string | null {
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  const readers: Array<[RegExp, (m: RegExpExecArray) => string | null]> = [
    [/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, (m) => isoDate(+m[1], +m[2], +m[3])],
    [/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/, (m) => isoDate(+m[3], +m[2], +m[1])],
    [
      /\b(\d{1,2})(?:st|nd|rd|th)?[\s/.-]*([a-z]{3,9})[\s/.,-]*(\d{4}|\d{2})\b/i,
      (m) => (month(m[2]) ? isoDate(+m[3], month(m[2]), +m[1]) : null),
    ],
    [
      /\b([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/i,
      (m) => (month(m[1]) ? isoDate(+m[3], month(m[1]), +m[2]) : null),
    ],
  ];
  // The earliest date in the text, whichever way it is written.
  let best: { at: number; date: string } | null = null;
  for (const [re, read] of readers) {
    const m = re.exec(text);
    const date = m ? read(m) : null;
    if (m && date && (!best || m.index < best.at)) best = { at: m.index, date };
  }
  return best?.date ?? null;
}

/**
 * Labels in the patient block, best first: when the sample was collected, then when the lab
 * registered or received it (the same day or the next), then the report's own date. The date that
 * places a value on a trend is when the blood was drawn, not when the file was uploaded.
 */
const DATE_LABELS: RegExp[] = [
  /\b(?:sample\s*)?coll(?:ected|ection)(?:\s*(?:on|date|date\s*&\s*time|time))?\s*[:-]/i,
  /\bcoll\.?\s*(?:date|on)\s*[:-]/i,
  /\bsample\s*(?:date|drawn|taken)\s*[:-]/i,
  /(?:नमूना|सैंपल)\s*(?:संग्रह|लिया)[^:]*:/,
  /\b(?:regd?|registered|registration|received|receiving)(?:\s*(?:on|date|date\s*&\s*time))?\s*[:-]/i,
  /\b(?:reported|report(?:ing)?\s*date|report\s*on|date\s*of\s*report)(?:\s*on)?\s*[:-]/i,
  /(?:^|\s)(?:date|dated|दिनांक|तारीख)\s*[:-]/i,
];

/** The sample's collection date as printed in the report's head ('YYYY-MM-DD'), or null. */
export function readCollectionDate(lines: string[]): string | null {
  const head = lines.slice(0, 60);
  for (const label of DATE_LABELS)
    for (const line of head) {
      const m = label.exec(line);
      if (!m) continue;
      // The date after the label, before the next label on the same line ('Collected: … Reported: …').
      const date = readDate(line.slice(m.index + m[0].length, m.index + m[0].length + 40));
      if (date) return date;
    }
  return null;
}

/** Words a laboratory's name is made of, on its letterhead. */
const LAB_WORD =
  /\b(?:labs?|laborator(?:y|ies)|diagnostics?|patholog(?:y|ical)|path\s*labs?|hospitals?|clinics?|imaging|scans?|health\s*care|healthcare|medical\s+cent(?:re|er))\b/i;
/** Lines that carry a lab word but are not its name: titles, departments, referrers, footers. */
const NOT_A_NAME = /\breport\b|\bdepartment\b|\bdept\b|\breferr?(?:ed|ing)\b|\bdr\.|\bpage\b|\bdisclaimer\b/i;
/** A labelled name in the patient block ('Lab Name : City Path Lab', 'Processed at: …'). */
const LAB_LABEL =
  /^\s*(?:lab(?:oratory)?\s*(?:name)?|processed\s*(?:at|by)|performed\s*at|testing\s*lab)\s*[:-]\s*(.{3,})$/i;

/**
 * The lab's name, for the doctor's printout: a labelled one in the report's head, else the first
 * letterhead line (among the first six) that names a laboratory, cut where an address or a phone
 * number printed beside it begins. Null when neither is printed.
 */
export function readLabName(lines: string[]): string | null {
  const head = lines.slice(0, 60);
  for (const line of head) {
    const m = LAB_LABEL.exec(line);
    if (m) return tidyName(m[1]);
  }
  const letterhead = lines.filter((l) => l.trim()).slice(0, 6);
  for (const line of letterhead) {
    const name = tidyName(line);
    // A colon left in it makes it a label line ('Referred by: … Clinic'), not a letterhead.
    if (name && !name.includes(':') && !NOT_A_NAME.test(name) && LAB_WORD.test(name)) return name;
  }
  return null;
}

function tidyName(text: string): string | null {
  // What follows a bar, a wide gap, a comma-led address or a phone number is not the name.
  const name = text
    .trim()
    .split(/\s*[|│]\s*|\s{3,}|\s+(?:ph(?:one)?|tel|mob(?:ile)?)\b.*$|,\s*\d/i)[0]
    .replace(/[\s*=_~-]+$/g, '')
    .replace(/^[\s*=_~-]+/g, '')
    .trim();
  return name.length >= 3 ? name.slice(0, 80) : null;
}
