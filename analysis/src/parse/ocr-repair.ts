import type { Analyte } from '../types';
import { editDistance } from './match-analyte';
import type { ParsedRange } from './ranges';
import { isQualitativeWord } from './values';

/**
 * Repairs for the typical slips of OCR on blurred photos, used only for OCR text:
 *  - 'to' read as 't0'/'t o' and glued to numbers ('3.5t05.2', 'Oto 45');
 *  - a lost decimal point, which turns 21.5 into 215. A value is only divided by 10 or 100 when
 *    it is physically impossible as printed: a percentage above 100, '09' with a leading zero
 *    where the range makes the whole number absurd (a padded '07 %' is 7, not 0.7),
 *    or a tightly regulated analyte (reference high/low ≤ 2.5, e.g. MCH, sodium, haemoglobin)
 *    more than three times its upper limit. A genuinely very high ALT or TSH is never touched.
 */
const COMMON_UNITS = [
  'g/dL',
  'mg/dL',
  'mg/L',
  'g/L',
  'U/L',
  'IU/L',
  'mIU/L',
  'µIU/mL',
  'uIU/mL',
  'ng/mL',
  'ng/dL',
  'pg/mL',
  'µg/dL',
  'mcg/dL',
  'mmol/L',
  'mEq/L',
  'fL',
  'pg',
  '%',
  '/cumm',
  'cells/cumm',
  'cells/µL',
  '10^3/µL',
  '10^6/µL',
  'x10^3/µL',
  'x10^6/µL',
  'million/cumm',
  'million/µL',
  'lakhs/cumm',
  'Lakh/cmm',
  'mm/hr',
  '/hpf',
  'cells/hpf',
  'Ratio',
  'mL/min/1.73m2',
  'sec',
  'µmol/L',
  'nmol/L',
  'pmol/L',
];

/**
 * An OCR'd unit ('ma/dL', 'Po', '1076/uL', 'fcumm') replaced by the nearest unit this analyte
 * is printed in (then any common unit), within two edits; unchanged when nothing is that close.
 */
export function repairOcrUnit(unit: string, analyte: Analyte, known: (u: string) => boolean): string {
  if (!unit || known(unit)) return unit;
  const key = (u: string) => u.toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '');
  const target = key(unit);
  // OCR reads the 'µ' of 'µIU/mL' as H, p, j or y ('HIU/mL', 'pIU/mL'): read as a µ too.
  const targets = /^[hpjy][a-z]/.test(target) ? [target, `u${target.slice(1)}`] : [target];
  const own = [analyte.unit, ...Object.keys(analyte.units)].filter(Boolean);
  // Only units this analyte can be printed in: a platelet count is never in fL, however close
  // the OCR'd letters come to it.
  for (const pool of [own, COMMON_UNITS.filter(known)]) {
    let best: string | null = null;
    let bestD = 3;
    for (const candidate of pool) {
      const d = Math.min(...targets.map((t) => editDistance(t, key(candidate), 2)));
      if (d < bestD) {
        bestD = d;
        best = candidate;
      }
    }
    if (best && bestD <= Math.min(2, Math.ceil(target.length / 3))) return best;
  }
  return unit;
}

export function repairOcrRangeText(text: string): string {
  return text
    .replace(/\b[Oo](?=\s*t[o0]\s*\d)/g, '0')
    .replace(/(\d)\s*[tT]\s*[oO0]\s*(?=\d)/g, '$1 to ')
    .replace(/(\d)\s*[tT][oO0]\b/g, '$1 to');
}

/** A printed range with low > high (not OCR): read it the sensible way round. */
export function orderRange(range: ParsedRange): ParsedRange {
  if (range.low === null || range.high === null || range.low <= range.high) return range;
  return { ...range, low: range.high, high: range.low };
}

