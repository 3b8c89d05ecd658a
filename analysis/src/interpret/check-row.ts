import type { Row } from '../parse/row';
import { analyteById, analyteForResult } from '../parse/match-analyte';
import { recogniseDamagedName } from './damaged-name';
import { readLookalikeDigits } from '../parse/numbers';
import { isUnitToken } from '../parse/units';
import { isQualitativeWord, SEPARATOR_GLYPHS } from '../parse/values';
import {
  NO_HINTS,
  orderRange,
  repairInvertedRange,
  repairOcrRangeText,
  withoutLostPoints,
  repairOcrUnit,
  repairOcrValue,
  repairOcrWord,
  resultWordMisread,
  repairRangeScale,
  type ReadingHints,
} from '../parse/ocr-repair';
import { bandOf, parseRange, type ParsedRange } from '../parse/ranges';
import type { ExtractedValue, PatientInfo } from '../types';
import { judgeFlag, toBaseFactor } from './flags';
import { checkItFlag, printedDirection } from './verdict';
import {
  judge as judgePlausible,
  PROVEN_CONFIDENCE,
  settleDecimal,
  UNCERTAIN_CONFIDENCE,
  type Settled,
} from './plausibility';
import { inferUnit, unitOfTheReport, unitSpelling } from './unit-spelling';
import { lostUnitProblem, unitBesideValue } from './lost-unit';
import { percentOrCount } from './percent-or-count';
import { answerlessReference } from './answerless-range';
import { judge } from './plausibility';
import { loincForUnit } from '../knowledge/loinc-by-unit';
import { sameUnit } from '../knowledge/units';

/**
 * One result row, from what the table reader found to what the patient sees:
 *  1. read: the unit, range and value with the photo repairs (a garbled unit, a lost point in the
 *     range, a value outside the physiological limits: interpret/plausibility.ts);
 *  2. (the report-wide checks run here: interpret/derived.ts, interpret/cross-check.ts);
 *  3. shown: the flag computed from the value that is shown, then the row checked against itself
 *     (a value outside its shown range is never flagged normal) and against the lab's own mark
 *     (an H beside a value the range calls low means one of them was misread).
 * A row that fails a check is shown as "could not read clearly — check the printed report".
 */
export interface CheckedRow {
  row: Row;
  value: number | string;
  unit: string;
  range: ParsedRange;
  /** How the value was settled, when it is not simply what was read. */
  settled: Settled | null;
  /** The unit was not printed and the knowledge base's is the only plausible one. */
  inferred: string | null;
}

export interface RowContext {
  /** The text came from OCR (a photo or a scanned PDF): its slips are repaired. */
  fuzzy: boolean;
  patient: PatientInfo;
  /** Which OCR slips the report's printing makes likely (readingHints). */
  hints?: ReadingHints;
  /** The report's lines (OCR text), to look at a row's whole line. */
  lines?: string[];
  /** Per line, the words printed in red on the image (extract/ink.ts), where colour was kept. */
  redWords?: string[][];
  /** Per line, the words a pen stroke or a stamp crosses on the image (extract/ink.ts). */
  inkedWords?: string[][];
  /** Every row of the report, to know which tests it already names. */
  rows?: Row[];
}

/** A word as compared for colour: its letters, digits and points. */
function inkKey(word: string): string {
  return word.toLowerCase().replace(/[^a-z0-9.]/g, '');
}

/**
 * The row's result is printed in red: a red word on its line is its value token ('32.6' beside
 * '32.6↑' read as one word, or the other way round).
 */
export function printedRed(row: Row, redWords: string[][] | undefined): boolean {
  return valueAmong(row, redWords);
}

/** The row's value token is one of the words of its line (per line, as OCR read them). */
function valueAmong(row: Row, wordsByLine: string[][] | undefined, everyWord = false): boolean {
  const words = wordsByLine?.[row.lineIndex];
  if (!words?.length) return false;
  const tokens = row.value.raw.trim().split(/\s+/);
  return (everyWord ? tokens : tokens.slice(0, 1)).some((token) => words.some((w) => sameInkWord(token, w)));
}

