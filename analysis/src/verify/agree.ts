import { printedDirection } from '../interpret/flags';
import { UNCERTAIN_CONFIDENCE } from '../interpret/plausibility';
import { ANALYTES, getAnalyte } from '../knowledge';
import { isNoResult } from '../knowledge/findings';
import { normalizeUnit, sameUnit } from '../knowledge/units';
import type { ExtractedValue } from '../types';
import { sameWords } from './word-answer';

/**
 * Two readers, one number (decision 200). A photo's value is shown as read only when a second
 * reader of another family, reading the crop of the number the first reader read, sees the same
 * number, after the confusions any reader of a printed number makes: a colon or a rule before it,
 * a lost leading zero, thousands separators, the letters O and l for digits. When the two differ,
 * the value is "check it", and its note quotes what each reader saw.
 */

/** What the second reader saw where the first read a row's value; `text` null when it found nothing. */
export interface SecondReading {
  reader: string;
  /** The first reader's words there, as read. */
  first: string;
  text: string | null;
  /** The same for the row's unit, when one was read beside the value. */
  unit?: { first: string; text: string };
}

export interface NumberRead {
  value: number;
  /** The printed number has a decimal point. */
  point: boolean;
  /** Its digits, leading zeros dropped ('0.3' → '3'). */
  digits: string;
}

/**
 * The number a reader's text of a value's crop gives: marks before it dropped (': 12', '| 12'),
 * O and l between digits read as 0 and 1, Indian and western thousands separators removed
 * ('1,50,000'), a decimal comma read as a point. Null when the text holds no number.
 */
export function numberRead(text: string): NumberRead | null {
  // NFKC: the second reader's alphabet has full-width digits and colons ('６', '：').
  // Its alphabet's Chinese zero and circle ('〇', '○') are a zero printed round.
  let t = text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[〇○◯]/g, '0');
  // Letters a reader puts for digits, only where digits stand beside them.
  t = t.replace(/(?<=\d)[Oo](?=[\d.,]|$)|(?<=^|[^A-Za-z])[Oo](?=\d)/g, '0');
  t = t.replace(/(?<=\d)[lI|](?=[\d.])/g, '1');
  // A lone 'O' is a lone zero (a count of basophils, '0 - 1' pus cells).
  if (/^[^A-Za-z0-9]*[Oo][^A-Za-z0-9]*$/.test(t)) t = t.replace(/[Oo]/, '0');
  // Thousands separators: groups of three after one to three digits, or India's groups of two.
  t = t.replace(/\d{1,3}(?:,\d{2})*,\d{3}(?!\d)/g, (m) => m.replace(/,/g, ''));
  t = t.replace(/(?<=\d),(?=\d{1,2}(?!\d))/, '.');
  const m = /\d*\.\d+|\d+/.exec(t);
  if (!m) return null;
  const value = Number(m[0]);
  if (!Number.isFinite(value)) return null;
  return { value, point: m[0].includes('.'), digits: m[0].replace('.', '').replace(/^0+(?=\d)/, '') };
}

function digitsOf(n: number): string {
  return String(n)
    .replace('.', '')
    .replace(/^0+(?=\d)/, '');
}

/**
 * Whether the second reader's text confirms the value shown. Equal numbers agree. So does a
 * reading without a decimal point whose digits are the shown value's: both readers lost the point,
 * and the engine put it back from the row's range or limits (that repair already carries its own
 * note and lowered confidence). A reading with a point that gives another number does not.
 */
export function confirms(shown: number, text: string | null, first = ''): boolean {
  const read = text === null ? null : numberRead(text);
  if (!read) return false;
  if (Math.abs(read.value - shown) <= 1e-9 * Math.max(1, Math.abs(shown))) return true;
  // A thousands separator one reader read as a comma and the other as a point ('3,620', '3.620').
  const sameGroups = (a: string) =>
    a
      .normalize('NFKC')
      .replace(/[^\d,.]/g, '')
      .replace(/[.,](?=\d{3}(?!\d))/g, ',');
  if (/\d,\d{3}(?!\d)/.test(first) && sameGroups(first) === sameGroups(text ?? '')) return true;
  return !read.point && !Number.isInteger(shown) && read.digits === digitsOf(shown);
}