/**
 * The range's text with a bound's decimal point put back where the repair put it ('35-51' read
 * for '3.5-5.1' shows as '3.5-5.1'): the first whole-number token equal to the bound as read gets
 * its point `places` digits from the right. The text is what the patient compares with the
 * printed report, so it should say what the flag was computed against.
 */
function restoreDecimal(text: string, read: number, places: number): string {
  let done = false;
  return text.replace(/(?<![\d.,])\d+(?![\d.,]*\d)/g, (token) => {
    if (done || Number(token) !== read) return token;
    done = true;
    const digits = token.padStart(places + 1, '0');
    return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  });
}

/** `range` with its bounds replaced and the text following them (restoreDecimal). */
function rescaled(range: ParsedRange, low: number | null, high: number | null): ParsedRange {
  let text = range.text;
  for (const [was, now] of [
    [range.low, low],
    [range.high, high],
  ] as const) {
    if (was === null || now === null || was === now || !Number.isInteger(was)) continue;
    const places = Math.round(Math.log10(was / now));
    if (places >= 1 && places <= 2) text = restoreDecimal(text, was, places);
  }
  return { ...range, low, high, text };
}

/**
 * A bound ten times the knowledge base's ('4.2 - 54' for RBC 4.2 - 5.4) lost its decimal point.
 * `factor` takes the printed unit to the knowledge base's (toBaseFactor; 1 when the same, 1000 for
 * a count in 10^3/µL against /cumm); null, a unit it cannot convert: nothing to compare with.
 */
export function repairRangeScale(range: ParsedRange, analyte: Analyte, factor: number | null): ParsedRange {
  if (factor === null || !(factor > 0)) return range;
  const ref = analyte.reference.any ?? analyte.reference.male ?? analyte.reference.female;
  if (!ref) return range;
  const fix = (bound: number | null, kbBound: number | null): number | null => {
    if (bound === null || kbBound === null || kbBound <= 0) return bound;
    const known = kbBound / factor; // the knowledge base's bound in the printed unit
    const ratio = bound / known;
    if (ratio > 5) {
      for (const d of [10, 100]) if (bound / d / known >= 0.5 && bound / d / known <= 2) return bound / d;
    }
    return bound;
  };
  const low = fix(range.low, ref.low);
  const high = fix(range.high, ref.high);
  if (low === range.low && high === range.high) return range;
  // '40-56' for HbA1c 4.0-5.6: the knowledge base knows only an upper limit, so the high bound
  // is put right first and the low one then follows it (repairInvertedRange).
  return repairInvertedRange(rescaled(range, low, high));
}

/**
 * A photo's range with a bound printed as a leading zero and digits ('02-12' for 0.2-1.2): no lab
 * writes a bound so, so its decimal points were lost, and which digits they stood between cannot
 * be told ('12' may be 1.2 or 12). Its bounds are not used; the text stays, to be quoted.
 */
export function withoutLostPoints(range: ParsedRange): ParsedRange {
  if (range.kind !== 'numeric' || !/(?<![\d.,])0\d/.test(range.text)) return range;
  return { ...range, low: null, high: null, kind: 'none' };
}

export function repairInvertedRange(range: ParsedRange): ParsedRange {
  if (range.low === null || range.high === null || range.low <= range.high) return range;
  if (range.low / 10 <= range.high) return rescaled(range, range.low / 10, range.high);
  if (range.low / 100 <= range.high) return rescaled(range, range.low / 100, range.high);
  return { ...range, low: null, high: null, kind: 'none' };
}

function tight(low: number | null, high: number | null): boolean {
  return low !== null && high !== null && low > 0 && high / low <= 2.5;
}

/**
 * A result printed with a leading zero: Indian CBCs pad a differential to two digits
 * ('Eosinophils 02 %' is 2 %), so the zero is padding, not a lost decimal point. It is a lost
 * point ('09' for creatinine 0.9) only where the lab writes this test's range with decimals, or
 * where the whole number is absurd against the printed range (more than three times its top).
 */
