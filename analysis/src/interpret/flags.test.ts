import { describe, expect, it } from 'vitest';
import { analyteById } from '../parse/match-analyte';
import { parseRange } from '../parse/ranges';
import type { Analyte, PatientInfo } from '../types';
import { judgeFlag, toBaseFactor } from './flags';

const male: PatientInfo = { age: 40, sex: 'male' };
const female: PatientInfo = { age: 40, sex: 'female' };

function analyte(id: string): Analyte {
  const a = analyteById(id);
  if (!a) throw new Error(`knowledge base has no ${id}`);
  return a;
}

function flag(
  id: string,
  value: number | string,
  unit: string,
  range: string,
  patient = male,
  qualifier: '<' | '>' | null = null,
  fuzzy = false,
) {
  return judgeFlag({
    analyte: analyte(id),
    value,
    qualifier,
    unit,
    range: parseRange(range, patient.sex),
    patient,
    printedFlag: null,
    fuzzy,
  });
}

describe('judgeFlag', () => {
  it('judges by the printed range', () => {
    expect(flag('hemoglobin', 12.5, 'g/dL', '13.0 - 17.0').flag).toBe('low');
    expect(flag('hemoglobin', 14, 'g/dL', '13.0 - 17.0')).toMatchObject({
      flag: 'normal',
      ref_source: 'report',
    });
    expect(flag('alt', 53.8, 'U/L', '5.0 - 40.0').flag).toBe('high');
  });

  it('uses the sex-specific range for the patient', () => {
    expect(flag('hemoglobin', 12.9, 'g/dL', 'Male : 13.0 - 18.0\nFemale : 11.5 - 16.0', male).flag).toBe(
      'low',
    );
    expect(flag('hemoglobin', 12.9, 'g/dL', 'Male : 13.0 - 18.0\nFemale : 11.5 - 16.0', female).flag).toBe(
      'normal',
    );
  });

  it('marks values beyond the critical limits, in any unit', () => {
    expect(flag('potassium', 7.06, 'mmol/L', '3.50-5.00').flag).toBe('critical_high');
    expect(flag('hemoglobin', 5.0, 'g/dL', '13.5 - 18.0').flag).toBe('critical_low');
    expect(flag('platelet_count', 12000, '/cumm', '1,50,000-4,10,000').flag).toBe('critical_low');
    expect(flag('platelet_count', 0.25, 'lakhs/cumm', '1.50 - 4.10').flag).toBe('critical_low');
    expect(flag('platelet_count', 0.55, 'lakhs/cumm', '1.50 - 4.10').flag).toBe('low');
    expect(flag('platelet_count', 0.45, 'lakhs/cumm', '1.50 - 4.10').flag).toBe('critical_low');
    expect(flag('glucose_fasting', 32, 'mg/dL', '70-100').flag).toBe('critical_low');
    // The cases: platelets 44 x10^3/µL, calcium 13.88, and calcium at 13 exactly.
    expect(flag('platelet_count', 44, '10^3/µL', '150-410').flag).toBe('critical_low');
    expect(flag('calcium', 13.88, 'mg/dL', '8.5-10.5').flag).toBe('critical_high');
    expect(flag('calcium', 13, 'mg/dL', '8.5-10.5').flag).toBe('critical_high');
    expect(flag('hemoglobin', 7, 'g/dL', '13-17').flag).toBe('critical_low');
    expect(flag('glucose_random', 400, 'mg/dL', '70-140').flag).toBe('critical_high');
    // A unit not recognised, a range in the knowledge base's scale: the limits still apply.
    expect(flag('potassium', 7.2, 'mEq/ L x', '3.5-5.1').flag).toBe('critical_high');
    // Whatever the lab's mark says.
    expect(
      judgeFlag({
        analyte: analyte('hemoglobin'),
        value: 6.1,
        qualifier: null,
        unit: 'g/dL',
        range: parseRange('12-16', 'female'),
        patient: female,
        printedFlag: 'L',
      }).flag,
    ).toBe('critical_low');
  });

  it('compares censored values with the bound', () => {
    expect(flag('tsh', 0.01, 'µIU/mL', '0.27 - 4.20', male, '<').flag).toBe('low');
    expect(flag('vitamin_b12', 2000, 'pg/mL', '211 - 911', male, '>').flag).toBe('high');
  });

  it('falls back to the knowledge base when no range is printed', () => {
    const r = flag('hemoglobin', 10, 'g/dL', '');
    expect(r.ref_source).toBe('knowledge_base');
    expect(r.flag).toBe('low');
  });

  it('judges qualitative results against the printed normal answer', () => {
    expect(flag('urine_protein', 'Trace', '', 'Negative').flag).toBe('abnormal');
    expect(flag('urine_protein', 'Nil', '', 'Nil').flag).toBe('normal');
    expect(flag('urine_colour', 'Pale Yellow', '', 'Pale Yellow').flag).toBe('normal');
    expect(flag('urine_appearance', 'Slightly Turbid', '', 'Clear').flag).toBe('abnormal');
    expect(flag('urine_pus_cells', '0-1', '/hpf', '0 - 4').flag).toBe('normal');
    expect(flag('urine_pus_cells', '8-10', '/hpf', '0 - 4').flag).toBe('abnormal');
    expect(flag('urine_rbc', 'Nil', '/hpf', '0 - 2').flag).toBe('normal');
    expect(flag('urine_pus_cells', 'Plenty', 'cells/hpf', '0 - 4').flag).toBe('abnormal');
  });
});

