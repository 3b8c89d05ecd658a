import { analysisConfig, type AnalysisConfig } from './config';
import { PROVEN_CONFIDENCE } from './interpret/plausibility';
import type { AnalysisResult } from './types';
import type { ExtractedText } from './extract/index';

/**
 * A photo is read as taken, or cleaned up first (extract/photo-fix.ts: frame whitened, shadows
 * flattened, page levelled) when its page fills the photo and is unevenly lit (extract/image.ts).
 * When that first reading is weak, the photo is read the other way too, and the reading with more
 * confidently read rows is kept (decision 049). The clean-up lifts shadowed photos a lot but
 * reads some well-lit real photos worse (rows lost); tesseract's own confidence in a reading tells
 * the weak ones, and a second OCR pass costs only the photos that need it.
 */

/**
 * Below this mean word confidence a first reading is weak. On the development set, photos that
 * read well come back at 0.86-0.92 and the shadowed generated photos at 0.44-0.60 (0.82-0.90
 * after the clean-up); the receipt photo at 0.59 (it is not read twice: nothing medical in it).
 */
export const WEAK_OCR_CONFIDENCE = 0.75;

/** Off (PHOTO_SECOND_READING=0 for the API) reads every photo once, as taken (no clean-up). */
export function secondReadingEnabled(
  config: Pick<AnalysisConfig, 'photoSecondReading'> = analysisConfig(),
): boolean {
  return config.photoSecondReading;
}

/**
 * Rows read with confidence: a number taken as read or proven by the report's other values (no
 * decimal point put back from the limits alone, not uncertain),
 * with its unit printed and the report's own range parsed. A misread photo loses exactly these:
 * units garbled, ranges broken, points dropped.
 */
export function confidentRows(result: AnalysisResult): number {
  return result.values.filter(
    (v) =>
      typeof v.value === 'number' &&
      !v.uncertain &&
      // As read, or a slip the report's other values prove (interpret/cross-check.ts): a reading
      // whose colons the repairs proved is not weaker than one that misread them silently.
      (v.value_confidence ?? 1) >= PROVEN_CONFIDENCE &&
      v.unit !== '' &&
      !v.unit_inferred &&
      v.ref_source === 'report',
  ).length;
}

/** Whether a photo's first reading is worth a second one, the other way. */
export function weakPhotoReading(extracted: ExtractedText, result: AnalysisResult): boolean {
  if (extracted.source !== 'ocr' || extracted.ocrConfidence === null) return false;
  if (result.document_kind === 'not_medical') return false;
  return extracted.ocrConfidence < WEAK_OCR_CONFIDENCE;
}

/** The second reading wins only with more confident rows; on a tie the first stays. */
export function secondReadingBetter(first: AnalysisResult, second: AnalysisResult): boolean {
  return confidentRows(second) > confidentRows(first);
}