/** A word of the line's coloured-ink list that is this value token ('32.6' and '32.6↑' alike). */
export function sameInkWord(token: string, word: string): boolean {
  const value = inkKey(token);
  const k = inkKey(word);
  return !!value && !!k && (k === value || k.startsWith(value) || value.startsWith(k));
}

/** A value token followed by a lone '1' (or l, I, |): a mark after the value ('65 ↑' read '65 1'). */
const TRAILING_MARK = /^(\S*\d)\s+[1lI|]$/;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The row's value is printed right after a colon or a bar in its line ('Hb : 6.7'), or after a
 * glyph OCR reads for the colon ('$12,000': parse/values.ts SEPARATOR_GLYPHS).
 */
export function separatorBefore(row: Row, lines: string[]): boolean {
  const line = lines[row.lineIndex] ?? '';
  return new RegExp(`[|;${escape(SEPARATOR_GLYPHS)}]\\s*${escape(row.value.raw)}(?![\\d.])`).test(line);
}

/**
 * What the report's printing says about likely slips, from all its rows: values after a colon or
 * bar (two rows show it, or most numbers start with a 1, as when every colon was read as a 1), and
 * marks after values read as a separate '1' (two rows, or one after a decimal value: '7.06 1').
 */
export function readingHints(rows: Row[], lines: string[], redWords?: string[][]): ReadingHints {
  const numeric = rows.filter((r) => typeof r.value.value === 'number');
  // Any result shows the printing, a word one too ('COLOR : Pale Yellow' where every number's
  // colon was read as a 1 or lost).
  const shown = rows.filter((r) => separatorBefore(r, lines)).length;
  // (only a 1 whose value without it is possible: sodium's '136' and chloride's '101' start with a
  // 1 by nature, and say nothing about colons)
  const leading = numeric.filter((r) => {
    const t = r.value.raw.replace(/[<>\s,]/g, '');
    return /^1\d/.test(t) && judge(r.analyte, Number(t.slice(1)), r.unit) !== 'implausible';
  }).length;
  const marks = numeric.filter((r) => TRAILING_MARK.test(r.value.raw.trim()));
  // Values ending in a 1 printed more finely than their range, outside it without the 1
  // ('3.651' beside 0.70-1.30): an arrow glued to an abnormal result.
  const glued = numeric.filter((r) => {
    const token = r.value.raw.trim();
    if (!/\d1$/.test(token) || /\s/.test(token)) return false;
    const places = (t: string) => /\.(\d+)$/.exec(t)?.[1].length ?? 0;
    const bounds = r.rangeText.match(/\d+(?:\.\d+)?/g) ?? [];
    if (!bounds.length || places(token) <= Math.max(...bounds.map(places))) return false;
    const range = parseRange(r.rangeText, null);
    const without = Number(token.slice(0, -1));
    return (range.low !== null && without < range.low) || (range.high !== null && without > range.high);
  });
  return {
    // (five numbers at least: on four, three starting with a 1 happens by chance one time in twelve)
    separators: shown >= 2 || (numeric.length >= 5 && leading >= numeric.length * 0.6),
    trailingMarks: marks.length + glued.length >= 2 || marks.some((r) => r.value.raw.includes('.')),
    marksPrinted: rows.some((r) => !!r.value.flag) || rows.some((r) => printedRed(r, redWords)),
  };
}

/**
 * The test a row is read as: the table reader's match, unless the row's own result or, on a
 * photo, its unit, range and value say which test a name damaged beyond matching is.
 */
