import type { ExtractedText } from './extract';
import { classifyDocument } from './interpret/classify';
import { extractImpressions } from './interpret/radiology';
import { composeLab, composeNotMedical, composeOtherMedical, composeRadiology } from './explain/compose';
import { confidenceScore } from './explain/confidence';
import { scanRows } from './parse/lab-lines';
import { columnsApart, movedIndex } from './parse/columns-apart';
import { readCollectionDate, readLabName, readPatient } from './parse/patient';
import { readingHints, readRow, showRow } from './interpret/check-row';
import { crossCheck } from './interpret/cross-check';
import { settleDerivedRows } from './interpret/derived';
import { accountLines, resultLooking, testsNamedBesideValues } from './parse/accounting';
import type { AnalysisResult, AnalysisStage, ExtractedValue, Language, UnreadValue } from './types';
import { ANALYSIS_VERSION } from './version';
import { isNoResult } from './knowledge/findings';
import { getAnalyte } from './knowledge';
import type { ValueSource } from './verify/second-reading';

/**
 * The local engine: lines of text in, analysis out. No network, no model: patient header,
 * result rows, flags, document type, impressions, the wording and the confidence score.
 */
export interface EngineOptions {
  /**
   * A photo's values as shown, each with where it was read (its OCR line and the cell's text):
   * the second reader's hook (verify/, decision 200) returns the value kept, or made "check it".
   */
  eachValue?: (value: ExtractedValue, source: ValueSource) => ExtractedValue;
  /**
   * A photo's number as the second reader read it where it differs from the first (verify/,
   * decision 265): one more reading the relations between results may prove.
   */
  secondReading?: (source: ValueSource) => { value: number; second: string } | null;
  /**
   * Told as the text's analysis passes each of its steps (decision 246): 'finding' the result rows,
   * 'checking' them (ranges, flags, the results against each other), 'explaining' (the wording).
   */
  onStage?: (stage: AnalysisStage) => void;
}

export function analyzeLines(
  printed: ExtractedText,
  language: Language,
  options: EngineOptions = {},
): AnalysisResult {
  // Two tables side by side are read one after the other (parse/columns-apart.ts); each line
  // keeps the printed line it came from, for the words a photo's line holds.
  const laid = columnsApart(printed.lines, printed.tokens);
  const perLine = <T>(of: T[] | undefined) => of && laid.origin.map((o) => of[o]);
  const extracted: ExtractedText = {
    ...printed,
    lines: laid.lines,
    tokens: laid.tokens,
    pageBreaks: printed.pageBreaks?.map((b) => movedIndex(laid.origin, b)),
    redWords: perLine(printed.redWords),
    inkedWords: perLine(printed.inkedWords),
  };
  const lines = extracted.lines;
  options.onStage?.('finding');
  const patient = {
    ...readPatient(lines),
    collected_on: readCollectionDate(lines),
    lab: readLabName(lines),
  };
  const fuzzy = extracted.source === 'ocr' || extracted.source === 'pdf_ocr';
  const scan = scanRows(lines, {
    fuzzy,
    sex: patient.sex,
    tokens: extracted.tokens,
    pageBreaks: extracted.pageBreaks,
  });

  options.onStage?.('checking');
  // Which OCR slips this report's printing makes likely (values after colons, marks read as 1s).
  const hints = fuzzy ? readingHints(scan.rows, lines, extracted.redWords) : undefined;
  const ctx = {
    fuzzy,
    patient,
    hints,
    lines,
    redWords: extracted.redWords,
    inkedWords: extracted.inkedWords,
    rows: scan.rows,
  };
  const read = scan.rows.map((row) => readRow(row, ctx));
  // A photo's derived value left uncertain (a ratio) settled by its components on the report.
  if (fuzzy) settleDerivedRows(read);
  // The results against each other (MCHC = Hb ÷ Hct, ...): a misread value repaired or marked.
  const sourceOf = (row: (typeof scan.rows)[number]): ValueSource => ({
    line: laid.origin[row.lineIndex] ?? row.lineIndex,
    raw: row.value.raw,
    unit: row.unit,
  });
  const secondReading = options.secondReading;
  crossCheck(read, {
    patient,
    fuzzy,
    hints,
    lines,
    ...(secondReading ? { secondReading: (r) => secondReading(sourceOf(r.row)) } : {}),
  });
  const shown: ExtractedValue[] = read.map((r, i) => {
    const value = showRow(r, ctx);
    const row = scan.rows[i];
    // A photo's value checked by the second reader (verify/, decision 200): kept, or made "check it".
    return options.eachValue ? options.eachValue(value, sourceOf(row)) : value;
  });
  // A blank to fill in, a dash or 'N.R.' where the result goes is no result (knowledge/findings.ts).
  const blank = (v: ExtractedValue) => typeof v.value === 'string' && isNoResult(v.value);
  const values = shown.filter((v) => !blank(v));
  const unread: UnreadValue[] = [
    ...scan.unread.map((u) => ({
      canonical_id: u.analyte?.id ?? null,
      name: u.name,
      reason: u.reason,
      critical: !!u.analyte?.critical,
    })),
    ...shown.filter(blank).map((v) => ({
      canonical_id: v.not_in_knowledge_base ? null : v.canonical_id,
      name: v.name,
      reason: 'no result printed',
      critical: !v.not_in_knowledge_base && !!getAnalyte(v.canonical_id)?.critical,
    })),
  ];

  // Every line accounted for: result-looking lines no row came from are named, not dropped.
  const unreadLines = accountLines(
    lines,
    scan.usedLines,
    scan.furniture,
    new Set([...values.map((v) => v.canonical_id), ...unread.flatMap((u) => u.canonical_id ?? [])]),
    scan.hiddenLines,
  ).unread;
  // Known test names printed beside values the reader could not pair make it a lab report all the
  // same: they are listed as unread, never "not a medical report" (decision 180).
  const namedUnreadLines = unreadLines.filter((l) => resultLooking(l) === 'named test').length;
  const knownRows =
    scan.rows.filter((r) => r.known).length + unread.filter((u) => u.canonical_id).length + namedUnreadLines;
  // Nothing read at all: tests named beside numbers they could have are a lab report's, listed as
  // unread ("please check them on the printed report"), never "not a medical report".
  if (values.length === 0 && unread.length === 0 && namedUnreadLines === 0) {
    for (const t of testsNamedBesideValues(lines))
      unread.push({
        canonical_id: t.analyte.id,
        name: t.name,
        reason: 'result not found beside its name in this layout',
        critical: !!t.analyte.critical,
      });
  }
  const cls = classifyDocument(lines, values.length + unread.length, knownRows);
  const labValues = cls.document_kind === 'lab_report' ? values : [];
  const labUnread = cls.document_kind === 'lab_report' ? unread : [];
  const labUnreadLines = cls.document_kind === 'lab_report' ? unreadLines : [];
  const impressions = cls.document_kind === 'radiology_report' ? extractImpressions(lines) : [];
  options.onStage?.('explaining');
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
