import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import type { ExtractedText } from '../extract/index';
import { checkedBySecondReader } from './agree';
import type { SecondReading } from './agree';
import { sourceKey } from './second-reading';

const photo: ExtractedText = {
  kind: 'jpg',
  source: 'ocr',
  ocrConfidence: 0.9,
  totalPages: 1,
  pagesRead: 1,
  lines: [
    'SHREE DIAGNOSTIC CENTRE',
    'Patient: A   Age: 40 Years   Sex: Male',
    '',
    'Test                              Result        Unit            Reference Range',
    'Total WBC Count                   2000          /cumm           4000 - 11000',
    'Haemoglobin                       13.5          g/dL            13.0 - 17.0',
    'Serum Potassium                   7.2           mmol/L          3.5 - 5.1',
  ],
};

describe('a photo analysed with a second reading of each value', () => {
  it('shows a value the readers disagree on as "check it", and words and flags follow it', () => {
    const second = new Map<string, SecondReading>([
      ['4', { reader: 'PP-OCRv4', first: '2000', text: ': 12000' }],
      ['5', { reader: 'PP-OCRv4', first: '13.5', text: '13.5' }],
      ['6', { reader: 'PP-OCRv4', first: '7.2', text: '1.2' }],
    ]);
    const alone = analyzeLines(photo, 'en');
    expect(alone.values.map((v) => [v.canonical_id, v.flag])).toEqual([
      ['wbc_count', 'critical_low'], // 2000 /cumm is at the critical limit (decision 191)
      ['hemoglobin', 'normal'],
      ['potassium', 'critical_high'],
    ]);
    expect(alone.has_critical).toBe(true);
    const seen: string[] = [];
    const both = analyzeLines(photo, 'en', {
      eachValue: (v, source) => {
        seen.push(sourceKey(source));
        return checkedBySecondReader(v, second.get(String(source.line)));
      },
    });
    expect(both.values.map((v) => [v.canonical_id, v.value, v.flag, !!v.uncertain])).toEqual([
      ['wbc_count', 2000, 'normal', true],
      ['hemoglobin', 13.5, 'normal', false],
      ['potassium', 7.2, 'normal', true],
    ]);
    expect(both.values[0].reading_note).toContain("a second reader (PP-OCRv4) read ': 12000'");
    // No critical from a number the readers do not agree on; the summary sends the patient to the paper.
    expect(both.has_critical).toBe(false);
    expect(both.summary).not.toEqual(alone.summary);
    expect(seen).toHaveLength(3);
  });
});
