import { fmtNumber } from '../parse/numbers';
import { alternativeReadings, NO_HINTS, SLIP_WORDS, type ReadingHints, type Slip } from '../parse/ocr-repair';
import { countMultiplier, normalizeUnit } from '../knowledge/units';
import type { Analyte } from '../types';
import { toBaseFactor } from './flags';

/**
 * Plausibility of values read from images (OCR): a photo that loses a decimal point turns
 * potassium 4.5 into 45; one that reads the colon before a value as a 1 turns 78.3 % into 178.3 %.
 * Outside the analyte's physiological limits (knowledge/limits.ts) the other readings of the
 * token (parse/ocr-repair.ts alternativeReadings, likeliest slip first) are tried; one is used only
 * when exactly one is plausible (the printed reference range's magnitude settles a tie).
 * Otherwise the value is marked uncertain and gets no High/Low flag. Either way the value's own
 * confidence is lowered and the reason recorded (decision 048).
 */
export interface Settled {
  /** A number, or a count read back from a slip ('0-1' read '10-1'). */
  value: number | string;
  uncertain: boolean;
  /** Lowered confidence (0..1) when the value is not simply what was read; null when it is. */
  confidence: number | null;
  note: string | null;
  /** The OCR slip this reading undid, when another reading of the token was used. */
  slip?: Slip;
}

/** A value whose decimal point was put back from the physiological limits. */
export const DECIMAL_CONFIDENCE = 0.6;
/**
 * A value whose slip other values on the report prove: a relation between results holds only with
 * this reading, or the whole column shows the same slip (interpret/cross-check.ts).
 */
export const PROVEN_CONFIDENCE = 0.8;
/** A value that could not be settled: shown, not flagged. */
export const UNCERTAIN_CONFIDENCE = 0.3;

export interface SettleInput {
  analyte: Analyte;
  /** The value token as read ('45', '1,380', '04'). */
  raw: string;
  /** The number as read. */
  read: number;
  /** The number after the OCR repairs (parse/ocr-repair.ts repairOcrValue), maybe divided. */
  repaired: number;
  unit: string;
  range: { low: number | null; high: number | null; text?: string };
  /** The mark printed beside the value (H, L, ↑, *), if any. */
  printedFlag?: string | null;
  /** What the report shows about its printing: which slips are likely (parse/ocr-repair.ts). */
  hints?: ReadingHints;
}

type Verdict = 'plausible' | 'implausible' | 'unknown';

export function judge(analyte: Analyte, value: number, unit: string): Verdict {
  const limits = analyte.plausible;
  if (!limits) return 'unknown';
  // No unit printed: the knowledge base's own unit is the one that would be inferred.
  const factor = unit ? toBaseFactor(analyte, unit) : 1;
  if (factor === null) return 'unknown'; // a unit the knowledge base cannot convert: no judgement
  const base = value * factor;
  return base >= limits.low && base <= limits.high ? 'plausible' : 'implausible';
}

function pastCritical(analyte: Analyte, value: number, unit: string): boolean {
  const c = analyte.critical;
  const factor = unit ? toBaseFactor(analyte, unit) : 1;
  if (!c || factor === null) return false;
  const base = value * factor;
  return (c.high !== undefined && base >= c.high) || (c.low !== undefined && base <= c.low);
}

/** Within a factor of five of the printed range: the magnitude the lab itself expects. */
function nearRange(value: number, range: { low: number | null; high: number | null }): boolean {
  const { low, high } = range;
  if (low === null && high === null) return false;
  if (high !== null && high > 0 && value > high * 5) return false;
  if (low !== null && low > 0 && value < low / 5) return false;
  return true;
}

/** The value is a count of cells (per µL, per cumm), as printed or as the knowledge base has it. */
function countUnit(analyte: Analyte, unit: string): boolean {
  return countMultiplier(normalizeUnit(unit || analyte.unit)) !== null;
}

