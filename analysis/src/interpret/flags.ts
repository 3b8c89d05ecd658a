import type { Flag } from '@reportsaathi/contracts';
import type { Analyte, PatientInfo } from '../types';
import { parseBand, rangeBody, unionBands, type ParsedRange } from '../parse/ranges';
import { isUnitToken } from '../parse/units';
import { TITRE } from '../parse/values';
import { normalizeUnit, unitFactor } from '../knowledge/units';
import { printedDirection } from './verdict';
import { rangeMakesSense } from './range-sense';
import { findingKey, isNormalFinding } from '../knowledge/findings';

/**
 * The flag of one value. The printed range decides (the patient's sex picks a sex-specific
 * one); without a printed range the knowledge base's adult range, converted to the printed
 * unit, decides; critical limits always come from the knowledge base. Qualitative results are
 * normal when they match the printed (or known) normal answer, abnormal otherwise.
 */
export interface FlagInput {
  analyte: Analyte;
  value: number | string;
  qualifier: '<' | '>' | null;
  unit: string;
  range: ParsedRange;
  patient: PatientInfo;
  printedFlag: string | null;
  /** The text came from OCR: its ranges are also held to the knowledge base's scale (range-sense.ts). */
  fuzzy?: boolean;
}

export interface FlagResult {
  flag: Flag;
  ref_low: number | null;
  ref_high: number | null;
  ref_source: 'report' | 'knowledge_base' | 'none';
  /** A range was printed but not read whole (decision 193): not used for the flag. */
  range_unused?: boolean;
}

/** Factor from the printed unit to the analyte's base unit; null if unknown. */
export function toBaseFactor(analyte: Analyte, unit: string): number | null {
  if (!unit) return analyte.unit === '' || analyte.unit === '%' ? 1 : null;
  const direct = unitFactor(unit, analyte.unit, analyte.units);
  if (direct !== null) return direct;
  // '%' printed for MCHC (really g/dL); the ratio 'Ratio' unit.
  if (normalizeUnit(unit) === '' || normalizeUnit(analyte.unit) === '') return 1;
  return null;
}

