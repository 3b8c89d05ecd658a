import { DEFAULT_ANALYSIS_CONFIG } from './config';
import { describe, expect, it } from 'vitest';
import { analyzeLines } from './engine';
import type { ExtractedText } from './extract/index';
import {
  confidentRows,
  secondReadingBetter,
  secondReadingEnabled,
  weakPhotoReading,
  WEAK_OCR_CONFIDENCE,
} from './photo-reading';

function reading(lines: string[], ocrConfidence: number | null, source: ExtractedText['source'] = 'ocr') {
  const extracted: ExtractedText = {
    kind: source === 'text' ? 'txt' : 'jpg',
    lines,
    source,
    ocrConfidence,
    totalPages: 1,
    pagesRead: 1,
  };
  return { extracted, result: analyzeLines(extracted, 'en') };
}

const HEADER = [
  'CITY DIAGNOSTIC LABORATORY',
  'Patient Name : Test Patient        Age / Sex : 40 Years / Male',
  'Test                 Result      Unit       Reference Range',
];
const CLEAN = [
  ...HEADER,
  'Haemoglobin          13.5        g/dL       13.0 - 17.0',
  'Serum Creatinine     1.1         mg/dL      0.7 - 1.3',
  'Potassium            4.6         mmol/L     3.5 - 5.1',
];
// The same photo read badly: a unit garbled past repair, a range broken, a decimal point lost.
const GARBLED = [
  ...HEADER,
  'Haemoglobin          13.5        g/dL       13.0 - 17.0',
  'Serum Creatinine     1.1         EE',
  'Potassium            46          mmol/L     3.5 - 5.1',
];

describe('the second reading of a weak photo', () => {
  it('counts the rows read with a printed unit, a printed range and the value as read', () => {
    expect(confidentRows(reading(CLEAN, 0.9).result)).toBe(3);
    expect(confidentRows(reading(GARBLED, 0.5).result)).toBe(1);
  });

  it('reads again only a photo whose OCR confidence is low and that is not plainly non-medical', () => {
    const weak = reading(GARBLED, WEAK_OCR_CONFIDENCE - 0.01);
    expect(weakPhotoReading(weak.extracted, weak.result)).toBe(true);
    const sure = reading(GARBLED, WEAK_OCR_CONFIDENCE + 0.01);
    expect(weakPhotoReading(sure.extracted, sure.result)).toBe(false);
    const receipt = reading(
      ['FRESH MART', 'Rice 5kg     1   450.00', 'Total        450.00', 'GST included'],
      0.5,
    );
    expect(receipt.result.document_kind).toBe('not_medical');
    expect(weakPhotoReading(receipt.extracted, receipt.result)).toBe(false);
    // Text and PDF text are never read again.
    const typed = reading(GARBLED, null, 'text');
    expect(weakPhotoReading(typed.extracted, typed.result)).toBe(false);
  });

  it('keeps the second reading only when it reads more rows with confidence', () => {
    const first = reading(GARBLED, 0.5).result;
    const second = reading(CLEAN, 0.85).result;
    expect(secondReadingBetter(first, second)).toBe(true);
    expect(secondReadingBetter(second, first)).toBe(false);
    expect(secondReadingBetter(second, reading(CLEAN, 0.6).result)).toBe(false); // a tie keeps the first
  });

  it('can be switched off by the host', () => {
    expect(secondReadingEnabled(DEFAULT_ANALYSIS_CONFIG)).toBe(true);
    expect(secondReadingEnabled({ photoSecondReading: false })).toBe(false);
  });
});