function leadingZero(
  token: string,
  value: number,
  range: { low: number | null; high: number | null },
): number {
  const decimal = Number(`0.${token.slice(1)}`);
  const finer = [range.low, range.high].some((b) => b !== null && !Number.isInteger(b));
  if (finer) return decimal;
  if (range.high !== null && range.high > 0 && value > range.high * 3 && decimal <= range.high * 3)
    return decimal;
  return value;
}

/** What kind of OCR slip turns the printed number into the one read. */
export type Slip = 'separator' | 'mark' | 'lost_point' | 'thousands' | 'spurious_point' | 'dash';

export interface Reading {
  value: number;
  slip: Slip;
}

/** How each slip is told to the patient and the reviewer. */
export const SLIP_WORDS: Record<Slip, string> = {
  separator: "a ':' or '|' before the value read as a 1",
  mark: 'an arrow or mark after the value read as a 1',
  lost_point: 'a lost decimal point',
  thousands: "a thousands separator (',') read as a decimal point",
  spurious_point: 'a stray decimal point',
  dash: 'a dash read as a minus sign',
};

/**
 * What the report as a whole shows about its printing (interpret/check-row.ts readingHints):
 * values after a colon or a bar (so a leading 1 may be the separator), marks after values read as
 * a separate '1' (so a trailing 1 glued to a value may be a mark).
 */
export interface ReadingHints {
  separators: boolean;
  trailingMarks: boolean;
  /**
   * The report prints marks (H, L, arrows) beside its results and some were read as marks: an
   * abnormal result with no mark read beside it may have its mark glued to it as a digit.
   */
  marksPrinted?: boolean;
}

export const NO_HINTS: ReadingHints = { separators: false, trailingMarks: false };

/**
 * The other numbers a photo's value token may stand for, the likeliest slip first:
 *  - a separator before the value read as a digit (':6.7' read as '16.7'), where the report prints
 *    separators before its values;
 *  - a mark after the value read as a digit ('3.65 ↑' read as '3.651'), where the report shows
 *    marks read that way;
 *  - a lost decimal point ('45' for 4.5, '450' for 45.0), one place, then two, then three;
 *  - a thousands separator read as a point ('12.000' for 12,000: three digits after it);
 *  - a stray point ('4.5' for 45: a speck of dirt or a grid line);
 *  - a dash before the value read as a minus sign.
 * Letters confused with digits (O/0, S/5, B/8, l/1) are read before this, in parse/numbers.ts.
 */
export function alternativeReadings(raw: string, hints: ReadingHints = NO_HINTS): Reading[] {
  const token = raw.replace(/[<>\s,]/g, '');
  const out: Reading[] = [];
  const add = (value: number, slip: Slip) => {
    if (Number.isFinite(value) && !out.some((r) => r.value === value) && value !== Number(token)) {
      out.push({ value, slip });
    }
  };
  if (/^-\d/.test(token)) add(Number(token.slice(1)), 'dash');
  const unsigned = token.replace(/^-/, '');
  if (hints.separators && /^1\d/.test(unsigned)) add(Number(unsigned.slice(1)), 'separator');
  if (hints.trailingMarks && /\d1$/.test(unsigned) && !/\.1$/.test(unsigned)) {
    add(Number(unsigned.slice(0, -1)), 'mark');
  }
  if (/^\d{2,}$/.test(unsigned)) {
    const n = Number(unsigned);
    add(n / 10, 'lost_point');
    add(n / 100, 'lost_point');
    if (unsigned.length >= 3) add(n / 1000, 'lost_point');
  }
  // '12.000' for a platelet count printed '12,000': exactly three digits after the point is how a
  // thousands separator groups them (the limits then tell which reading is possible).
  if (/^\d{1,3}\.\d{3}$/.test(unsigned)) add(Number(unsigned.replace('.', '')), 'thousands');
  if (/^\d+\.\d+$/.test(unsigned)) add(Number(unsigned.replace('.', '')), 'spurious_point');
  return out;
}