/** A knowledge-base entry written out here, so each rule is tested on exactly the data it reads. */
function made(over: Partial<Analyte> = {}): Analyte {
  return {
    id: 'test_analyte',
    loinc: null,
    panel: 'other',
    name: { en: 'Test', hi: 'Test' },
    synonyms: [],
    kind: 'quantitative',
    unit: 'g/dL',
    units: {},
    reference: {},
    about: { en: '', hi: '' },
    ...over,
  };
}

function judge(
  a: Analyte,
  value: number | string,
  unit: string,
  range: string,
  opts: { patient?: PatientInfo; qualifier?: '<' | '>' | null; printed?: string | null } = {},
) {
  const patient = opts.patient ?? male;
  return judgeFlag({
    analyte: a,
    value,
    qualifier: opts.qualifier ?? null,
    unit,
    range: parseRange(range, patient.sex),
    patient,
    printedFlag: opts.printed ?? null,
  });
}

describe('toBaseFactor', () => {
  it('takes an unprinted unit as the base unit only for unitless and percentage analytes', () => {
    expect(toBaseFactor(made({ unit: '' }), '')).toBe(1);
    expect(toBaseFactor(made({ unit: '%' }), '')).toBe(1);
    expect(toBaseFactor(made({ unit: 'g/dL' }), '')).toBeNull();
  });

  it('converts through the units table, treats ratios as unitless, and refuses unknown units', () => {
    expect(toBaseFactor(made({ unit: 'g/dL', units: { 'g/L': 0.1 } }), 'g/L')).toBe(0.1);
    expect(toBaseFactor(made({ unit: 'g/dL' }), 'Ratio')).toBe(1);
    expect(toBaseFactor(made({ unit: '' }), 'mg/dL')).toBe(1);
    expect(toBaseFactor(made({ unit: 'g/dL' }), 'mmol/L')).toBeNull();
  });
});