/** Digits after the decimal point of a printed token. */
function decimals(token: string): number {
  const m = /\.(\d+)$/.exec(token);
  return m ? m[1].length : 0;
}

/** The most decimal places the printed range is written with ('0.70-1.30': 2); no range: 99. */
function rangeDecimals(range: { low: number | null; high: number | null; text?: string }): number {
  const numbers = range.text?.match(/\d+(?:\.\d+)?/g) ?? [];
  if (!numbers.length) return range.low === null && range.high === null ? 99 : 0;
  return Math.max(...numbers.map(decimals));
}

const COLON_AND_POINT = "a ':' before the value read as a 1 and a lost decimal point";

export function settleDecimal(input: SettleInput): Settled {
  const { analyte, raw, read, repaired, unit, range } = input;
  const hints = input.hints ?? NO_HINTS;
  const name = analyte.name.en.toLowerCase();
  const u = unit ? ` ${unit}` : '';
  const kept: Settled = { value: repaired, uncertain: false, confidence: null, note: null };
  // Shown as read, without a flag, and named at the top of the analysis.
  const uncertain = (note: string): Settled => ({
    value: read,
    uncertain: true,
    confidence: UNCERTAIN_CONFIDENCE,
    note,
  });
  const verdict = judge(analyte, repaired, unit);
  const token = raw.replace(/[<>\s,]/g, '');
  // On a report printing values after colons, a value starting with a 1 may have lost both its
  // colon (read as the 1) and its point ('1131' for ': 13.1'): a point put back alone is then a
  // guess where the reading without the 1, its point put back, is as possible.
  const colonAndPoint = (used: number): number | undefined =>
    hints.separators && /^1\d{2,}$/.test(token)
      ? alternativeReadings(token.slice(1), NO_HINTS).find(
          (r) =>
            r.slip === 'lost_point' &&
            r.value !== used &&
            judge(analyte, r.value, unit) === 'plausible' &&
            nearRange(r.value, range),
        )?.value
      : undefined;
  const integer = /^\d+$/.test(token);
  if (verdict !== 'implausible') {
    // The OCR repairs divided a value that is possible as read and past a critical limit (a
    // creatinine of 12 read without its point may be 1.2 or really 12): neither is safe to show.
    if (
      repaired !== read &&
      judge(analyte, read, unit) === 'plausible' &&
      pastCritical(analyte, read, unit)
    ) {
      return uncertain(
        `Read as ${raw} on the image; it may be ${fmtNumber(read)} or ${fmtNumber(repaired)}${u} (a lost decimal point), and one of them is critical.`,
      );
    }
    // The OCR repairs already put a decimal point back, but on a report whose printing allows
    // another slip ('1138' for sodium: 113.8, or 138 after a colon), both are guesses.
    const rival =
      repaired !== read
        ? alternativeReadings(raw, hints).find(
            (r) =>
              r.slip !== 'lost_point' &&
              r.slip !== 'spurious_point' &&
              judge(analyte, r.value, unit) === 'plausible' &&
              nearRange(r.value, range),
          )
        : undefined;
    if (rival) {
      return uncertain(
        `Read as ${raw} on the image; it may be ${fmtNumber(repaired)}${u} (a lost decimal point) or ${fmtNumber(rival.value)}${u} (${SLIP_WORDS[rival.slip]}).`,
      );
    }
    const doubledRival = repaired !== read ? colonAndPoint(repaired) : undefined;
    if (doubledRival !== undefined) {
      return uncertain(
        `Read as ${raw} on the image; it may be ${fmtNumber(repaired)}${u} (a lost decimal point) or ${fmtNumber(doubledRival)}${u} (${COLON_AND_POINT}).`,
      );
    }
    // The OCR repairs already put a decimal point back: say so, and trust it a little less.
    if (repaired !== read) {
      return {
        value: repaired,
        uncertain: false,
        confidence: DECIMAL_CONFIDENCE,
        note: `Read as ${raw} on the image; ${fmtNumber(repaired)} was used (a lost decimal point, from the printed range).`,
      };
    }
    // Possible, but far above the printed range while a lost decimal point would put it inside
    // (B12 '3417' against 211-911): a high flag would be a guess, so the value is uncertain.
    const inside =
      integer && range.high !== null && read > range.high * 3
        ? [10, 100].map((d) => read / d).find((v) => v <= range.high! && v >= (range.low ?? 0))
        : undefined;
    if (inside !== undefined) {
      return uncertain(
        `Read as ${raw} on the image; far above the printed range, and ${fmtNumber(inside)}${u} (a lost decimal point) would be inside it.`,
      );
    }
    // The same where the range is printed with decimals and the value without (bilirubin '19'
    // against 0.2 - 1.2 for 1.9): a lab prints a result as finely as its range, so a whole number
    // far above a range of tenths is more likely a lost point than a result ten times the limit.
    const finer =
      range.high !== null &&
      (!Number.isInteger(range.high) || (range.low !== null && !Number.isInteger(range.low)));
    const near =
      integer && finer && read > range.high! * 3
        ? [10, 100].map((d) => read / d).find((v) => nearRange(v, range))
        : undefined;
    if (near !== undefined) {
      return uncertain(
        `Read as ${raw} on the image; far above the printed range, which is written with decimals, and ${fmtNumber(near)}${u} (a lost decimal point) would be near it.`,
      );
    }
    // A whole number outside a range the lab writes with decimals on every bound, that a lost
    // point would put near it ('129' beside 30.0 - 100.0 for a vitamin D printed 12.9): a lab prints
    // a result as finely as its range, so a flag from the whole number would be a guess.
    const bounds = range.text?.match(/\d+(?:\.\d+)?/g) ?? [];
    const pointed = read / 10;
    if (
      integer &&
      token.length >= 2 &&
      bounds.length > 0 &&
      bounds.every((b) => b.includes('.')) &&
      ((range.low !== null && read < range.low) || (range.high !== null && read > range.high)) &&
      nearRange(pointed, range) &&
      judge(analyte, pointed, unit) === 'plausible'
    ) {
      return uncertain(
        `Read as ${raw} on the image; the report writes this test's range with decimals, and ${fmtNumber(pointed)}${u} (a lost decimal point) would be near it.`,
      );
    }
    // A three-digit whole number more than twice the top of its range that a lost point would
    // put near the range ('450' for a serum iron printed 45.0, '203' for a vitamin D of 20.3):
    // a high flag would be a guess unless the lab's own mark says high.
    const tenth = read / 10;
    if (
      integer &&
      analyte.plausible &&
      token.length >= 3 &&
      range.high !== null &&
      range.high > 0 &&
      read > range.high * 2 &&
      tenth <= range.high * 1.5 &&
      tenth >= (range.low ?? 0) * 0.6 &&
      judge(analyte, tenth, unit) === 'plausible' &&
      !/\b(h|hh|high)\b|↑|▲/i.test(input.printedFlag ?? '')
    ) {
      return uncertain(
        `Read as ${raw} on the image; more than twice the top of the printed range with no high mark beside it, and ${fmtNumber(tenth)}${u} (a lost decimal point) would be near the range.`,
      );
    }
    // A value printed more finely than its range and ending in a 1 ('3.651' beside '0.70-1.30'),
    // with no mark read beside it: the 1 may be an arrow glued to the value. Labs print an arrow
    // only beside an abnormal result, so the reading without the 1 must be outside the printed
    // range ('4.51' beside 4.5-5.5 is a normal RBC count, not 4.5 and a mark). It is used where
    // the report shows its marks read that way (two rows) or prints marks that were read beside
    // other results (this abnormal one lost its mark into the digits); otherwise either reading
    // may be the printed one, and the row is "check it".
    const mark = input.printedFlag
      ? undefined
      : alternativeReadings(raw, { ...hints, trailingMarks: true }).find((r) => r.slip === 'mark');
    const outside = (v: number) =>
      (range.low !== null && v < range.low) || (range.high !== null && v > range.high);
    if (
      mark &&
      decimals(token) > rangeDecimals(range) &&
      outside(mark.value) &&
      judge(analyte, mark.value, unit) !== 'implausible'
    ) {
      if (!hints.trailingMarks && !hints.marksPrinted) {
        return uncertain(
          `Read as ${raw} on the image; it may be ${fmtNumber(read)}${u} or ${fmtNumber(mark.value)}${u} (${SLIP_WORDS.mark}).`,
        );
      }
      return {
        value: mark.value,
        uncertain: false,
        confidence: DECIMAL_CONFIDENCE,
        slip: 'mark',
        note: `Read as ${raw} on the image; the report writes this test's range to ${rangeDecimals(range)} decimal places and prints marks beside abnormal results, so ${fmtNumber(mark.value)}${u} was used (${SLIP_WORDS.mark}).`,
      };
    }
    return kept;
  }
  // Impossible as read with an arrow glued to it ('22 ↓' read '221' for an eGFR), on a report that
  // prints marks: the reading without the 1 is used when it is the only possible reading that is
  // outside the printed range (labs print arrows beside abnormal results only) and written no more
  // finely than the range (a lost point, 22.1, would be finer than the lab writes this test).
  if (!input.printedFlag && (hints.marksPrinted || hints.trailingMarks)) {
    const beyond = (v: number) =>
      (range.low !== null && v < range.low) || (range.high !== null && v > range.high);
    const fits = alternativeReadings(raw, { ...hints, trailingMarks: true }).filter(
      (r) =>
        r.slip !== 'spurious_point' &&
        judge(analyte, r.value, unit) === 'plausible' &&
        beyond(r.value) &&
        decimals(String(r.value)) <= rangeDecimals(range),
    );
    if (fits.length === 1 && fits[0].slip === 'mark') {
      return {
        value: fits[0].value,
        uncertain: false,
        confidence: DECIMAL_CONFIDENCE,
        slip: 'mark',
        note: `Read as ${raw} on the image; ${fmtNumber(read)}${u} is not possible for ${name}, and the report prints marks beside abnormal results, so ${fmtNumber(fits[0].value)}${u} was used (${SLIP_WORDS.mark}).`,
      };
    }
  }
  // Impossible as read: the token's other readings, likeliest slip first.
  const candidates = alternativeReadings(raw, hints).filter(
    (r) => r.slip !== 'spurious_point' && judge(analyte, r.value, unit) === 'plausible',
  );
  const near = candidates.filter((r) => nearRange(r.value, range));
  let pick = candidates.length === 1 ? candidates[0] : near.length === 1 ? near[0] : null;
  // A thousands separator read as a point is a slip of counts (cells per µL, printed '12,000'),
  // or of a value the printed range puts in the thousands: elsewhere three decimals are a guess.
  if (pick?.slip === 'thousands' && !countUnit(analyte, unit) && !nearRange(pick.value, range)) pick = null;
  const doubled = pick?.slip === 'lost_point' ? colonAndPoint(pick.value) : undefined;
  if (pick && doubled !== undefined) {
    return uncertain(
      `Read as ${raw} on the image; it may be ${fmtNumber(pick.value)}${u} (a lost decimal point) or ${fmtNumber(doubled)}${u} (${COLON_AND_POINT}).`,
    );
  }
  if (pick !== null) {
    return {
      value: pick.value,
      uncertain: false,
      confidence: DECIMAL_CONFIDENCE,
      slip: pick.slip,
      note: `Read as ${raw} on the image; ${fmtNumber(read)}${u} is not possible for ${name}, so ${fmtNumber(pick.value)}${u} was used (${SLIP_WORDS[pick.slip]}).`,
    };
  }
  return uncertain(
    `Read as ${raw} on the image; ${fmtNumber(read)}${u} is not possible for ${name} and no other reading settles it.`,
  );
}