function rowAsMeant(printedRow: Row, ctx: RowContext): { row: Row; note: string | null } {
  const printed = lakhWrittenL(printedRow);
  if (!printed.known) {
    const present = new Set((ctx.rows ?? []).filter((r) => r.known).map((r) => r.analyte.id));
    const damaged = ctx.fuzzy && ctx.rows ? recogniseDamagedName(printed, present, ctx.patient) : null;
    if (!damaged) return { row: printed, note: null };
    return {
      row: { ...printed, analyte: damaged, known: true, name: damaged.name.en },
      note: `The name was read as '${printed.name}' on the image; its unit, printed range and value are those of ${damaged.name.en.toLowerCase()}.`,
    };
  }
  // A name several tests share, matched to one whose result cannot be the one read ('R.B.C.  Nil'
  // matched to the blood count when OCR lost the '/' of '/HPF'): the result decides.
  let analyte = analyteForResult(printed.name, printed.analyte, printed.value.value);
  // A white cell type as a share (%) or as a count: by its unit and its range's magnitude.
  if (typeof printed.value.value === 'number') {
    const range = parseRange(printed.rangeText, ctx.patient.sex, ctx.patient.age);
    analyte = percentOrCount(analyte, printed.unit, range);
    // A bare 'pH' whose printed range is the blood's narrow band (7.35 - 7.45), not the urine's.
    if (
      analyte.id === 'urine_ph' &&
      range.low !== null &&
      range.high !== null &&
      range.low >= 7.2 &&
      range.high <= 7.6
    )
      analyte = analyteById('blood_ph') ?? analyte;
  }
  return { row: analyte === printed.analyte ? printed : { ...printed, analyte }, note: null };
}

/**
 * 'Plt-1.5L', 'Platelets 2.1 L' with no unit and no range: a count written in lakhs, as Indian
 * doctors and labs write platelets — the 'L' is the unit, not a low mark. Only for a test counted
 * in lakhs and a value that is a living patient's count in lakhs; with a printed range or unit the
 * 'L' stays the lab's mark.
 */
function lakhWrittenL(row: Row): Row {
  const value = row.value.value;
  if (typeof value !== 'number' || row.unit || row.rangeText.trim() || !/^l$/i.test(row.value.flag ?? ''))
    return row;
  const lakh = Object.entries(row.analyte.units).find(([unit]) => /^la(?:kh|c)/i.test(unit));
  const limits = row.analyte.plausible;
  if (!lakh || !limits || value * lakh[1] < limits.low || value * lakh[1] > limits.high) return row;
  return { ...row, unit: lakh[0], value: { ...row.value, flag: null } };
}

