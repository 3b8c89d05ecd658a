import { describe, expect, it } from 'vitest';
import type { ExtractedValue } from '../types';
import { explainAgain } from '../explain/again';
import { judgeEnteredValue, parseEnteredValue } from './entered-value';

/** A value the patient typed from the printed report, judged by the engine's own rule (decision 243). */
const mchc: ExtractedValue = {
  canonical_id: 'mchc',
  loinc: '786-4',
  name: 'MCHC',
  value: 1.01,
  qualifier: null,
  unit: 'g/dL',
  ref_low: 32,
  ref_high: 36,
  ref_text: '32 - 36',
  ref_source: 'report',
  flag: 'normal',
  flag_printed: null,
  uncertain: true,
  value_confidence: 0.4,
  reading_note: 'Read as 1.01 on the photo',
};
const patient = { age: 38, sex: 'female' as const };

describe('a value the patient entered', () => {
  it('reads numbers as printed, censored and grouped ones too, and nothing else', () => {
    expect(parseEnteredValue('41.01')).toEqual({ value: 41.01, qualifier: null });
    expect(parseEnteredValue(' <0.5 ')).toEqual({ value: 0.5, qualifier: '<' });
    expect(parseEnteredValue('>2000')).toEqual({ value: 2000, qualifier: '>' });
    expect(parseEnteredValue('1,20,000')).toEqual({ value: 120000, qualifier: null });
    for (const bad of ['', 'abc', '4l.01', '1..2', '--3', '12 g/dL'])
      expect(parseEnteredValue(bad)).toBeNull();
  });

  it('is judged against the range shown, no longer "check it", without the photo\'s note', () => {
    const high = judgeEnteredValue(mchc, { value: 41.01, qualifier: null }, patient);
    expect(high).toMatchObject({ value: 41.01, flag: 'high', uncertain: false, ref_low: 32, ref_high: 36 });
    expect(high.reading_note).toBeUndefined();
    expect(high.value_confidence).toBeUndefined();
    expect(judgeEnteredValue(mchc, { value: 34, qualifier: null }, patient).flag).toBe('normal');
    expect(judgeEnteredValue(mchc, { value: 30, qualifier: '<' }, patient)).toMatchObject({
      flag: 'low',
      qualifier: '<',
    });
  });

  it('is judged by the usual range when the report printed none, and by critical limits always', () => {
    const potassium: ExtractedValue = {
      ...mchc,
      canonical_id: 'potassium',
      name: 'Potassium',
      unit: 'mmol/L',
      ref_low: null,
      ref_high: null,
      ref_text: '',
      ref_source: 'none',
    };
    const judged = judgeEnteredValue(potassium, { value: 7.1, qualifier: null }, patient);
    expect(judged.flag).toBe('critical_high');
    expect(judged.ref_source).toBe('knowledge_base');
  });

  it('rewrites the explanation from the values as they now stand', () => {
    const words = (values: ExtractedValue[]) =>
      explainAgain(
        {
          document_kind: 'lab_report',
          report_type: 'blood_test',
          values,
          unread: [],
          unread_lines: [],
          impressions: [],
          patient,
        },
        'en',
      );
    expect(words([mchc]).summary).not.toContain('Outside the reference range');
    const after = words([judgeEnteredValue(mchc, { value: 41.01, qualifier: null }, patient)]);
    expect(after.summary).toContain('Outside the reference range');
  });
});