describe('judgeFlag on numbers', () => {
  const any = made({ reference: { any: { low: 10, high: 20 } } });

  it('treats both printed bounds as inside the range', () => {
    expect(judge(any, 13, 'g/dL', '13 - 17').flag).toBe('normal');
    expect(judge(any, 17, 'g/dL', '13 - 17').flag).toBe('normal');
    expect(judge(any, 17.1, 'g/dL', '13 - 17').flag).toBe('high');
  });

  it('judges one-sided ranges on their one side only', () => {
    expect(judge(any, 250, 'g/dL', '< 200')).toMatchObject({ flag: 'high', ref_low: null, ref_high: 200 });
    expect(judge(any, 150, 'g/dL', '< 200').flag).toBe('normal');
    expect(judge(any, -1, 'g/dL', '< 5').flag).toBe('normal'); // e.g. a base excess
    expect(judge(any, 60, 'g/dL', '> 40')).toMatchObject({ flag: 'normal', ref_low: 40, ref_high: null });
    expect(judge(any, 30, 'g/dL', '> 40').flag).toBe('low');
  });

  it('flags a censored value at the bound it cannot cross, and not one inside the range', () => {
    expect(judge(any, 0.27, 'g/dL', '0.27 - 4.20').flag).toBe('normal');
    expect(judge(any, 0.27, 'g/dL', '0.27 - 4.20', { qualifier: '<' }).flag).toBe('low');
    expect(judge(any, 1, 'g/dL', '0.27 - 4.20', { qualifier: '<' }).flag).toBe('normal');
    expect(judge(any, 4.2, 'g/dL', '0.27 - 4.20').flag).toBe('normal');
    expect(judge(any, 4.2, 'g/dL', '0.27 - 4.20', { qualifier: '>' }).flag).toBe('high');
    expect(judge(any, 1, 'g/dL', '0.27 - 4.20', { qualifier: '>' }).flag).toBe('normal');
  });

  it('reads the knowledge-base range of the patient sex, else any, else the union of both sexes', () => {
    const both = made({ reference: { any: { low: 10, high: 20 }, male: { low: 12, high: 18 } } });
    expect(judge(both, 11, 'g/dL', '')).toMatchObject({
      flag: 'low',
      ref_low: 12,
      ref_high: 18,
      ref_source: 'knowledge_base',
    });
    expect(judge(both, 11, 'g/dL', '', { patient: female })).toMatchObject({ ref_low: 10, ref_high: 20 });

    const sexes = made({ reference: { male: { low: 11, high: 17 }, female: { low: 12, high: 15 } } });
    expect(judge(sexes, 16, 'g/dL', '', { patient: male })).toMatchObject({ ref_low: 11, ref_high: 17 });
    expect(judge(sexes, 16, 'g/dL', '', { patient: { age: 40, sex: null } })).toMatchObject({
      flag: 'normal',
      ref_low: 11,
      ref_high: 17,
    });
    const swapped = made({ reference: { male: { low: 12, high: 15 }, female: { low: 11, high: 17 } } });
    expect(judge(swapped, 16, 'g/dL', '', { patient: { age: 40, sex: null } })).toMatchObject({
      ref_low: 11,
      ref_high: 17,
    });
    // One sex only (PSA): nothing to judge by for the other sex or an unknown one.
    const oneSex = made({ reference: { male: { low: null, high: 4 } } });
    expect(judge(oneSex, 3, 'g/dL', '')).toMatchObject({ ref_high: 4, ref_source: 'knowledge_base' });
    expect(judge(oneSex, 3, 'g/dL', '', { patient: female })).toMatchObject({
      ref_high: null,
      ref_source: 'none',
    });
    expect(judge(oneSex, 3, 'g/dL', '', { patient: { age: 40, sex: null } }).ref_source).toBe('none');
    const upperOnly = made({ reference: { male: { low: null, high: 17 }, female: { low: null, high: 15 } } });
    expect(judge(upperOnly, 16, 'g/dL', '', { patient: { age: 40, sex: null } })).toMatchObject({
      ref_low: null,
      ref_high: 17,
    });
    // One sex without an upper bound: nothing is high for both, so no upper bound (the same rule as
    // a printed 'M: 13 - 17 / F: > 12', parse/ranges.ts unionBands).
    const openFemale = made({ reference: { male: { low: 13, high: 17 }, female: { low: 12, high: null } } });
    expect(judge(openFemale, 30, 'g/dL', '', { patient: { age: 40, sex: null } })).toMatchObject({
      flag: 'normal',
      ref_low: 12,
      ref_high: null,
    });
    expect(judge(openFemale, 30, 'g/dL', '', { patient: male })).toMatchObject({
      flag: 'high',
      ref_high: 17,
    });
    expect(
      judge(openFemale, 30, 'g/dL', 'M: 13 - 17 / F: > 12', { patient: { age: 40, sex: null } }),
    ).toMatchObject({ flag: 'normal', ref_low: 12, ref_high: null });
    // Neither bound shared: no range to judge by.
    const crossed = made({ reference: { male: { low: 13, high: null }, female: { low: null, high: 15 } } });
    expect(judge(crossed, 30, 'g/dL', '', { patient: { age: 40, sex: null } })).toMatchObject({
      flag: 'normal',
      ref_low: null,
      ref_high: null,
      ref_source: 'none',
    });
    const lowerOnly = made({ reference: { male: { low: 40, high: null }, female: { low: 50, high: null } } });
    expect(judge(lowerOnly, 45, 'g/dL', '', { patient: { age: 40, sex: null } })).toMatchObject({
      flag: 'normal',
      ref_low: 40,
      ref_high: null,
    });
  });

  it('keeps a missing knowledge-base bound missing and converts the range into the printed unit', () => {
    const upper = made({ reference: { any: { low: null, high: 5 } } });
    expect(judge(upper, 6, 'g/dL', '')).toMatchObject({ flag: 'high', ref_low: null, ref_high: 5 });
    const lower = made({ reference: { any: { low: 5, high: null } } });
    expect(judge(lower, 6, 'g/dL', '')).toMatchObject({ flag: 'normal', ref_low: 5, ref_high: null });
    const platelets = made({
      unit: '/cumm',
      reference: { any: { low: 150000, high: 410000 } },
    });
    expect(judge(platelets, 1.2, 'lakhs/cumm', '')).toMatchObject({
      flag: 'low',
      ref_low: 1.5,
      ref_high: 4.1,
      ref_source: 'knowledge_base',
    });
    expect(
      judge(made({ unit: 'g/dL', reference: { any: { low: 1, high: 2 } } }), 1.5, 'g/L', '').ref_source,
    ).toBe('none');
  });

  it('has no range at all when the knowledge base has none or the unit cannot be converted', () => {
    expect(judge(made(), 5, 'g/dL', '')).toEqual({
      flag: 'normal',
      ref_low: null,
      ref_high: null,
      ref_source: 'none',
    });
    expect(judge(any, 5, 'mmol/L', '')).toMatchObject({ flag: 'normal', ref_source: 'none', ref_low: null });
  });

  it("follows the lab's printed mark only when there is no range to judge by", () => {
    const bare = made();
    expect(judge(bare, 5, 'g/dL', '', { printed: 'H' }).flag).toBe('high');
    expect(judge(bare, 5, 'g/dL', '', { printed: 'HIGH' }).flag).toBe('high');
    expect(judge(bare, 5, 'g/dL', '', { printed: '↑' }).flag).toBe('high');
    expect(judge(bare, 5, 'g/dL', '', { printed: 'L' }).flag).toBe('low');
    expect(judge(bare, 5, 'g/dL', '', { printed: 'Low' }).flag).toBe('low');
    expect(judge(bare, 5, 'g/dL', '', { printed: '*' }).flag).toBe('normal');
    expect(judge(bare, 5, 'g/dL', '', { printed: null }).flag).toBe('normal');
    expect(judge(any, 15, 'g/dL', '13 - 17', { printed: 'H' }).flag).toBe('normal');
  });

  it('applies critical limits in the base unit, at the limits and beyond (decision 191)', () => {
    const k = made({ unit: 'mmol/L', critical: { low: 2.5, high: 6.5 } });
    expect(judge(k, 6.4, 'mmol/L', '3.5 - 5.0').flag).toBe('high');
    expect(judge(k, 6.5, 'mmol/L', '3.5 - 5.0').flag).toBe('critical_high');
    expect(judge(k, 6.6, 'mmol/L', '3.5 - 5.0').flag).toBe('critical_high');
    expect(judge(k, 2.6, 'mmol/L', '3.5 - 5.0').flag).toBe('low');
    expect(judge(k, 2.5, 'mmol/L', '3.5 - 5.0').flag).toBe('critical_low');
    expect(judge(k, 2.4, 'mmol/L', '3.5 - 5.0').flag).toBe('critical_low');
    expect(judge(k, 4, 'mg/dL', '3.5 - 5.0').flag).toBe('normal');
    const high = made({ unit: 'mmol/L', critical: { high: 6.5 } });
    expect(judge(high, 0.1, 'mmol/L', '3.5 - 5.0').flag).toBe('low');
  });
});

