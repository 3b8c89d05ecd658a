import { describe, expect, it } from 'vitest';
import { analyzeLines } from './engine';

// Photo readings of layouts measured before the reader was changed for them (issue 29, 31;
// decision 262): an analyser's print whose marks are '+' and '-', its patient line; a value in a
// unit the knowledge base cannot convert. The lines are as OCR gives them; none may be shown
// wrong.

function photo(lines: string[]) {
  return analyzeLines(
    { kind: 'jpg', lines, source: 'ocr', ocrConfidence: 0.9, totalPages: 1, pagesRead: 1 },
    'en',
  );
}

describe('a photo of lines nobody wrote a rule for', () => {
  it("never reads the patient's line as a test misread, whatever the fuzzy match finds in it", () => {
    const r = photo([
      '  COULTER DXH  RUN 0077',
      '  PATIENT ID: 55120      NAME: R KAUR    SEX: F   AGE: 51',
      '  WBC   6.2     10^3/uL    [4.0-10.0]',
    ]);
    expect(r.values.map((v) => v.canonical_id)).toEqual(['wbc_count']);
  });

  it("takes an analyser's lone '+' or '-' beside a number as its high or low mark", () => {
    const r = photo([
      '  Test   Result  Flag  Unit   Range',
      '  PLT    95   -   10^3/uL    [150-410]',
      '  WBC    14.2   +   10^3/uL    [4.0-10.0]',
    ]);
    const byId = Object.fromEntries(r.values.map((v) => [v.canonical_id, v]));
    expect(byId.platelet_count).toMatchObject({ value: 95, flag_printed: '-', flag: 'low' });
    expect(byId.wbc_count).toMatchObject({ value: 14.2, flag_printed: '+', flag: 'high' });
  });

  it("keeps a unit the knowledge base cannot convert, and never 'repairs' the value into its own unit", () => {
    const r = photo([
      '  HbA1c (NGSP)      7.9 %        (4.0-5.6)',
      '  HbA1c (IFCC)      : 63 mmol/mol    (20 - 38)',
    ]);
    const ifcc = r.values.find((v) => v.unit === 'mmol/mol');
    expect(ifcc?.value).toBe(63);
    expect(r.values.some((v) => v.canonical_id === 'hba1c' && v.value === 6.3)).toBe(false);
  });
});

describe('the same on a typed page', () => {
  it('judges a value in an unconverted unit by the range printed beside it', () => {
    const r = analyzeLines(
      {
        kind: 'txt',
        lines: ['HbA1c (IFCC)   : 71 mmol/mol   (20 - 38)'],
        source: 'text',
        ocrConfidence: null,
        totalPages: 1,
        pagesRead: 1,
      },
      'en',
    );
    expect(r.values.map((v) => [v.value, v.unit, v.flag])).toEqual([[71, 'mmol/mol', 'high']]);
  });
});