function normWord(s: string): string {
  return s
    .toLowerCase()
    .replace(/[()[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A printed band's text anywhere in a reference ('0-2', '0 to 5', '< 1.0', 'Upto 5') and the token after it. */
const BAND_TEXT =
  /(?:<=|>=|≤|≥|<|>|less\s+than|more\s+than|up\s*to|upto)?\s*\d+(?:\.\d+)?(?:\s*(?:-|–|to)\s*\d+(?:\.\d+)?)?(\s*\S+)?/g;

/**
 * A word labelling a cut-off of an index ('Positive > 1.1', 'Reactive >= 1.0'): the band an
 * abnormal index falls in, never the answer a healthy patient has. Only a normal finding's label
 * ('Non reactive < 1.0') is an answer.
 */
const CUT_OFF_LABEL = /([A-Za-z][A-Za-z -]*?)\s*(?:[<>≤≥]=?|=)\s*\d[\d.]*/g;

/**
 * The answers a reference prints in words ('Nil (0-2)' -> ['nil']; 'Yellow / Pale Yellow' -> both);
 * a band and the unit printed after it ('0-2 /hpf') are not answers.
 */
function referenceWords(ref: string): string[] {
  return ref
    .replace(CUT_OFF_LABEL, (cut: string, label: string) => (isNormalFinding(label) ? cut : ' / '))
    .replace(BAND_TEXT, (_, after: string | undefined) =>
      after && !isUnitToken(after.trim()) ? ` / ${after}` : ' / ',
    )
    .split(/\s*(?:\/|,|;|\bor\b)\s*/)
    .map((w) => w.replace(/\s+/g, ' ').trim())
    .filter((w) => /[a-z]/.test(w));
}

/**
 * A titre ('1:160') against the significant titre: the one printed ('1:80 and above', '>= 1:80',
 * '< 1:80' — a titre below it is not significant) or the knowledge base's. At or above it, not
 * normal: 'abnormal', as every qualitative answer outside its normal (the fixtures' rule 4).
 * Null when the value is no titre, or no significant titre is known.
 */
function titreFlag(value: string, refText: string, analyte: Analyte): Flag | null {
  const read = TITRE.exec(value.trim());
  if (!read) return null;
  const printed = /1\s*[:/]\s*(\d{1,5})/.exec(refText);
  const cut = printed ? Number(printed[1]) : analyte.reference.titre;
  if (!cut) return null;
  return Number(read[1]) >= cut ? 'abnormal' : 'normal';
}

/**
 * A word answer is matched against the reference's words, and a count or number against the
 * reference's band wherever it is printed ('Nil (0-2)', '0-2 /hpf', 'Negative (< 1.0)'): words
 * match words, counts are judged by the band.
 */
function qualitativeFlag(value: string, refText: string, analyte: Analyte): Flag {
  const titre = titreFlag(value, refText, analyte);
  if (titre) return titre;
  const v = normWord(value);
  const ref = normWord(rangeBody(refText));
  // No band printed: a count is judged by the knowledge base's ('2-3' pus cells /hpf against 0-5).
  const known = analyte.reference.any;
  const band =
    (ref ? parseBand(ref) : null) ??
    (!ref && known && (known.low !== null || known.high !== null)
      ? { low: known.low, high: known.high }
      : null);
  const inBand = (x: number) =>
    (band!.low === null || x >= band!.low) && (band!.high === null || x <= band!.high);
  const count = /^(\d+)\s*-\s*(\d+)$/.exec(v);
  // A count '2-4' is inside when its upper end is: the band is of cells per field, 0 upwards.
  if (count && band) return inBand(Number(count[2])) ? 'normal' : 'abnormal';
  if (/^\d+(\.\d+)?$/.test(v) && band) return inBand(Number(v)) ? 'normal' : 'abnormal';
  // Words are compared as findings (knowledge/findings.ts): punctuation, blanks to fill in and
  // fillers ('on smear') aside, an OCR slip of a word taken for the word (decision 194).
  const words = referenceWords(ref).map(findingKey).filter(Boolean);
  if (words.includes(findingKey(value))) return 'normal';
  if (isNormalFinding(value)) {
    if (words.some((w) => isNormalFinding(w))) return 'normal';
    // 'Nil' against a band of counts ('0 - 2' /hpf): none is inside a band that starts at nought
    // and below one that does not.
    if (band) return band.low === null || band.low <= 0 ? 'normal' : 'abnormal';
  }
  // The reference prints its answers in words: this is one of them (or its slip), or not normal.
  if (words.length) return isNormalFinding(value, words) ? 'normal' : 'abnormal';
  // A band only: a word answer is judged by the knowledge base's normal answers.
  const normal = (analyte.reference.normal_text ?? []).map(findingKey);
  if (normal.length) return isNormalFinding(value, normal) ? 'normal' : 'abnormal';
  return isNormalFinding(value) ? 'normal' : 'abnormal';
}

export { printedDirection };

export function judgeFlag(input: FlagInput): FlagResult {
  const { analyte, value, range, patient } = input;
  if (typeof value === 'string') {
    return {
      flag: qualitativeFlag(value, range.text, analyte),
      ref_low: null,
      ref_high: null,
      ref_source: range.text ? 'report' : 'knowledge_base',
    };
  }
  const factor = toBaseFactor(analyte, input.unit);
  // A printed range is used only when read whole: bounds this test could have (decision 193).
  // Otherwise the lab's printed mark gives the flag, else the knowledge base's range, said to be ours.
  // A unit the knowledge base cannot convert ('HbA1c 68 mmol/mol (20 - 38)'): on a typed page the
  // range printed beside the value is in the value's unit, so it judges it as printed.
  const ownUnit = factor === null && !input.fuzzy && !!input.unit && printedAlike(value, range);
  const unused =
    range.kind === 'numeric' && !ownUnit && !rangeMakesSense(analyte, range, factor, input.fuzzy, value);
  let low = unused ? null : range.low;
  let high = unused ? null : range.high;
  let source: FlagResult['ref_source'] = range.kind === 'numeric' && !unused ? 'report' : 'none';
  const mark = unused ? printedDirection(input.printedFlag) : null;
  if (source === 'none' && factor !== null && !mark) {
    const ref =
      (patient.sex ? analyte.reference[patient.sex] : undefined) ??
      analyte.reference.any ??
      (analyte.reference.male && analyte.reference.female
        ? unionBands(analyte.reference.male, analyte.reference.female)
        : undefined);
    if (ref && (ref.low !== null || ref.high !== null)) {
      // Converted into the printed unit, to the precision the value is printed in (3.9-5.6
      // mmol/L, not 3.885435-5.550622): a conversion claims no more digits than the report.
      low = ref.low === null ? null : converted(ref.low / factor, factor, value);
      high = ref.high === null ? null : converted(ref.high / factor, factor, value);
      source = 'knowledge_base';
    }
  }
  let flag: Flag = 'normal';
  if (low !== null || high !== null) {
    // Censored values: '<0.01' is below 0.27; '>2000' is above 911.
    if (low !== null && (value < low || (input.qualifier === '<' && value <= low))) flag = 'low';
    else if (high !== null && (value > high || (input.qualifier === '>' && value >= high))) flag = 'high';
  } else {
    const dir = printedDirection(input.printedFlag);
    if (dir) flag = dir;
  }
  // Critical limits apply to every read value whatever the printed mark or range says, limits
  // included (potassium 6.2 is critical); a unit not recognised is taken as the base unit when
  // the printed range is in the knowledge base's scale (decision 191).
  const critFactor = factor ?? (!unused && rangeInBaseScale(analyte, range) ? 1 : null);
  if (analyte.critical && critFactor !== null) {
    const base = value * critFactor;
    if (analyte.critical.low !== undefined && base <= analyte.critical.low) flag = 'critical_low';
    if (analyte.critical.high !== undefined && base >= analyte.critical.high) flag = 'critical_high';
  }
  return {
    flag,
    ref_low: low,
    ref_high: high,
    ref_source: source,
    ...(unused ? { range_unused: true } : {}),
  };
}

/** A value and a range of one scale: the value within ten times either way of the range's bounds. */
function printedAlike(value: number, range: { low: number | null; high: number | null }): boolean {
  const bounds = [range.low, range.high].filter((b): b is number => b !== null && b > 0);
  return bounds.length > 0 && bounds.every((b) => value >= b / 10 && value <= b * 10);
}

/** The printed range's bounds are within a factor of two of the knowledge base's (base unit). */
export function rangeInBaseScale(
  analyte: Analyte,
  range: { low: number | null; high: number | null },
): boolean {
  const refs = [analyte.reference.any, analyte.reference.male, analyte.reference.female].filter(
    (r): r is { low: number | null; high: number | null } => !!r,
  );
  const near = (a: number | null, b: number | null) =>
    a !== null && b !== null && b > 0 && a / b >= 0.5 && a / b <= 2;
  return refs.some(
    (r) => near(range.high, r.high) || (range.low !== null && range.low > 0 && near(range.low, r.low)),
  );
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/**
 * A bound of ours in the printed unit: as is in the base unit; converted, to the value's printed
 * decimal places, never fewer than two significant digits (0.034, not 0.0).
 */
export function converted(bound: number, factor: number, value: number): number {
  if (factor === 1) return round(bound);
  const places = (String(value).split('.')[1] ?? '').length;
  const significant = bound === 0 ? 0 : Math.max(0, 1 - Math.floor(Math.log10(Math.abs(bound))));
  return Number(bound.toFixed(Math.min(6, Math.max(places, significant))));
}