export function readRow(printedRow: Row, ctx: RowContext): CheckedRow {
  const { fuzzy, patient } = ctx;
  const { row, note: nameNote } = rowAsMeant(printedRow, ctx);
  let range = parseRange(fuzzy ? repairOcrRangeText(row.rangeText) : row.rangeText, patient.sex, patient.age);
  if (fuzzy) range = withoutLostPoints(range);
  let value = row.value.value;
  let raw = row.value.raw;
  let unit = row.unit;
  let settled: Settled | null = null;
  const hints = ctx.hints ?? NO_HINTS;
  if (fuzzy) {
    // '65 1': the arrow or mark printed after the value read as a separate 1.
    const mark = TRAILING_MARK.exec(raw.trim());
    if (hints.trailingMarks && typeof value === 'number' && mark && Number.isFinite(Number(mark[1]))) {
      raw = mark[1];
      value = Number(mark[1]);
      settled = {
        value,
        uncertain: false,
        confidence: null,
        slip: 'mark',
        note: `Read as ${row.value.raw} on the image; the 1 after the value is the mark printed beside it.`,
      };
    }
    // 'l3.S' for a quantitative test: letters read for digits (parse/numbers.ts).
    if (typeof value === 'string' && row.analyte.kind === 'quantitative') {
      const digits = readLookalikeDigits(value);
      if (digits !== null) {
        raw = String(digits);
        value = digits;
        settled = {
          value: digits,
          uncertain: false,
          confidence: null,
          note: `Read as ${row.value.raw} on the image; letters taken for the digits they look like.`,
        };
      }
    }
    // A unit the table reader did not take (its column's heading under a stamp) read off the line.
    if (!unit) unit = unitBesideValue(row, ctx.lines?.[row.lineIndex]) ?? '';
    unit = repairOcrUnit(unit, row.analyte, (u) => toBaseFactor(row.analyte, u) !== null);
    // A photo's unit that is still none this test is printed in ('nL' for a platelet count's
    // '/µL') is garbled, not a unit: dropped, so the knowledge base's is inferred where it fits.
    if (
      row.known &&
      unit &&
      toBaseFactor(row.analyte, unit) === null &&
      !row.analyte.unconverted?.some((u) => sameUnit(u, unit))
    )
      unit = '';
    // A test printed without a unit (a specific gravity, a pH) takes any unit as 1, so a word read
    // beside its value that is no unit at all ('1.012 praotd': a stamp's letters) is dropped too.
    if (row.known && unit && row.analyte.unit === '' && !isUnitToken(unit)) unit = '';
    const factor = toBaseFactor(row.analyte, unit);
    range = repairRangeScale(repairInvertedRange(range), row.analyte, factor);
    if (typeof value === 'number') {
      const repaired = repairOcrValue(raw, value, unit, range, row.analyte, factor === 1);
      // Outside the analyte's physiological limits: another reading of the token, or uncertain.
      const limits = settleDecimal({
        analyte: row.analyte,
        raw,
        read: value,
        repaired,
        unit,
        range,
        printedFlag: row.value.flag,
        hints,
      });
      settled = limits.note || !settled ? limits : { ...settled, value: limits.value };
      value = limits.value;
    } else value = repairOcrWord(value);
    if (range.kind === 'qualitative') range = { ...range, text: repairOcrWord(range.text) };
    if (range.kind === 'qualitative' && row.known && answerlessReference(range.text, row.analyte))
      range = { ...range, text: '' };
  } else range = orderRange(range);
  unit = unitSpelling(row.analyte, unit);
  const inferred =
    !unit && row.known
      ? (inferUnit(row.analyte, value, range) ??
        perField(row, fuzzy) ??
        (range.kind === 'numeric' ? null : unitOfTheReport(row.analyte, value, ctx.rows ?? [])))
      : null;
  if (inferred) unit = inferred;
  if (nameNote) {
    settled = settled
      ? { ...settled, note: settled.note ? `${nameNote} ${settled.note}` : nameNote }
      : { value, uncertain: false, confidence: null, note: nameNote };
  }
  return { row, value, unit, range, settled, inferred };
}

/**
 * A photo's result of a count per microscope field ('0-1', 'Nil', '2') whose '/HPF' the OCR lost:
 * a count of cells per field has no other unit, so the knowledge base's is shown (marked as
 * inferred).
 */
function perField(row: Row, fuzzy: boolean): string | null {
  return fuzzy && /^\/[hl]pf$/i.test(row.analyte.unit) ? row.analyte.unit : null;
}

/**
 * A photo's word result that is the start of a longer answer the range prints, or a normal answer
 * the knowledge base knows ('Pale' for 'Pale Yellow'): the rest of it was lost under a mark or at
 * the edge, so it is not judged.
 */
function cutShort(value: number | string, refText: string, normal: string[]): boolean {
  if (typeof value !== 'string' || !/^[A-Za-z]+$/.test(value.trim()) || isQualitativeWord(value))
    return false;
  const v = value.trim().toLowerCase();
  const longer = new RegExp(`\\b${v}\\s+[a-z]{3,}`);
  return [refText.toLowerCase(), ...normal].some((answer) => longer.test(answer));
}

/**
 * A photo's result in words for a test whose result is a number ('SPAN' for a pH, '1.012 praotd'
 * for a specific gravity): a stamp, a pen stroke or the next column read into the cell. Words
 * results are written in ('Nil', 'Trace'), counts ('0-1') and words the printed range uses pass.
 */
function wordForNumber(value: number | string, kind: string, refText: string): boolean {
  if (typeof value !== 'string' || kind !== 'quantitative') return false;
  const v = value.trim();
  if (!/[A-Za-z]/.test(v) || isQualitativeWord(v) || /^\d+\s*-\s*\d+$/.test(v)) return false;
  return !refText.toLowerCase().includes(v.toLowerCase());
}

