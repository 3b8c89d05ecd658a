import { describe, expect, it } from 'vitest';
import { analyseText } from './test-support/typed-text';
import { FAMILIES, pdfLines, renderFamily } from './eval/families';
import type { Fixture } from './eval/fixtures';

// Every table family of the layout generator, the held-out ones included, printed from a small
// made-up report (never from the shared fixtures): the values read are the report's own, never
// an earlier visit's, a method's or a neighbouring table's.
const source: Fixture = {
  file: 'made-up.txt',
  rel: 'made-up.txt',
  path: '',
  truth: {
    file: 'made-up.txt',
    format: 'txt',
    report_type: 'blood_test',
    document_kind: 'lab_report',
    lab_values_expected: true,
    patient: { age: 52, sex: 'male' },
    impressions: [],
    tests: [
      t('Haemoglobin', 'hemoglobin', 9.8, 'g/dL', '13.0 - 17.0', 'low'),
      t('Total Leukocyte Count', 'wbc_count', 7.2, '10^3/µL', '4.0 - 11.0', 'normal'),
      t('Platelet Count', 'platelet_count', 245, '10^3/µL', '150 - 410', 'normal'),
      t('Serum Triglycerides', 'triglycerides', 251, 'mg/dL', '< 150', 'high'),
      t('Serum Potassium', 'potassium', 6.9, 'mmol/L', '3.5 - 5.1', 'critical_high'),
      t('Serum Creatinine', 'creatinine', 0.9, 'mg/dL', '0.7 - 1.3', 'normal'),
      t('Thyroid Stimulating Hormone', 'tsh', 2.1, 'µIU/mL', '0.4 - 4.2', 'normal'),
    ],
  },
};

function t(name: string, canonical: string, value: number, unit: string, range: string, flag: string) {
  const [low, high] = range.startsWith('<') ? [null, Number(range.slice(1))] : range.split(' - ').map(Number);
  return {
    name_as_printed: name,
    canonical,
    value,
    unit_as_printed: unit,
    ref_low: low,
    ref_high: high,
    ref_text: range,
    flag_expected: flag,
  };
}

const analyse = (lines: string[]) => analyseText(lines.join('\n'));

describe.each(FAMILIES.map((f, i) => [f.id, f, i] as const))('table family %s', (_id, family, index) => {
  const lines = renderFamily(source, family, index);
  for (const [label, printed] of [
    ['text', lines],
    ['text of a PDF', pdfLines(lines)],
  ] as const) {
    it(`reads every row of the ${label} with the report's own values and flags`, () => {
      const r = analyse(printed);
      const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag]]));
      for (const test of source.truth.tests)
        expect(got[test.canonical]).toEqual([test.value, test.flag_expected]);
      expect(r.values).toHaveLength(source.truth.tests.length);
      expect(r.has_critical).toBe(true);
      expect(r.unread_lines).toEqual([]);
    });
  }
});
