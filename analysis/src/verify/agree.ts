import { checkRelation } from '../interpret/cross-check';
import { printedDirection, toBaseFactor } from '../interpret/flags';
import { DECIMAL_CONFIDENCE, judge, UNCERTAIN_CONFIDENCE } from '../interpret/plausibility';
import { getAnalyte } from '../knowledge';
import { knownUnit } from '../interpret/lost-unit';
import { isNoResult } from '../knowledge/findings';
import { RELATIONS, type Values } from '../knowledge/relations';
import { sameUnit } from '../knowledge/units';
import { fmtNumber } from '../parse/numbers';
import type { Analyte, ExtractedValue, PatientInfo } from '../types';
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
    .replace(/[〇○◯]/g, '0')
    // Dot leaders the crop took in ('..149', '... 31'): a number never starts with two points.
    .replace(/^[.·•…]{2,}/, '');
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
 * What the rest of the report says about a value the readers disagree on (issue 31 item 2): the
 * numbers both readers agreed on, in their tests' base units, for the relations between results,
 * and whether the lab marks its abnormal results (a mark was read on some row).
 */
export interface AgreementContext {
  values: Values;
  /** Half the last digit of each, in the base unit: the rounding a relation allows. */
  half: Record<string, number>;
  marksPrinted: boolean;
  patient: PatientInfo;
}

/** The context from the values shown as read once both readers were asked (none "check it"). */
export function agreementContext(values: ExtractedValue[], patient: PatientInfo): AgreementContext {
  const ctx: AgreementContext = { values: {}, half: {}, patient, marksPrinted: false };
  for (const v of values) {
    if (printedDirection(v.flag_printed)) ctx.marksPrinted = true;
    const a = v.not_in_knowledge_base ? undefined : getAnalyte(v.canonical_id);
    if (!a || v.uncertain || typeof v.value !== 'number' || v.qualifier) continue;
    const factor = toBaseFactor(a, v.unit);
    if (factor === null || ctx.values[v.canonical_id] !== undefined) continue;
    ctx.values[v.canonical_id] = v.value * factor;
    const point = /\.(\d+)/.exec(String(v.value));
    ctx.half[v.canonical_id] = 0.5 * 10 ** -(point ? point[1].length : 0) * factor;
  }
  return ctx;
}

/** The side of the row's range a number is on (null: within it). */
function sideOf(x: number, low: number | null, high: number | null): 'low' | 'high' | null {
  if (low !== null && x < low) return 'low';
  if (high !== null && x > high) return 'high';
  return null;
}

/**
 * Whether one reading of a value fits everything else the report says: possible for the test
 * (its physiological limits), on the side of the printed range the lab's mark says (within it
 * when the lab, which marks abnormal results, printed no mark), and breaking no relation with the
 * results both readers agreed on. A mark with no printed range to hold it to fits nothing: the
 * direction the lab printed cannot be checked, and a reading must never reverse it.
 */
export function readingFits(v: ExtractedValue, a: Analyte, x: number, ctx: AgreementContext): boolean {
  // A unit the report did not print (inferred from the value read) cannot tell a reading
  // possible in one of the test's scales from one possible in another ('129' /cumm, '12.9'
  // ×10³/µL): a reading fits when it is possible in any of them.
  const units = v.unit_inferred ? [a.unit, ...Object.keys(a.units)] : [v.unit];
  if (units.every((u) => judge(a, x, u) === 'implausible')) return false;
  const mark = printedDirection(v.flag_printed);
  const printedRange = v.ref_source === 'report' && (v.ref_low !== null || v.ref_high !== null);
  if (mark && !printedRange) return false;
  if (printedRange) {
    const side = sideOf(x, v.ref_low, v.ref_high);
    if (mark && side !== mark) return false;
    if (!mark && v.printed_red && side === null) return false;
    if (!mark && !v.printed_red && ctx.marksPrinted && side !== null) return false;
  }
  const factor = toBaseFactor(a, v.unit);
  if (factor === null) return true;
  const values = { ...ctx.values, [v.canonical_id]: x * factor };
  return !RELATIONS.some(
    (rel) =>
      (rel.members.includes(v.canonical_id) || rel.optional?.includes(v.canonical_id)) &&
      checkRelation(rel, values, ctx.half, ctx.patient) === 'fails',
  );
}