export function repairOcrValue(
  raw: string,
  value: number,
  unit: string,
  range: { low: number | null; high: number | null },
  analyte: Analyte,
  sameUnit: boolean,
): number {
  const token = raw.replace(/[<>\s,]/g, '');
  if (token.includes('.')) return value;
  if (/^0\d+$/.test(token)) return leadingZero(token, value, range);
  if (value < 10) return value;
  const percent = unit.trim() === '%' || (!unit && analyte.unit === '%');
  if (percent && value > 100) return value >= 1000 ? value / 100 : value / 10;
  let { low, high } = range;
  if (!tight(low, high) && sameUnit) {
    // One-sided or tiered printed range: the knowledge base knows how tightly it is regulated.
    const ref = analyte.reference.any ?? analyte.reference.male ?? analyte.reference.female;
    low = ref?.low ?? null;
    high = ref?.high ?? null;
  }
  if (tight(low, high) && high !== null && value > high * 3) {
    for (const d of [10, 100]) if (value / d <= high * 3) return value / d;
  }
  return value;
}

const WORDS = [
  'nil',
  'negative',
  'positive',
  'trace',
  'absent',
  'present',
  'clear',
  'turbid',
  'slightly turbid',
  'hazy',
  'pale yellow',
  'yellow',
  'dark yellow',
  'straw',
  'amber',
  'reactive',
  'non reactive',
  'occasional',
  'plenty',
  'numerous',
  'few',
  'not detected',
];

/** 'Nii' → 'Nil', 'Negatlve' → 'Negative': a qualitative word within one edit of a known one. */
export function repairOcrWord(text: string): string {
  const t = text.trim();
  if (!/^[A-Za-z][A-Za-z ]{2,20}$/.test(t)) return text;
  const lower = t.toLowerCase();
  if (WORDS.includes(lower)) return text;
  const hits = WORDS.filter((w) => Math.abs(w.length - lower.length) <= 1 && editDistance(lower, w, 1) <= 1);
  if (hits.length !== 1 || slipMayNegate(lower, hits[0], WORDS)) return text;
  // Keep the printed capitalisation style ('NIL', 'Nil', 'nil').
  const w = hits[0];
  const upper = t.replace(/[^A-Z]/g, '').length;
  if (upper > t.replace(/[^A-Za-z]/g, '').length / 2) return w.toUpperCase();
  if (t[0] === t[0].toUpperCase()) return w.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  return w;
}

/**
 * A reading one slip from a result word at the word's start, where another result word is that
 * word with something before it ('nReactive': a speck before 'Reactive', or what is left of 'Non
 * Reactive'; 'tDetected' and 'Not Detected'): the two say opposite things, so no repair is safe.
 */
export function slipMayNegate(reading: string, word: string, words: readonly string[]): boolean {
  const squeeze = (w: string) => w.toLowerCase().replace(/[\s-]+/g, '');
  const [r, w] = [squeeze(reading), squeeze(word)];
  const atStart = r[0] !== w[0] || r.slice(1) === w;
  return atStart && words.some((other) => squeeze(other) !== w && squeeze(other).endsWith(w));
}

/**
 * The result word a photo's word result was likely read from, when `repairOcrWord` could not put
 * it back: too short to repair with confidence ('Ni' for 'Nil'), or a result word with a lone
 * letter beside it ('I Nil', a table's rule read into the cell). null when it is a result word or
 * like none. Such a result is "check it", not shown as read.
 */
export function resultWordMisread(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  if (!/^[a-z]+(?: [a-z]+)?$/.test(text) || isQualitativeWord(text)) return null;
  const words = text.split(' ');
  if (words.length === 2) {
    const word = words.find((w) => w.length > 1 && isQualitativeWord(w));
    return word && words.some((w) => w.length === 1) ? word : null;
  }
  return WORDS.find((w) => !w.includes(' ') && editDistance(text, w, 1) <= 1) ?? null;
}
