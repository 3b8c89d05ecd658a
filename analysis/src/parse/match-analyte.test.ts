import { describe, expect, it } from 'vitest';
import { analyteById, analyteForResult, matchAnalyte, withoutTrailingMethod } from './match-analyte';

describe('analyteForResult: the result decides between tests sharing a name', () => {
  const general = { section: 'general' as const, fuzzy: true };

  it("takes the urine RBC for 'R.B.C.  Nil' whose '/HPF' OCR read as 'HPF'", () => {
    const matched = matchAnalyte('R.B.C.', { ...general, unit: 'HPF' });
    expect(matched?.id).toBe('rbc_count');
    expect(analyteForResult('R.B.C.', matched!, 'Nil').id).toBe('urine_rbc');
    expect(analyteForResult('R.B.C.', matched!, '2-3').id).toBe('urine_rbc');
  });

  it('keeps the match when the result is a number, or the name is not a shared one', () => {
    const rbc = analyteById('rbc_count')!;
    expect(analyteForResult('R.B.C.', rbc, 4.6).id).toBe('rbc_count');
    expect(analyteForResult('R.B.C.', rbc, '<0.5').id).toBe('rbc_count');
    const hb = analyteById('hemoglobin')!;
    expect(analyteForResult('Haemoglobin (Hb)', hb, 'Nil').id).toBe('hemoglobin');
  });
});

describe('a method OCR joined to the name', () => {
  it('is dropped when the whole name matches nothing', () => {
    expect(withoutTrailingMethod('ERYTHROCYTE COUNT Flow')).toBe('ERYTHROCYTE COUNT');
    expect(withoutTrailingMethod('Haemoglobin')).toBeNull();
    expect(withoutTrailingMethod('Flow')).toBeNull();
    expect(
      matchAnalyte('ERYTHROCYTE COUNT Flow', { section: 'general', unit: 'mill/cumm', fuzzy: true })?.id,
    ).toBe('rbc_count');
    expect(
      matchAnalyte('CREATININE Enzymatic', { section: 'general', unit: 'mg/dL', fuzzy: false })?.id,
    ).toBe('creatinine');
  });
});
