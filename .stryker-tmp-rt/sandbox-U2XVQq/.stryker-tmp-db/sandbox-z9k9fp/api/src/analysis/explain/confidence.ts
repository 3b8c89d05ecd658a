// @ts-nocheck
// 
import type { DocumentKind, ExtractedValue } from '../types';

/**
 * confidence_score, 0..1: how much of the document the engine understood (docs/analysis-confidence.md).
 *  - reading: 1 for a text file or a PDF text layer; the mean OCR word confidence for images and
 *    scanned PDFs (a blurred photo reads worse than a clean render);
 *  - coverage: of the lines that look like result rows (a name followed by a number), the share
 *    that were parsed into values;
 *  - ranges: the share of values whose reference range was printed on the report (a value judged
 *    against the knowledge base's generic range is less certain).
 * Lab reports: 0.4 reading + 0.35 coverage + 0.25 ranges. Radiology: reading x (0.9 with an
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

export function confidenceScore(input: ConfidenceInput): number {
  const reading = input.ocrConfidence === null ? 1 : Math.max(0, Math.min(1, input.ocrConfidence));
  let score: number;
  if (input.kind === 'lab_report') {
    const coverage = input.candidateLines > 0 ? Math.min(1, input.parsedLines / input.candidateLines) : 0;
    const withRange = input.values.filter((v) => v.ref_source === 'report').length;
    const ranges = input.values.length ? withRange / input.values.length : 0;
    score = 0.4 * reading + 0.35 * coverage + 0.25 * ranges;
  } else if (input.kind === 'radiology_report') {
    score = reading * (input.impressions.length ? 0.9 : 0.5);
  } else {
    score = reading * 0.6;
  }
  return Math.round(Math.max(0.05, Math.min(0.99, score)) * 100) / 100;
}