/** The flag of a number on the row's range, the test's critical limits first. */
function flagOf(v: ExtractedValue, a: Analyte, x: number): ExtractedValue['flag'] {
  const factor = toBaseFactor(a, v.unit);
  const c = a.critical;
  if (c && factor !== null) {
    if (c.low !== undefined && x * factor <= c.low) return 'critical_low';
    if (c.high !== undefined && x * factor >= c.high) return 'critical_high';
  }
  return sideOf(x, v.ref_low, v.ref_high) ?? 'normal';
}

/**
 * Two readers' numbers that differ: the one reading that fits the report (readingFits) is shown,
 * with a note saying what each reader saw; null when both fit, neither does, or the second reader
 * read no number.
 */
export function onlyFittingReading(
  v: ExtractedValue,
  reading: SecondReading,
  ctx: AgreementContext,
): ExtractedValue | null {
  const a = v.not_in_knowledge_base ? undefined : getAnalyte(v.canonical_id);
  const second = reading.text === null ? null : numberRead(reading.text);
  if (!a || typeof v.value !== 'number' || !second || v.qualifier) return null;
  // Each reader's reading stands for every number it may mean: the first's as shown and as read
  // (before the engine's repairs), either with a point before three digits read as a thousands
  // separator ('3.620' is 3,620 as much as 3.62). The reading shown must be the one number of all
  // of them that fits.
  const meanings = (text: string | null) => {
    const read = text === null ? null : numberRead(text);
    if (!read) return [];
    const grouped = /^\d{1,3}\.\d{3}$/.test(String(read.value)) || /\d\.\d{3}(?!\d)/.test(text ?? '');
    return grouped && read.point ? [read.value, Math.round(read.value * 1000)] : [read.value];
  };
  const all = [...new Set([v.value, ...meanings(reading.first), ...meanings(reading.text)])];
  const fitting = all.filter((x) => readingFits(v, a, x, ctx));
  if (fitting.length !== 1) return null;
  const chosen = fitting[0];
  const firstFits = chosen === v.value;
  // Only the second reader's own reading may replace the first's (never a meaning of the first's).
  if (!firstFits && !meanings(reading.text).includes(chosen)) return null;
  const other = firstFits ? second.value : v.value;
  const note =
    `The value was read as '${reading.first.trim()}' and a second reader (${reading.reader}) read ` +
    `'${(reading.text ?? '').trim()}'; only ${fmtNumber(chosen)} fits the printed range and mark, the ` +
    `other results and the test's limits (${fmtNumber(other)} does not), so the ` +
    `${firstFits ? 'first' : 'second'} reading, ${fmtNumber(chosen)}, is shown.`;
  const out: ExtractedValue = {
    ...v,
    value: chosen,
    flag: firstFits ? v.flag : flagOf(v, a, chosen),
    value_confidence: Math.min(v.value_confidence ?? 1, DECIMAL_CONFIDENCE),
    // The first reading's own repair note is about a number no longer shown.
    reading_note: firstFits && v.reading_note ? `${v.reading_note} ${note}` : note,
  };
  if (!firstFits) {
    delete out.band;
    delete out.flag_disagrees;
  }
  return out;
}

/**
 * A value shown as read, checked against the second reader: kept when confirmed; when the two
 * numbers differ and exactly one of them fits the report (`ctx`, onlyFittingReading), that one
 * with a note; otherwise made "check it" (no flag computed from it, the lab's printed mark kept),
 * quoting both readings. A result in words is confirmed by the same words or the same known
 * answer (word-answer.ts). Values already "check it", blanks and rows with no second reading
 * asked are left as they are.
 */
export function checkedBySecondReader(
  v: ExtractedValue,
  reading: SecondReading | undefined,
  ctx?: AgreementContext,
): ExtractedValue {
  if (!reading || v.uncertain) return v;
  let note: string;
  if (typeof v.value === 'string') {
    // A result in words: the same words, or the same answer of this test (word-answer.ts).
    if (isNoResult(v.value)) return v;
    if (sameWords(v.value, reading.text, getAnalyte(v.canonical_id), v.ref_text)) return v;
    note = disagreementNote(reading);
  } else if (!confirms(v.value, reading.text, reading.first)) {
    const only = ctx ? onlyFittingReading(v, reading, ctx) : null;
    if (only) return only;
    note = disagreementNote(reading);
  } else if (unitDisagrees(v, reading)) note = disagreementNote({ ...reading, ...reading.unit! }, 'unit');
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