describe('judgeFlag on words and counts', () => {
  const bare = made({ kind: 'qualitative', unit: '' });
  const straw = made({ kind: 'qualitative', unit: '', reference: { normal_text: ['straw', 'nil'] } });

  it('says where the reference came from', () => {
    expect(judge(bare, 'Nil', '', 'Nil')).toEqual({
      flag: 'normal',
      ref_low: null,
      ref_high: null,
      ref_source: 'report',
    });
    expect(judge(bare, 'Nil', '', '').ref_source).toBe('knowledge_base');
  });

  it('compares words ignoring case, brackets and spacing', () => {
    expect(judge(bare, 'Nil ', '', 'Nil').flag).toBe('normal');
    expect(judge(bare, '(Nil)', '', 'Nil').flag).toBe('normal');
    expect(judge(bare, 'Pale  Yellow', '', 'Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Colorless', '', 'Colorless').flag).toBe('normal');
    expect(judge(bare, 'Reddish', '', 'Pale Yellow').flag).toBe('abnormal');
  });

  it('accepts any answer of a list and any normal word against a normal word', () => {
    expect(judge(bare, 'Yellow', '', 'Yellow / Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Pale Yellow', '', 'Yellow / Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Yellow', '', 'Yellow/Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Absent', '', 'Nil/Absent').flag).toBe('normal');
    expect(judge(bare, 'Absent', '', 'Nil').flag).toBe('normal');
    expect(judge(bare, 'Absent', '', 'Nil / Trace').flag).toBe('normal');
    expect(judge(bare, 'Trace', '', 'Nil / Absent').flag).toBe('abnormal');
  });

  it("uses the knowledge base's normal answers, else the common normal words, when none is printed", () => {
    expect(judge(straw, 'Straw', '', '').flag).toBe('normal');
    expect(judge(straw, 'Absent', '', '').flag).toBe('abnormal');
    expect(judge(bare, 'Nil', '', '').flag).toBe('normal');
    expect(judge(bare, 'Not Detected', '', '').flag).toBe('normal');
    expect(judge(bare, 'Trace', '', '').flag).toBe('abnormal');
  });

  it('judges counts and numbers in words against a printed band, bounds included', () => {
    expect(judge(bare, '2-4', '', '0-4').flag).toBe('normal');
    expect(judge(bare, '0 - 1', '', '0 - 4').flag).toBe('normal');
    expect(judge(bare, '10-12', '', '0 - 20').flag).toBe('normal');
    expect(judge(bare, '1-12', '', '0-20').flag).toBe('normal');
    expect(judge(bare, '3', '', '0 - 4').flag).toBe('normal');
    expect(judge(bare, '4', '', '0 - 4').flag).toBe('normal');
    expect(judge(bare, '5', '', '0 - 4').flag).toBe('abnormal');
    expect(judge(bare, '2', '', '2 - 4').flag).toBe('normal');
    expect(judge(bare, '1', '', '2 - 4').flag).toBe('abnormal');
    expect(judge(bare, '12', '', '10 - 20').flag).toBe('normal');
    expect(judge(bare, '3', '', '0.25 - 4').flag).toBe('normal');
    expect(judge(bare, '2.52', '', '0 - 2.55').flag).toBe('normal');
    expect(judge(bare, '2.5', '', '0 - 4').flag).toBe('normal');
    expect(judge(bare, '15', '', '0 - 20').flag).toBe('normal');
  });

  it('matches words with words and judges a count by the band wherever the reference prints it', () => {
    // decision 032's finding: 'Nil' against 'Nil (0-2)' is the printed normal answer.
    expect(judge(bare, 'Nil', '', 'Nil (0-2)').flag).toBe('normal');
    expect(judge(bare, 'Absent', '', 'Nil (0-2)').flag).toBe('normal');
    expect(judge(bare, 'Positive', '', 'Nil (0-2)').flag).toBe('abnormal');
    expect(judge(bare, '1', '', 'Nil (0-2)').flag).toBe('normal');
    expect(judge(bare, '3', '', 'Nil (0-2)').flag).toBe('abnormal');
    expect(judge(bare, '1-2', '', 'Nil (0-2)').flag).toBe('normal');
    expect(judge(bare, '4-6', '', 'Nil (0-2)').flag).toBe('abnormal');
    expect(judge(bare, '2', '', '(0-2) Nil').flag).toBe('normal');
    expect(judge(bare, 'Nil', '', '(0-2) Nil').flag).toBe('normal');
    // Bands written with an operator, anywhere.
    expect(judge(bare, '0.5', '', 'Negative (< 1.0)').flag).toBe('normal');
    expect(judge(bare, '1.5', '', 'Negative (< 1.0)').flag).toBe('abnormal');
    expect(judge(bare, 'Negative', '', 'Negative (< 1.0)').flag).toBe('normal');
    expect(judge(bare, 'Reactive', '', 'Negative (< 1.0)').flag).toBe('abnormal');
    // The unit after a band is not an answer in words.
    expect(judge(bare, 'Nil', '', '0 - 2 /hpf').flag).toBe('normal');
    expect(judge(bare, 'Plenty', '', '0 - 2 /hpf').flag).toBe('abnormal');
    // None is below a band that starts above nought.
    expect(judge(bare, 'Nil', '', '5 - 10').flag).toBe('abnormal');
    // A word printed after a band is an answer too; a band open above takes every count over its low.
    expect(judge(bare, 'Occasional', '', '0-2 Occasional').flag).toBe('normal');
    expect(judge(bare, 'Occasional', '', '(0-2) Occasional').flag).toBe('normal');
    expect(judge(bare, '12', '', '> 10').flag).toBe('normal');
    expect(judge(bare, '8', '', '> 10').flag).toBe('abnormal');
  });

  it("splits a reference's answers at slashes, commas, semicolons and 'or', with or without spaces", () => {
    expect(judge(bare, 'Pale Yellow', '', 'Yellow/Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Pale Yellow', '', 'Yellow,Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Pale Yellow', '', 'Yellow;Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Pale Yellow', '', 'Yellow or Pale Yellow').flag).toBe('normal');
    expect(judge(bare, 'Yellow', '', 'Straw or Pale Yellow').flag).toBe('abnormal');
  });

  it("lets the printed answers decide over the knowledge base's", () => {
    // The knowledge base takes 'Straw' as normal, but this lab prints 'Pale Yellow' only.
    expect(judge(straw, 'Straw', '', 'Pale Yellow').flag).toBe('abnormal');
    expect(judge(straw, 'Pale Yellow', '', 'Pale Yellow').flag).toBe('normal');
  });

  it('takes a normal word against a printed band as normal, and other words by the knowledge base', () => {
    expect(judge(straw, 'Absent', '', '0 - 2').flag).toBe('normal');
    const occasional = made({ kind: 'qualitative', unit: '', reference: { normal_text: ['occasional'] } });
    expect(judge(occasional, 'Occasional', '', '0 - 4').flag).toBe('normal');
    expect(judge(occasional, 'Occasional', '', '0 - 4 /hpf').flag).toBe('normal');
    expect(judge(bare, 'Plenty', '', '0 - 4').flag).toBe('abnormal');
  });
});

