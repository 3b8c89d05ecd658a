import { fmtNumber } from '../explain/format';
import type { Analyte } from '../types';
import { toBaseFactor } from './flags';

/**
 * Decimal plausibility for values read from images (OCR): a photo that loses a decimal point
 * turns potassium 4.5 into 45. Outside the analyte's physiological limits (knowledge/limits.ts)
 * a value printed without a decimal point is divided by 10 or 100; the division is used only
 * when exactly one reading is plausible (the printed reference range's magnitude settles a tie).
 * Otherwise the value is marked uncertain and gets no High/Low flag. Either way the value's own
 * confidence is lowered and the reason recorded (decision 048).
 */
export interface Settled {
  value: number;
  uncertain: boolean;
  /** Lowered confidence (0..1) when the value is not simply what was read; null when it is. */
  confidence: number | null;
  note: string | null;
}

/** A value whose decimal point was put back from the physiological limits. */
export const DECIMAL_CONFIDENCE = 0.6;
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
  range: { low: number | null; high: number | null };
}

type Verdict = 'plausible' | 'implausible' | 'unknown';

function judge(analyte: Analyte, value: number, unit: string): Verdict {
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

export function settleDecimal(input: SettleInput): Settled {
  const { analyte, raw, read, repaired, unit, range } = input;
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
    return kept;
  }
  const candidates = !integer
    ? []
    : [10, 100, 1000].map((d) => read / d).filter((v) => judge(analyte, v, unit) === 'plausible');
  const near = candidates.filter((v) => nearRange(v, range));
  const pick = candidates.length === 1 ? candidates[0] : near.length === 1 ? near[0] : null;
  if (pick !== null) {
    return {
      value: pick,
      uncertain: false,
      confidence: DECIMAL_CONFIDENCE,
      note: `Read as ${raw} on the image; ${fmtNumber(read)}${u} is not possible for ${name}, so ${fmtNumber(pick)}${u} was used (a lost decimal point).`,
    };
  }
  return uncertain(
    `Read as ${raw} on the image; ${fmtNumber(read)}${u} is not possible for ${name} and no decimal reading settles it.`,
  );
}
