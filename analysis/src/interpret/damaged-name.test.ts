import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import type { ExtractedValue } from '../types';

function photo(lines: string[]) {
  return analyzeLines(
    { kind: 'jpg', lines, source: 'ocr', ocrConfidence: 0.85, totalPages: 1, pagesRead: 1 },
    'en',
  );
}

const byId = (values: ExtractedValue[], id: string) => values.find((v) => v.canonical_id === id);
const HEAD = [
  'CITY DIAGNOSTICS',
  'Patient: Test Person   Age: 46 Years   Sex: Female',
  'Test                  Result     Unit           Reference Range',
];

describe('a name damaged by a stamp, a pen stroke or the page edge on a photo', () => {
  it('is read as the one test whose unit, range and value the row has', () => {
    const r = photo([
      ...HEAD,
      'Sodium (Na+)          138        mEq/L          136 - 146',
      'Poasum                43         mEq/L          35-5.0',
      'Hematocr              44.3       %              36-48',
      'sengfoviTy            1.012                     1.003-1.035',
    ]);
    expect(byId(r.values, 'potassium')).toMatchObject({ value: 4.3, flag: 'normal' });
    expect(byId(r.values, 'potassium')?.reading_note).toMatch(/read as 'Poasum'/);
    expect(byId(r.values, 'hematocrit')).toMatchObject({ value: 44.3 });
    expect(byId(r.values, 'urine_specific_gravity')).toMatchObject({ value: 1.012 });
  });

  it('compares the range after the repairs a row of that test gets (a point lost in both bounds)', () => {
    const r = photo([
      ...HEAD,
      'Free   J+          !     3.30       pg/mL          171-371',
      'Free Thyroxine           1.06       ng/dL          0.89-1.76',
    ]);
    expect(byId(r.values, 'free_t3')).toMatchObject({ value: 3.3, flag: 'normal' });
  });

  it("is not taken where the unit or the range is not the test's, or the test is already read", () => {
    const r = photo([
      ...HEAD,
      'Potassium             4.1        mEq/L          3.5 - 5.0',
      'Poasum                43         mEq/L          35-5.0',
      'Hematocr              44.3       mg/dL          36-48',
      'Hematocr              44.3       %              200-400',
    ]);
    expect(r.values.filter((v) => v.canonical_id === 'potassium')).toHaveLength(1);
    expect(byId(r.values, 'hematocrit')).toBeUndefined();
  });

  it('is never guessed on a text file: the text is what the lab printed', () => {
    const r = analyzeLines(
      {
        kind: 'txt',
        lines: [...HEAD, 'Poasum                4.3        mEq/L          3.5-5.0'],
        source: 'text',
        ocrConfidence: null,
        totalPages: 1,
        pagesRead: 1,
      },
      'en',
    );
    expect(byId(r.values, 'potassium')).toBeUndefined();
  });
});
