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
});
