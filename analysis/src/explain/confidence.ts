import type { DocumentKind, ExtractedValue } from '../types';

/**
 * confidence_score, 0..1: how much of the document the engine understood (docs/analysis-confidence.md).
 *  - reading: 1 for a text file or a PDF text layer; the mean OCR word confidence for images and
 *    scanned PDFs (a blurred photo reads worse than a clean render);
 *  - coverage: of the lines that look like result rows (a name followed by a number), the share
 *    that were parsed into values;
 *  - ranges: the share of values whose reference range was printed on the report (a value judged
 *    against the knowledge base's generic range is less certain).
 * Lab reports: 0.4 reading + 0.35 coverage + 0.25 ranges, then the checks: each value counts with
 * its own confidence (1 as read, 0.8 for a slip the report proves, 0.6 for a decimal point put back from the limits, 0.3 for a "check it" row), and their
 * mean scales the score (x 0.6 for all doubtful .. x 1 for none); a report with any "check it" row
 * never scores above 0.85, so it cannot look as sure as a clean one. Radiology: reading x (0.9 with an
 * impression block, 0.5 without). Other documents carry no values, so the score only says how
 * well they were read: reading x 0.6.
 */
export interface ConfidenceInput {
  kind: DocumentKind;
  ocrConfidence: number | null;
  candidateLines: number;
  parsedLines: number;
  values: ExtractedValue[];
  impressions: string[];
}

/** The highest score of a report with a row the patient must check on the printed report. */
export const SUSPECT_CAP = 0.85;

export function confidenceScore(input: ConfidenceInput): number {
  const reading = input.ocrConfidence === null ? 1 : Math.max(0, Math.min(1, input.ocrConfidence));
  let score: number;
  if (input.kind === 'lab_report') {
    const coverage = input.candidateLines > 0 ? Math.min(1, input.parsedLines / input.candidateLines) : 0;
    const withRange = input.values.filter((v) => v.ref_source === 'report').length;
    const ranges = input.values.length ? withRange / input.values.length : 0;
    score = 0.4 * reading + 0.35 * coverage + 0.25 * ranges;
    if (input.values.length) {
      const checks =
        input.values.reduce(
          (a, v) => a + (v.uncertain ? Math.min(v.value_confidence ?? 0.3, 0.3) : (v.value_confidence ?? 1)),
          0,
        ) / input.values.length;
      score *= 0.6 + 0.4 * checks;
      if (input.values.some((v) => v.uncertain)) score = Math.min(score, SUSPECT_CAP);
    }
  } else if (input.kind === 'radiology_report') {
    score = reading * (input.impressions.length ? 0.9 : 0.5);
  } else {
    score = reading * 0.6;
  }
  return Math.round(Math.max(0.05, Math.min(0.99, score)) * 100) / 100;
}