/**
 * A photo's censored value ('>60') on a row with no range, whose line has a plain number before
 * it ('eGFR 22 mL/min >60'): the reader took the printed range for the result. Returns that
 * number (the likely result), or null.
 */
export function resultBeforeRange(r: CheckedRow, lines: string[]): string | null {
  if (!r.row.value.number?.qualifier || r.range.text.trim()) return null;
  const line = (lines[r.row.lineIndex] ?? '').replace(/\([^)]*\)/g, ' ');
  const at = line.lastIndexOf(r.row.value.raw.trim());
  if (at <= 0) return null;
  const numbers = line.slice(0, at).match(/(?<=\s)\d+(?:\.\d+)?(?=\s)/g);
  return numbers ? numbers[numbers.length - 1] : null;
}

/** The row as shown: flags from the shown value, then the row's own consistency checks. */
export function showRow(r: CheckedRow, ctx: RowContext): ExtractedValue {
  const { row, value, unit, range, inferred } = r;
  let settled = r.settled;
  const qualifier = row.value.number?.qualifier ?? null;
  const judged = judgeFlag({
    analyte: row.analyte,
    value,
    qualifier,
    unit,
    range,
    patient: ctx.patient,
    printedFlag: row.value.flag,
    fuzzy: ctx.fuzzy,
  });
  const disagrees = markDisagrees(row.value.flag, judged.flag, judged.ref_source);
  const red = printedRed(row, ctx.redWords);
  if (!settled?.uncertain && typeof value === 'number') {
    const problem =
      outsideButNormal(value, qualifier, judged) ??
      // A photo's value whose printed mark points the other way: the value, the range or the
      // mark was misread, and the flag cannot be trusted either way.
      (ctx.fuzzy && disagrees
        ? `the report marks it '${row.value.flag}', which the value read (${value}) against the printed range does not give`
        : null) ??
      // Printed in red (the lab's mark for an abnormal result) but normal as read: the same.
      (red && judged.flag === 'normal' && judged.ref_source !== 'none'
        ? `the report prints it in red, as labs print an abnormal result, but the value read (${value}) is inside the range`
        : null);
    if (problem) settled = suspect(settled, value, problem);
  }
  // A repair keeps the meaning (decision 195): a photo's value shown other than as read is shown
  // only when it does not turn the reading's high into low (or back), and, on a report that marks
  // its abnormal results, only when the mark agrees (an abnormal repair with no mark beside it is
  // no reading the lab printed).
  const repairProblem = ctx.fuzzy && !settled?.uncertain ? repairChangesMeaning(r, judged, ctx) : null;
  if (repairProblem) settled = suspect(settled, value, repairProblem);
  // A photo's number read without its unit, of a test printed in units whose numbers differ: its
  // size is not known (lost-unit.ts).
  const unitProblem =
    ctx.fuzzy && !settled?.uncertain && typeof value === 'number' ? lostUnitProblem(row, unit) : null;
  if (unitProblem) settled = suspect(settled, value, unitProblem);
  // A printed range not read whole is not used (decision 193): said so, and on a photo with nothing
  // else to judge the value by (no mark of the lab's, no range of ours), the row is "check it".
  if (judged.range_unused && !settled?.uncertain) {
    const why = `the printed range (${range.text.replace(/\s*\n\s*/g, ' / ')}) could not be read whole, so it was not used`;
    if (ctx.fuzzy && judged.ref_source === 'none' && !printedDirection(row.value.flag))
      settled = suspect(settled, value, why);
    else {
      const note = `${why[0].toUpperCase()}${why.slice(1)}; ${
        judged.ref_source === 'knowledge_base'
          ? 'the usual range is used instead.'
          : "the flag is the lab's own mark."
      }`;
      settled = settled
        ? { ...settled, note: settled.note ? `${settled.note} ${note}` : note }
        : { value, uncertain: false, confidence: null, note };
    }
  }
  // On a photo, a number of a test the knowledge base has a range for, judged by nothing (its unit
  // and its range unread, no mark of the lab's): 'normal' would be a guess (TSH 0.08 with its unit
  // read as 'pum' and its range as '04-40').
  if (
    ctx.fuzzy &&
    !settled?.uncertain &&
    typeof value === 'number' &&
    row.known &&
    judged.ref_source === 'none' &&
    !printedDirection(row.value.flag) &&
    hasKnownRange(row.analyte)
  )
    settled = suspect(
      settled,
      value,
      'neither its unit nor its range could be read, so it could not be judged',
    );
  const lost = ctx.fuzzy && !settled?.uncertain ? resultBeforeRange(r, ctx.lines ?? []) : null;
  if (lost) {
    settled = suspect(
      settled,
      value,
      `the value read (${row.value.raw}) looks like the printed range, and ${lost} before it may be the result`,
    );
  }
  if (
    ctx.fuzzy &&
    !settled?.uncertain &&
    cutShort(value, range.text, row.analyte.reference.normal_text ?? [])
  ) {
    settled = suspect(
      settled,
      value,
      `only '${value}' was read, the start of an answer the range prints in full`,
    );
  }
  if (ctx.fuzzy && !settled?.uncertain && wordForNumber(value, row.analyte.kind, range.text)) {
    settled = suspect(
      settled,
      value,
      `'${value}' was read where this test's result is a number (a mark or a stamp over it)`,
    );
  }
  const misread =
    ctx.fuzzy && !settled?.uncertain && typeof value === 'string' ? resultWordMisread(value) : null;
  // A word the printed range itself uses is the lab's own, however odd.
  const ownWord = (word: string) =>
    range.text
      .toLowerCase()
      .split(/[^a-z]+/)
      .includes(word.trim().toLowerCase());
  if (misread && !ownWord(String(value))) {
    settled = suspect(
      settled,
      value,
      `'${value}' is no word a report writes as a result; it may be '${misread}' misread`,
    );
  }
  // On a photo, a name that is no test the knowledge base knows may be a known test's name misread
  // ('vo' for VLDL, 'CHOUHDL RATIO'): its value is shown, but not as a known test's reading.
  if (ctx.fuzzy && !settled?.uncertain && !row.known) {
    settled = suspect(settled, value, `the test's name ('${row.name}') was not recognised on the photo`);
  }
  // '.408' for a TSH printed 2.408: labs write a leading zero ('0.408'), so a photo's number that
  // starts with its point lost the digits before it (under a stamp, a fold, the page's edge).
  if (ctx.fuzzy && !settled?.uncertain && /^[<>]?\.\d/.test(row.value.raw.trim())) {
    settled = suspect(
      settled,
      value,
      `the value read (${row.value.raw.trim()}) starts with its decimal point, so a digit before it may be lost`,
    );
  }
  // Any word of a result written in words ('Pale Yellow'): a stroke across its second hides it as well.
  if (ctx.fuzzy && !settled?.uncertain && valueAmong(row, ctx.inkedWords, true)) {
    settled = suspect(settled, value, `a pen stroke or a stamp crosses the value read (${value})`);
  }
  const uncertain = settled?.uncertain ?? false;
  const v: ExtractedValue = {
    canonical_id: row.analyte.id,
    // The code of the property reported: substance (mmol/L) or mass (mg/dL) (decision 196).
    loinc: loincForUnit(row.analyte.id, row.analyte.loinc, unit),
    name: row.name,
    value: settled?.uncertain ? settled.value : value,
    unit,
    ref_low: judged.ref_low,
    ref_high: judged.ref_high,
    // The band the flag was judged by ('Male: 14-16'), where the range prints one per population.
    ref_text: judged.ref_source === 'report' && range.shown ? range.shown : range.text,
    ref_source: judged.ref_source,
    // An unsettled reading gets no flag computed from it (nor a critical one); where the report's
    // own mark beside it was read, the row carries that mark's direction ("the report marks this
    // high — check the printed value"): the lab's judgement, not one made from a doubtful number.
    flag: uncertain ? checkItFlag(row.value.flag) : judged.flag,
    flag_printed: row.value.flag,
  };
  if (uncertain) v.uncertain = true;
  if (settled?.confidence != null) v.value_confidence = settled.confidence;
  if (settled?.note) v.reading_note = settled.note;
  if (qualifier) v.qualifier = qualifier;
  if (inferred) v.unit_inferred = true;
  if (!row.known) v.not_in_knowledge_base = true;
  if (typeof value === 'number' && !uncertain) {
    const band = bandOf(range, value);
    if (band) v.band = band;
  }
  if (!uncertain && disagrees) v.flag_disagrees = true;
  if (red) v.printed_red = true;
  return v;
}