/** The note of a value (or its unit) the readers disagree on: what each saw. */
export function disagreementNote(
  reading: { reader: string; first: string; text: string | null },
  what: 'value' | 'unit' = 'value',
): string {
  const seen =
    reading.text === null || reading.text.trim() === ''
      ? `a second reader (${reading.reader}) found no ${/\d/.test(reading.first) ? 'number' : 'word'} there`
      : `a second reader (${reading.reader}) read '${reading.text.trim()}'`;
  return `The ${what} was read as '${reading.first.trim()}', but ${seen}; please check it on the printed report.`;
}

const NOTE =
  /The (value|unit) was read as '(.*?)', but a second reader \(([^)]*)\) (?:read '(.*?)'|found no (?:number|word) there); please check it on the printed report\./;

/** What each reader saw, from a value's note, when the second reader made it "check it". */
export function secondReaderSaw(
  note: string | undefined,
): { note: string; what: 'value' | 'unit'; first: string; second: string | null } | null {
  const m = note ? NOTE.exec(note) : null;
  return m ? { note: m[0], what: m[1] as 'value' | 'unit', first: m[2], second: m[4] ?? null } : null;
}

/** Every unit the knowledge base knows a test printed in, spelt one way. */
let knownUnits: Set<string> | null = null;
function knownUnit(text: string): boolean {
  knownUnits ??= new Set(
    ANALYTES.flatMap((a) => [a.unit, ...Object.keys(a.units)])
      .map(normalizeUnit)
      .filter(Boolean),
  );
  return knownUnits.has(normalizeUnit(text));
}

/**
 * The second reader reads another unit: both read a unit a report prints there, and they are
 * not the same unit (after spelling: 'gm/dl' is 'g/dL'). A reading that is no unit the knowledge
 * base knows (a clipped 'g/d', a smudge) says nothing.
 */
export function unitDisagrees(v: ExtractedValue, reading: SecondReading): boolean {
  if (!reading.unit || !v.unit || v.unit_inferred) return false;
  const text = reading.unit.text.trim();
  if (!knownUnit(text)) return false;
  return !sameUnit(text, v.unit);
}

/**
 * A value shown as read, checked against the second reader: kept when confirmed; otherwise made
 * "check it" (no flag computed from it, the lab's printed mark kept), quoting both readings. A
 * result in words is confirmed by the same words or the same known answer (word-answer.ts).
 * Values already "check it", blanks and rows with no second reading asked are left as they are.
 */
export function checkedBySecondReader(v: ExtractedValue, reading: SecondReading | undefined): ExtractedValue {
  if (!reading || v.uncertain) return v;
  let note: string;
  if (typeof v.value === 'string') {
    // A result in words: the same words, or the same answer of this test (word-answer.ts).
    if (isNoResult(v.value)) return v;
    if (sameWords(v.value, reading.text, getAnalyte(v.canonical_id), v.ref_text)) return v;
    note = disagreementNote(reading);
  } else if (!confirms(v.value, reading.text, reading.first)) note = disagreementNote(reading);
  else if (unitDisagrees(v, reading)) note = disagreementNote({ ...reading, ...reading.unit! }, 'unit');
  else return v;
  const out: ExtractedValue = {
    ...v,
    uncertain: true,
    value_confidence: UNCERTAIN_CONFIDENCE,
    flag: printedDirection(v.flag_printed) ?? 'normal',
    reading_note: v.reading_note ? `${v.reading_note} ${note}` : note,
  };
  delete out.band;
  delete out.flag_disagrees;
  return out;
}
