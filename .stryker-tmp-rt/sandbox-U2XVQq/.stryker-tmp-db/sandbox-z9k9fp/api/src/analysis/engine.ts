// @ts-nocheck
// 
import type { ExtractedText } from './extract';
import { classifyDocument } from './interpret/classify';
import { judgeFlag } from './interpret/flags';
import { extractImpressions } from './interpret/radiology';
import { composeLab, composeNotMedical, composeOtherMedical, composeRadiology } from './explain/compose';
import { confidenceScore } from './explain/confidence';
import { scanRows } from './parse/lab-lines';
import { readPatient } from './parse/patient';
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
  const scan = scanRows(lines, { fuzzy, sex: patient.sex });

  const values: ExtractedValue[] = scan.rows.map((row) => {
    let range = parseRange(fuzzy ? repairOcrRangeText(row.rangeText) : row.rangeText, patient.sex);
    let value = row.value.value;
    let unit = row.unit;
    if (fuzzy) {
      unit = repairOcrUnit(unit, row.analyte, (u) => toBaseFactor(row.analyte, u) !== null);
      const sameUnit = toBaseFactor(row.analyte, unit) === 1;
      range = repairRangeScale(repairInvertedRange(range), row.analyte, sameUnit);
      if (typeof value === 'number') {
        value = repairOcrValue(row.value.raw, value, unit, range, row.analyte, sameUnit);
      } else value = repairOcrWord(value);
      if (range.kind === 'qualitative') range = { ...range, text: repairOcrWord(range.text) };
    } else range = orderRange(range);
    unit = unitSpelling(row.analyte, unit);
    const inferred = !unit && row.known ? inferUnit(row.analyte, value, range) : null;
    if (inferred) unit = inferred;
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
      flag: judged.flag,
      flag_printed: row.value.flag,
    };
    if (qualifier) v.qualifier = qualifier;
    if (inferred) v.unit_inferred = true;
    if (!row.known) v.not_in_knowledge_base = true;
    if (typeof value === 'number') {
      const band = bandOf(range, value);
      if (band) v.band = band;
    }
    if (markDisagrees(row.value.flag, judged.flag, judged.ref_source)) v.flag_disagrees = true;
    return v;
  });
  const unread: UnreadValue[] = scan.unread.map((u) => ({
    canonical_id: u.analyte?.id ?? null,
    name: u.name,
    reason: u.reason,
    critical: !!u.analyte?.critical,
  }));

  const cls = classifyDocument(lines, values.length + unread.length);
  const labValues = cls.document_kind === 'lab_report' ? values : [];
  const labUnread = cls.document_kind === 'lab_report' ? unread : [];
  const impressions = cls.document_kind === 'radiology_report' ? extractImpressions(lines) : [];
  const composed =
    cls.document_kind === 'lab_report'
      ? composeLab(labValues, patient, language, labUnread)
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
      candidateLines: scan.candidateLines,
      parsedLines: scan.parsedLines,
      values: labValues,
      impressions,
    }),
    ai_model_version: `reportsaathi-local-${ANALYSIS_VERSION}`,
    values: labValues,
    unread: labUnread,
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
