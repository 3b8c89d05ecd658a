import type { ExtractedValue, PatientInfo } from '../types';
import { analyteById } from '../parse/match-analyte';
import { unlistedAnalyte } from '../parse/lab-lines';
import { parseNumber } from '../parse/numbers';
import { bandOf, parseRange } from '../parse/ranges';
import { judgeFlag } from './flags';
import { markDisagrees } from './check-row';

/**
 * A value the patient typed from the printed report in place of a misread one (decision 243).
 * The patient's number is taken as printed: no photo doubt applies to it, so the row is read, and
 * its flag is judged exactly as the engine judges a read row (judgeFlag against the range shown
 * beside it, the knowledge base's range when none was printed, critical limits always).
 */
export interface EnteredNumber {
  value: number;
  qualifier: '<' | '>' | null;
}

/** The patient's text as a number: '41.01', '<0.5', '1,20,000'; null when it is none. */
export function parseEnteredValue(raw: string): EnteredNumber | null {
  const parsed = parseNumber(raw.trim());
  if (!parsed || !Number.isFinite(parsed.value)) return null;
  return { value: parsed.value, qualifier: parsed.qualifier };
}

/** The row as read (`read`), judged again with the patient's value in place of the reading. */
export function judgeEnteredValue(
  read: ExtractedValue,
  entered: EnteredNumber,
  patient: PatientInfo,
): ExtractedValue {
  const analyte =
    analyteById(read.canonical_id) ??
    unlistedAnalyte(read.name, typeof read.value === 'number' ? 'quantitative' : 'qualitative');
  // The range as shown on the row: the printed band ('Male: 13 - 17'), or nothing (the usual range).
  const range = parseRange(read.ref_source === 'report' ? read.ref_text : '', patient.sex, patient.age);
  const judged = judgeFlag({
    analyte,
    value: entered.value,
    qualifier: entered.qualifier,
    unit: read.unit,
    range,
    patient,
    printedFlag: read.flag_printed,
  });
  const band = bandOf(range, entered.value);
  // The patient's own reading: no doubt of the photo's, no note on how it was read.
  const { value_confidence: _confidence, reading_note: _note, ...rest } = read;
  return {
    ...rest,
    value: entered.value,
    qualifier: entered.qualifier,
    ref_low: judged.ref_low,
    ref_high: judged.ref_high,
    ref_source: judged.ref_source,
    flag: judged.flag,
    band: band ?? null,
    flag_disagrees: markDisagrees(read.flag_printed, judged.flag, judged.ref_source),
    uncertain: false,
  };
}
