import { describe, expect, it } from 'vitest';
import { clinicianFindings } from './clinician-wording';

const row = (over: Partial<Parameters<typeof clinicianFindings>[0][number]>) => ({
  name: 'Hemoglobin',
  value: 14 as number | string,
  qualifier: null,
  unit: 'g/dL',
  ref_low: 13,
  ref_high: 17,
  ref_text: '13-17',
  flag: 'normal' as const,
  uncertain: false,
  band: null,
  ref_source: 'report' as const,
  ...over,
});

describe("the doctor's findings (decision 249)", () => {
  it('does not count a number with no range to compare against as within range', () => {
    const lines = clinicianFindings(
      [
        row({}),
        row({
          name: 'Platelet count',
          value: 2.5,
          unit: '',
          ref_low: null,
          ref_high: null,
          ref_text: '',
          ref_source: 'none',
        }),
      ],
      'en',
    );
    expect(lines).toEqual([
      'No range to compare against (none printed, unit unclear): Platelet count 2.5.',
      'The other value is within its reference range.',
    ]);
  });

  it('says all within range when every value was judged normal', () => {
    expect(clinicianFindings([row({}), row({ name: 'RBC', value: 5 })], 'en')).toEqual([
      'All 2 values are within the reference ranges printed with them.',
    ]);
  });

  it('writes a test name small mid-sentence, but keeps an abbreviation as printed', () => {
    const high = { value: 7.2, ref_low: null, ref_high: 5.7, ref_text: '< 5.7', flag: 'high' as const };
    const lines = clinicianFindings(
      [
        row({ name: 'HbA1c', unit: '%', ...high }),
        row({ name: 'TSH', unit: 'µIU/mL', ...high }),
        row({ name: 'Vitamin D (25-OH)', unit: 'ng/mL', ...high }),
        row({ name: 'Glucose Fasting', unit: 'mg/dL', ...high }),
      ],
      'en',
    );
    expect(lines.map((l) => l.split(' is ')[0])).toEqual([
      "The patient's HbA1c",
      "The patient's TSH",
      "The patient's vitamin D (25-OH)",
      "The patient's glucose fasting",
    ]);
  });
});
