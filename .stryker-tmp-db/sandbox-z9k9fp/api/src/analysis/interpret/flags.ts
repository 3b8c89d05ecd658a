// @ts-nocheck
import type { Flag } from '@reportsaathi/contracts';
import type { Analyte, PatientInfo } from '../types';
import type { ParsedRange } from '../parse/ranges';
import { canonicalUnit, unitFactor } from '../parse/units';

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
}

export interface FlagResult {
  flag: Flag;
  ref_low: number | null;
  ref_high: number | null;
  ref_source: 'report' | 'knowledge_base' | 'none';
}

/** Factor from the printed unit to the analyte's base unit; null if unknown. */
export function toBaseFactor(analyte: Analyte, unit: string): number | null {
  if (!unit) return analyte.unit === '' || analyte.unit === '%' ? 1 : null;
  const direct = unitFactor(unit, analyte.unit, analyte.units);
  if (direct !== null) return direct;
  // '%' printed for MCHC (really g/dL); the ratio 'Ratio' unit.
  if (canonicalUnit(unit) === '' || canonicalUnit(analyte.unit) === '') return 1;
  return null;
}

const NORMAL_WORDS = new Set([
  'nil',
  'negative',
  'neg',
  'absent',
  'not detected',
  'non reactive',
  'nonreactive',
  'non-reactive',
  'normal',
  'clear',
  'none',
  'none seen',
]);

function normWord(s: string): string {
  return s
    .toLowerCase()
    .replace(/[()[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function qualitativeFlag(value: string, refText: string, analyte: Analyte): Flag {
  const v = normWord(value);
  const ref = normWord(refText);
  const count = /^(\d+)\s*-\s*(\d+)$/.exec(v);
  const refBand = /^(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)/.exec(ref);
  if (count && refBand) return Number(count[2]) <= Number(refBand[2]) ? 'normal' : 'abnormal';
  if (/^\d+(\.\d+)?$/.test(v) && refBand) {
    return Number(v) <= Number(refBand[2]) && Number(v) >= Number(refBand[1]) ? 'normal' : 'abnormal';
  }
  if (refBand && NORMAL_WORDS.has(v)) return 'normal'; // 'Nil' against '0 - 2' /hpf
  if (ref && !refBand) {
    if (v === ref) return 'normal';
    const refWords = ref.split(/\s*(?:\/|,|or)\s*/).filter(Boolean);
    if (refWords.includes(v)) return 'normal';
    if (NORMAL_WORDS.has(v) && refWords.some((w) => NORMAL_WORDS.has(w))) return 'normal';
    return 'abnormal';
  }
  const normal = (analyte.reference.normal_text ?? []).map(normWord);
  if (normal.length) return normal.includes(v) ? 'normal' : 'abnormal';
  return NORMAL_WORDS.has(v) ? 'normal' : 'abnormal';
}

function printedDirection(printed: string | null): 'high' | 'low' | null {
  if (!printed) return null;
  const p = printed.toLowerCase();
  if (/\b(h|hh|high)\b|↑|▲/.test(p)) return 'high';
  if (/\b(l|ll|low)\b|↓|▼/.test(p)) return 'low';
  return null;
}

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
  let low = range.low;
  let high = range.high;
  let source: FlagResult['ref_source'] = range.kind === 'numeric' ? 'report' : 'none';
  const factor = toBaseFactor(analyte, input.unit);
  if (source === 'none' && factor !== null) {
    const ref =
      (patient.sex ? analyte.reference[patient.sex] : undefined) ??
      analyte.reference.any ??
      (analyte.reference.male && analyte.reference.female
        ? {
            low: Math.min(analyte.reference.male.low ?? Infinity, analyte.reference.female.low ?? Infinity),
            high: Math.max(
              analyte.reference.male.high ?? -Infinity,
              analyte.reference.female.high ?? -Infinity,
            ),
          }
        : undefined);
    if (ref) {
      low = ref.low === null || !Number.isFinite(ref.low) ? null : round(ref.low / factor);
      high = ref.high === null || !Number.isFinite(ref.high) ? null : round(ref.high / factor);
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
  if (analyte.critical && factor !== null) {
    const base = value * factor;
    if (analyte.critical.low !== undefined && base < analyte.critical.low) flag = 'critical_low';
    if (analyte.critical.high !== undefined && base > analyte.critical.high) flag = 'critical_high';
  }
  return { flag, ref_low: low, ref_high: high, ref_source: source };
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
