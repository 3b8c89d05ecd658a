import type { ExtractedText } from './extract';
import { classifyDocument } from './interpret/classify';
import { judgeFlag } from './interpret/flags';
import { extractImpressions } from './interpret/radiology';
import { composeLab, composeNotMedical, composeOtherMedical, composeRadiology } from './explain/compose';
import { confidenceScore } from './explain/confidence';
import { scanRows } from './parse/lab-lines';
import { readPatient } from './parse/patient';
import { accountLines } from './parse/accounting';
import { toBaseFactor } from './interpret/flags';
import {
  orderRange,
  repairInvertedRange,
  repairOcrRangeText,
  repairOcrUnit,
  repairOcrValue,
  repairOcrWord,
  repairRangeScale,
} from './parse/ocr-repair';
import { parseRange } from './parse/ranges';
import { bandOf } from './parse/ranges';
import { inferUnit, unitSpelling } from './interpret/unit-spelling';
import { settleDecimal, type Settled } from './interpret/plausibility';
import { settleFromComponents, type ReadValue } from './interpret/derived';
import type { AnalysisResult, ExtractedValue, Language, UnreadValue } from './types';
import { ANALYSIS_VERSION } from './version';

/**
 * The local engine: lines of text in, analysis out. No network, no model: patient header,
 * result rows, flags, document type, impressions, the wording and the confidence score.
 */
export function analyzeLines(extracted: ExtractedText, language: Language): AnalysisResult {
  const lines = extracted.lines;
  const patient = readPatient(lines);
  const fuzzy = extracted.source === 'ocr' || extracted.source === 'pdf_ocr';
  const scan = scanRows(lines, { fuzzy, sex: patient.sex, tokens: extracted.tokens });

  const read = scan.rows.map((row) => {
    let range = parseRange(fuzzy ? repairOcrRangeText(row.rangeText) : row.rangeText, patient.sex);
    let value = row.value.value;
    let unit = row.unit;
    let settled: Settled | null = null;
    if (fuzzy) {
      unit = repairOcrUnit(unit, row.analyte, (u) => toBaseFactor(row.analyte, u) !== null);
      // A photo's unit that is still none this test is printed in ('nL' for a platelet count's
      // '/µL') is garbled, not a unit: dropped, so the knowledge base's is inferred where it fits.
      if (row.known && unit && toBaseFactor(row.analyte, unit) === null) unit = '';
      const factor = toBaseFactor(row.analyte, unit);
      const sameUnit = factor === 1;
      range = repairRangeScale(repairInvertedRange(range), row.analyte, factor);
      if (typeof value === 'number') {
        const repaired = repairOcrValue(row.value.raw, value, unit, range, row.analyte, sameUnit);
        // A photo's value outside the analyte's physiological limits: put the decimal back, or
        // mark it uncertain (interpret/plausibility.ts).
        settled = settleDecimal({
          analyte: row.analyte,
          raw: row.value.raw,
          read: value,
          repaired,
          unit,
          range,
        });
        value = settled.value;
      } else value = repairOcrWord(value);
      if (range.kind === 'qualitative') range = { ...range, text: repairOcrWord(range.text) };
    } else range = orderRange(range);
    unit = unitSpelling(row.analyte, unit);
    const inferred = !unit && row.known ? inferUnit(row.analyte, value, range) : null;
    if (inferred) unit = inferred;
    return { row, value, unit, range, settled, inferred };
  });
  // A photo's derived value left uncertain (a ratio) settled by its components on the report.
  const asRead: ReadValue[] = read.map((r) => ({
    analyte: r.row.analyte,
    name: r.row.name,
    raw: r.row.value.raw,
    value: r.value,
    unit: r.unit,
    settled: r.settled,
  }));
  for (const [i, r] of read.entries()) {
    const settled = fuzzy ? settleFromComponents(asRead[i], asRead) : null;
    if (settled) Object.assign(r, { settled, value: settled.value });
  }

  const values: ExtractedValue[] = read.map(({ row, value, unit, range, settled, inferred }) => {
    const qualifier = row.value.number?.qualifier ?? null;
    const judged = judgeFlag({
      analyte: row.analyte,
      value,
      qualifier,
      unit,
      range,
      patient,
      printedFlag: row.value.flag,
    });
    const uncertain = settled?.uncertain ?? false;
    const v: ExtractedValue = {
      canonical_id: row.analyte.id,
      loinc: row.analyte.loinc,
      name: row.name,
      value,
      unit,
      ref_low: judged.ref_low,
      ref_high: judged.ref_high,
      ref_text: range.text,
      ref_source: judged.ref_source,
      // An unsettled reading gets no High/Low (nor critical) flag: it is shown as uncertain.
      flag: uncertain ? 'normal' : judged.flag,
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
    if (!uncertain && markDisagrees(row.value.flag, judged.flag, judged.ref_source)) v.flag_disagrees = true;
    return v;
  });
  const unread: UnreadValue[] = scan.unread.map((u) => ({
    canonical_id: u.analyte?.id ?? null,
    name: u.name,
    reason: u.reason,
    critical: !!u.analyte?.critical,
  }));

  // Every line accounted for: result-looking lines no row came from are named, not dropped.
  const unreadLines = accountLines(
    lines,
    scan.usedLines,
    scan.furniture,
    new Set([...values.map((v) => v.canonical_id), ...unread.flatMap((u) => u.canonical_id ?? [])]),
  ).unread;
  const knownRows = scan.rows.filter((r) => r.known).length + unread.filter((u) => u.canonical_id).length;
  const cls = classifyDocument(lines, values.length + unread.length, knownRows);
  const labValues = cls.document_kind === 'lab_report' ? values : [];
  const labUnread = cls.document_kind === 'lab_report' ? unread : [];
  const labUnreadLines = cls.document_kind === 'lab_report' ? unreadLines : [];
  const impressions = cls.document_kind === 'radiology_report' ? extractImpressions(lines) : [];
  const composed =
    cls.document_kind === 'lab_report'
      ? composeLab(labValues, patient, language, labUnread, labUnreadLines)
      : cls.document_kind === 'radiology_report'
        ? composeRadiology(cls.report_type, impressions, language)
        : cls.document_kind === 'other_medical'
          ? composeOtherMedical(language)
          : composeNotMedical(language);

  return {
    report_type: cls.report_type,
    document_kind: cls.document_kind,
    summary: composed.summary,
    key_findings: composed.key_findings,
    recommendations: composed.recommendations,
    confidence_score: confidenceScore({
      kind: cls.document_kind,
      ocrConfidence: extracted.ocrConfidence,
      // An unread result-looking line is a candidate row that was not understood.
      candidateLines: scan.candidateLines + labUnreadLines.length,
      parsedLines: scan.parsedLines,
      values: labValues,
      impressions,
    }),
    ai_model_version: `reportsaathi-local-${ANALYSIS_VERSION}`,
    values: labValues,
    unread: labUnread,
    unread_lines: labUnreadLines,
    impressions,
    patient,
    language,
    has_critical: labValues.some((v) => v.flag === 'critical_low' || v.flag === 'critical_high'),
  };
}

/** A lab's H/L mark that points the other way from the flag the printed range gives. */
function markDisagrees(mark: string | null, flag: ExtractedValue['flag'], source: string): boolean {
  if (!mark || source === 'none') return false;
  const m = mark.toLowerCase();
  const high = /\b(h|hh|high)\b|↑|▲/.test(m);
  const low = /\b(l|ll|low)\b|↓|▼/.test(m);
  if (high) return !flag.endsWith('high');
  if (low) return !flag.endsWith('low');
  return false;
}