describe('a flag only from a range read whole (decision 193)', () => {
  it('does not use a range no test like this could have, and falls back to the mark, then the usual range', () => {
    // RBC '4.5-5.5' read as '45-55' on a photo: 5.0 is not low.
    const rbc = flag('rbc_count', 5.0, 'million/cumm', '45-55', male, null, true);
    // From a text layer the range is as printed, odd or not, unless its bounds are impossible for
    // the test (decision 249): 45-55 million red cells per cumm is no patient's range.
    expect(flag('rbc_count', 5.0, 'million/cumm', '45-55').range_unused).toBe(true);
    expect(flag('rdw_sd', 16, 'fL', '9 - 17').range_unused).toBeUndefined();
    expect(flag('tsh', 5.0, 'µIU/mL', '0.5-25').range_unused).toBeUndefined();
    expect(flag('tsh', 5.0, 'µIU/mL', '0.5-25', male, null, true).range_unused).toBe(true);
    expect(flag('hemoglobin', 12, 'g/dL', '135-175', male, null, true).range_unused).toBe(true);
    expect(rbc).toMatchObject({ flag: 'normal', ref_source: 'knowledge_base', range_unused: true });
    // Haemoglobin with a range read ten times too high, the lab's L beside it: the mark decides.
    const hb = judgeFlag({
      analyte: analyte('hemoglobin'),
      value: 12,
      qualifier: null,
      unit: 'g/dL',
      range: parseRange('135-175', 'male'),
      patient: male,
      printedFlag: 'L',
      fuzzy: true,
    });
    expect(hb).toMatchObject({ flag: 'low', ref_source: 'none', range_unused: true });
    // An inverted range is not a range read whole.
    expect(flag('mcv', 90.7, 'fL', '100 - 80', male, null, true).range_unused).toBe(true);
  });

  it('keeps every range a lab could print, in any unit the test is printed in', () => {
    expect(flag('mcv', 106.7, 'fL', '92-118').flag).toBe('normal');
    expect(flag('platelet_count', 1.2, 'lakhs/cumm', '1.5-4.1').flag).toBe('low');
    expect(flag('platelet_count', 1.2, '', '1.5-4.1', male, null, true).range_unused).toBeUndefined();
    expect(flag('mcv', 106.7, 'fL', '92-118', male, null, true).flag).toBe('normal');
    expect(flag('platelet_count', 120000, '', '150000-410000').flag).toBe('low');
    expect(flag('tsh', 6.1, 'µIU/mL', '0.35-5.5').flag).toBe('high');
    expect(flag('triglycerides', 180, 'mg/dL', '< 150').flag).toBe('high');
  });
});