/** The side of a range a number is on. */
function side(x: number, low: number | null, high: number | null): 'low' | 'high' | null {
  if (low !== null && x < low) return 'low';
  if (high !== null && x > high) return 'high';
  return null;
}

/** Why a photo's repaired value cannot be shown as read, or null when it keeps the meaning. */
export function repairChangesMeaning(
  r: CheckedRow,
  judged: { flag: string; ref_low: number | null; ref_high: number | null },
  ctx: RowContext,
): string | null {
  const read = r.row.value.value;
  if (typeof read !== 'number' || typeof r.value !== 'number' || read === r.value) return null;
  // Proven by other results (a relation that holds only with it, or the whole column's slip), or
  // the mark itself read as a 1 after the value: the repair is the reading the report supports.
  if (r.settled?.confidence === PROVEN_CONFIDENCE || r.settled?.slip === 'mark') return null;
  const before = side(read, judged.ref_low, judged.ref_high);
  const after = judged.flag.endsWith('high') ? 'high' : judged.flag.endsWith('low') ? 'low' : null;
  const raw = r.row.value.raw.trim();
  // A reading no patient could have ('45' g/dL of haemoglobin) has no side to keep.
  const readPossible = judgePlausible(r.row.analyte, read, r.unit) !== 'implausible';
  if (readPossible && before && after && before !== after)
    return `the value was read as ${raw} (${before}); reading it as ${r.value} would make it ${after}`;
  if (after && !r.row.value.flag && ctx.hints?.marksPrinted && !printedRed(r.row, ctx.redWords))
    return `the value was read as ${raw}; reading it as ${r.value} makes it ${after}, but the report, which marks its abnormal results, has no mark beside it`;
  return null;
}

