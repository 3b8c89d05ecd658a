import { describe, expect, it } from 'vitest';
import type { ExtractedValue, PatientInfo } from '../types';
import { agreementContext, checkedBySecondReader, type AgreementContext, type SecondReading } from './agree';

/**
 * Issue 31 item 2: two readers' numbers that differ. The reading that alone fits the printed
 * range and mark, the relations with the other results and the test's limits is shown with its
 * note; two fitting, or none, is "check it"; a reading never reverses the lab's printed direction.
 */
const patient: PatientInfo = { name: 'A', age: 40, sex: 'male' } as PatientInfo;

const potassium: ExtractedValue = {
  canonical_id: 'potassium',
  loinc: null,
  name: 'Serum Potassium',
  value: 4.8,
  unit: 'mmol/L',
  ref_low: 3.5,
  ref_high: 5.1,
  ref_text: '3.5 - 5.1',
  ref_source: 'report',
  flag: 'normal',
  flag_printed: 'H',
  flag_disagrees: true,
};

const read = (first: string, text: string | null): SecondReading => ({ reader: 'PP-OCRv4', first, text });
const ctx = (over: Partial<AgreementContext> = {}): AgreementContext => ({
  values: {},
  half: {},
  marksPrinted: false,
  patient,
  ...over,
});

describe('two readers disagreeing where exactly one reading fits', () => {
  it("shows the second reader's number when only it is on the side the lab marked, with a note", () => {
    const v = checkedBySecondReader(potassium, read('4.8', '5.8'), ctx());
    expect(v).toMatchObject({ value: 5.8, flag: 'high', flag_printed: 'H' });
    expect(v.uncertain).toBeFalsy();
    expect(v.value_confidence).toBeLessThan(1);
    expect(v.flag_disagrees).toBeUndefined();
    expect(v.reading_note).toContain("read as '4.8' and a second reader (PP-OCRv4) read '5.8'");
    expect(v.reading_note).toContain('so the second reading, 5.8, is shown');
  });

  it('keeps the first reading when only it fits the relations with results both readers agreed on', () => {
    const mchc: ExtractedValue = {
      ...potassium,
      canonical_id: 'mchc',
      name: 'MCHC',
      value: 33.3,
      unit: 'g/dL',
      ref_low: 32,
      ref_high: 36,
      ref_text: '32 - 36',
      flag: 'normal',
      flag_printed: null,
      flag_disagrees: undefined,
    };
    const agreed = agreementContext(
      [
        { ...mchc, canonical_id: 'hemoglobin', name: 'Hb', value: 13.5, ref_low: 13, ref_high: 17 },
        {
          ...mchc,
          canonical_id: 'hematocrit',
          name: 'PCV',
          value: 40.5,
          unit: '%',
          ref_low: 40,
          ref_high: 50,
        },
      ],
      patient,
    );
    // 38.3 is possible for MCHC and no mark is printed on this report, but 13.5 / 40.5 is 33.3.
    const v = checkedBySecondReader(mchc, read('33.3', '38.3'), agreed);
    expect(v).toMatchObject({ value: 33.3, flag: 'normal' });
    expect(v.uncertain).toBeFalsy();
    expect(v.reading_note).toContain('so the first reading, 33.3, is shown');
    // The same disagreement with no Hb and Hct to hold it to: both fit, so "check it".
    expect(checkedBySecondReader(mchc, read('33.3', '38.3'), ctx())).toMatchObject({ uncertain: true });
  });

  it('holds an unmarked value inside the printed range on a report that marks its abnormal results', () => {
    const unmarked = {
      ...potassium,
      flag_printed: null,
      flag_disagrees: undefined,
      value: 5.8,
      flag: 'high' as const,
    };
    const v = checkedBySecondReader(unmarked, read('5.8', '4.8'), ctx({ marksPrinted: true }));
    expect(v).toMatchObject({ value: 4.8, flag: 'normal' });
    expect(v.uncertain).toBeFalsy();
  });
});

describe('two readers disagreeing where no single reading fits', () => {
  it('is "check it" when both readings fit, quoting what each reader saw', () => {
    const unmarked = { ...potassium, flag_printed: null, flag_disagrees: undefined };
    const v = checkedBySecondReader(unmarked, read('4.8', '5.8'), ctx());
    expect(v).toMatchObject({ value: 4.8, uncertain: true, flag: 'normal' });
    expect(v.reading_note).toContain(
      "The value was read as '4.8', but a second reader (PP-OCRv4) read '5.8'",
    );
  });

  it('is "check it" when the only other reading would reverse the direction the lab printed', () => {
    // Printed H: 4.8 is within the range, and 2.8 would make it low — the other way.
    const v = checkedBySecondReader(potassium, read('4.8', '2.8'), ctx());
    expect(v).toMatchObject({ value: 4.8, uncertain: true, flag: 'high' });
  });

  it('is "check it" when a mark was printed with no range to hold a reading to', () => {
    const noRange = { ...potassium, ref_source: 'knowledge_base' as const };
    expect(checkedBySecondReader(noRange, read('4.8', '5.8'), ctx())).toMatchObject({ uncertain: true });
  });

  it("counts a point before three digits as a thousands separator: '3.620' may be 3620", () => {
    const wbc: ExtractedValue = {
      ...potassium,
      canonical_id: 'wbc_count',
      name: 'TLC',
      value: 620,
      unit: '/cumm',
      ref_low: 4500,
      ref_high: 11000,
      ref_text: '4,500 - 11,000',
      flag: 'low',
      flag_printed: 'L',
      flag_disagrees: undefined,
    };
    // 620 and 3620 are both low, as the lab marked: which one was printed is for the patient to check.
    expect(checkedBySecondReader(wbc, read('620', '3.620'), ctx())).toMatchObject({
      value: 620,
      uncertain: true,
    });
  });

  it('is "check it" when the second reader read no number, and without a context as before', () => {
    expect(checkedBySecondReader(potassium, read('4.8', 'Nil'), ctx())).toMatchObject({ uncertain: true });
    expect(checkedBySecondReader(potassium, read('4.8', '5.8'))).toMatchObject({ uncertain: true });
  });
});