describe('normal findings called normal (decision 194)', () => {
  it('judges words by the printed reference first, then the test’s own answers, then what is known of findings', () => {
    expect(judge(made({ kind: 'qualitative', unit: '' }), 'Adequate On Smear', '', '').flag).toBe('normal');
    expect(judge(made({ kind: 'qualitative', unit: '' }), 'Normocytic, Normochromic', '', '').flag).toBe(
      'normal',
    );
    expect(judge(made({ kind: 'qualitative', unit: '' }), '____ Not Seen', '', '').flag).toBe('normal');
    expect(judge(made({ kind: 'qualitative', unit: '' }), 'G1', '', '').flag).toBe('normal');
    expect(judge(made({ kind: 'qualitative', unit: '' }), 'Microcytic hypochromic', '', '').flag).toBe(
      'abnormal',
    );
    // An OCR slip of the printed answer is the answer; another answer is not normal.
    expect(judge(made({ kind: 'qualitative', unit: '' }), 'Nagative', '', 'Negative').flag).toBe('normal');
    expect(judge(made({ kind: 'qualitative', unit: '' }), 'Positive', '', 'Negative').flag).toBe('abnormal');
    expect(flag('urine_protein', 'Absant', '', 'Nil').flag).toBe('normal');
    expect(flag('urine_protein', 'Trace', '', 'Nil').flag).toBe('abnormal');
  });
});

describe('a range in a unit printed wrongly', () => {
  it('keeps a range that makes sense in some unit of the test: value and range share the printed unit', () => {
    // 'cells/cumm' printed for millions per cumm, range and value alike.
    expect(flag('rbc_count', 4.51, 'cells/cumm', '4.5 - 5.5')).toMatchObject({
      flag: 'normal',
      ref_source: 'report',
    });
    expect(flag('rbc_count', 4.51, 'cells/cumm', '4.5 - 5.5', male, null, true).flag).toBe('normal');
  });
});