/** A row made "check it", keeping any earlier note. */
export function suspect(settled: Settled | null, value: number | string, why: string): Settled {
  const note = `${why[0].toUpperCase()}${why.slice(1)}; please check it on the printed report.`;
  return {
    value,
    uncertain: true,
    confidence: UNCERTAIN_CONFIDENCE,
    note: settled?.note ? `${settled.note} ${note}` : note,
  };
}

/**
 * The flag must agree with the value and range shown beside it: a number outside the printed
 * range flagged normal means the flag came from something else (a band, a converted range).
 */
function outsideButNormal(
  value: number,
  qualifier: '<' | '>' | null,
  judged: { flag: string; ref_low: number | null; ref_high: number | null; ref_source: string },
): string | null {
  if (judged.flag !== 'normal' || judged.ref_source !== 'report' || qualifier) return null;
  const below = judged.ref_low !== null && value < judged.ref_low;
  const above = judged.ref_high !== null && value > judged.ref_high;
  if (!below && !above) return null;
  return `the value read (${value}) is outside the printed range but could not be flagged from it`;
}

/** A lab's H/L mark that points the other way from the flag the printed range gives. */
export function markDisagrees(mark: string | null, flag: ExtractedValue['flag'], source: string): boolean {
  if (!mark || source === 'none') return false;
  const dir = printedDirection(mark);
  return dir !== null && !flag.endsWith(dir);
}

/** The knowledge base has a range to judge this test by (for anyone, or by sex). */
function hasKnownRange(analyte: Row['analyte']): boolean {
  const bands = [analyte.reference.any, analyte.reference.male, analyte.reference.female];
  return bands.some((b) => !!b && (b.low !== null || b.high !== null));
}
