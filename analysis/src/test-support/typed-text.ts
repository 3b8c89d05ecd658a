import { analyzeLines } from '../engine';
import { splitLines, type ExtractedText } from '../extract';

/** The analysis of a typed report (a .txt upload): for tests that read a few printed lines. */
export function analyseText(text: string, language: 'en' | 'hi' = 'en') {
  const extracted: ExtractedText = {
    kind: 'txt',
    lines: splitLines(text),
    source: 'text',
    ocrConfidence: null,
    totalPages: 1,
    pagesRead: 1,
  };
  return analyzeLines(extracted, language);
}
