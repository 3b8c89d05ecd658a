import { describe, expect, it } from 'vitest';
import { analyseText } from './test-support/typed-text';

// Results as people send and write them rather than as a LIS prints a table (issue 29): word
// results in messages and sentences, lists in a discharge summary, phrases printed without
// spaces, a grid whose lines carry labels, notes followed by another test. Each case is a class:
// the reader pairs a known test's name with the value a person would, and never takes a number
// of a range, a heading or a note for a result.

function read(text: string) {
  const r = analyseText(text);
  return Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag]]));
}

describe('results sent or written, not tabled', () => {
  it('reads word results in messages and sentences, judged by the range in words', () => {
    const got = read(
      [
        'URINE ROUTINE EXAMINATION',
        'Your Colour is Pale Yellow (normal range Pale Yellow).',
        'Appearance Slightly Turbid (Clear)',
        'Pus Cells - Plenty cells/hpf (Normal: 0 - 4)',
        'SUGAR = +  [Negative]',
        'Your R.B.C. is Nil /HPF (normal range 0 - 2).',
      ].join('\n'),
    );
    expect(got.urine_colour).toEqual(['Pale Yellow', 'normal']);
    expect(got.urine_appearance).toEqual(['Slightly Turbid', 'abnormal']);
    expect(got.urine_pus_cells).toEqual(['Plenty', 'abnormal']);
    expect(got.urine_glucose).toEqual(['+', 'abnormal']);
    expect(got.urine_rbc).toEqual(['Nil', 'normal']);
  });

  it("never takes a number inside a range's bracket for the result", () => {
    const got = read(
      ['URINE ROUTINE EXAMINATION', 'Pus Cells (Wbcs) - 2-3 cells/hpf (Normal: 0 - 4)'].join('\n'),
    );
    expect(got.urine_pus_cells).toEqual(['2-3', 'normal']);
  });

  it('reads a message line whose bracket names several bands', () => {
    const got = read(
      [
        'LDL CHOLESTEROL (CALCULATED) 92.7 mg/dL (Optimal: < 100 / Near Optimal: 100 - 129 / High: 160 - 189)',
        'TOTAL CHOLESTEROL = 246 mg/dL [Desirable: Less than 200  Borderline High: 200-239  High: >= 240]',
      ].join('\n'),
    );
    expect(got.ldl_cholesterol).toEqual([92.7, 'normal']);
    expect(got.total_cholesterol).toEqual([246, 'high']);
  });

  it("reads a discharge summary's list of investigations", () => {
    const got = read(
      'Investigations on admission: Hb 9.1 g/dL, TLC 11,200 /cumm, S. Creatinine 2.4 mg/dL, Na 134 mEq/L, K 5.9 mEq/L.',
    );
    expect(got.hemoglobin?.[0]).toBe(9.1);
    expect(got.wbc_count?.[0]).toBe(11200);
    expect(got.creatinine?.[0]).toBe(2.4);
    expect(got.sodium?.[0]).toBe(134);
    expect(got.potassium?.[0]).toBe(5.9);
  });

  it('reads phrases printed without spaces, and keeps a name with a dash and a number whole', () => {
    const got = read(
      ['S.Creatinine-1.9mg/dl(0.6-1.2)', 'Hb-8.2gm%(12-15)', 'Vitamin B-12  450  pg/mL  200 - 900'].join(
        '\n',
      ),
    );
    expect(got.creatinine).toEqual([1.9, 'high']);
    expect(got.hemoglobin).toEqual([8.2, 'low']);
    expect(got.vitamin_b12).toEqual([450, 'normal']);
  });

  it('reads results written as sentences, the range after the words that name it', () => {
    const got = read(
      [
        'Dear Sir/Madam,',
        'Your haemoglobin level was found to be 9.8 g/dL, which is below the normal range of 12-15 g/dL.',
        'Your Total Leukocyte Count is 7.2 10^3/uL (normal range 4.0 - 10.0).',
      ].join('\n'),
    );
    expect(got.hemoglobin).toEqual([9.8, 'low']);
    expect(got.wbc_count).toEqual([7.2, 'normal']);
  });

  it("pairs a grid's results with the names above them when its lines carry labels", () => {
    const got = read(
      [
        'THYROID PROFILE',
        '            T3        T4        TSH',
        'Range       0.8-2.0   5.1-14.1  0.27-4.2',
        'Result      1.12      7.8       16.0',
        'Unit        ng/mL     ug/dL     uIU/mL',
      ].join('\n'),
    );
    expect(got.t3).toEqual([1.12, 'normal']);
    expect(got.t4).toEqual([7.8, 'normal']);
    expect(got.tsh).toEqual([16, 'high']);
  });

  it("reads a test after notes, and never a note's numbers", () => {
    const got = read(
      [
        'Glycosylated Haemoglobin (HbA1c)     5.1    %    4.0 - 5.6',
        'Interpretation (ADA):',
        'Diabetes  : >6.5 %',
        'Fasting plasma glucose 126 mg/dL or above indicates diabetes.',
        'VITAMIN D, 25 - HYDROXY',
        'Result      47.9 ng/mL     30 - 100',
      ].join('\n'),
    );
    expect(got.hba1c).toEqual([5.1, 'normal']);
    expect(got.vitamin_d).toEqual([47.9, 'normal']);
    expect(got.glucose_fasting).toBeUndefined();
  });

  it('keeps a method line under a row out of its name, and reads a count per 100 white cells', () => {
    const r = analyseText(
      [
        'TEST NAME                         TECHNOLOGY     VALUE     UNITS    REFERENCE RANGE',
        'AVERAGE BLOOD GLUCOSE (ABG)       CALCULATED     174       mg/dl    90 - 120',
        'Method : ABG - Derived from HBA1C values',
        'NRBC                              MICROSCOPY     Nil       /100 WBC',
      ].join('\n'),
    );
    const abg = r.values.find((v) => v.canonical_id === 'estimated_average_glucose');
    expect(abg?.name).toBe('AVERAGE BLOOD GLUCOSE (ABG)');
    const nrbc = r.values.find((v) => v.canonical_id === 'nrbc');
    expect([nrbc?.value, nrbc?.unit, nrbc?.flag]).toEqual(['Nil', '/100 WBC', 'normal']);
  });

  it('reads exports whatever their syntax: a JSON document, FHIR, XML, key=value fields', () => {
    const json = read(
      JSON.stringify(
        {
          patient: { name: 'A B', age: 45 },
          results: [{ testName: 'Potassium', value: '6.9', unit: 'mmol/L', referenceRange: '3.5-5.1' }],
        },
        null,
        2,
      ),
    );
    expect(json.potassium).toEqual([6.9, 'critical_high']);
    const fhir = read(
      JSON.stringify({
        resourceType: 'Observation',
        code: { coding: [{ system: 'http://loinc.org', code: '718-7' }], text: 'Hemoglobin' },
        valueQuantity: { value: 9.2, unit: 'g/dL' },
        referenceRange: [{ low: { value: 13 }, high: { value: 17 } }],
      }),
    );
    expect(fhir.hemoglobin).toEqual([9.2, 'low']);
    const xml = read(
      [
        '<?xml version="1.0"?>',
        '<Report>',
        '  <Result code="HB" name="Hemoglobin" value="14.1" units="g/dL" range="13.0-17.0"/>',
        '  <Result><TestName>Serum Creatinine</TestName><Value>2.8</Value><Unit>mg/dL</Unit><RefRange>0.7-1.3</RefRange></Result>',
        '</Report>',
      ].join('\n'),
    );
    expect(xml.hemoglobin).toEqual([14.1, 'normal']);
    expect(xml.creatinine).toEqual([2.8, 'high']);
    const html = read(
      [
        '<html><body><table>',
        '<tr><th>Test</th><th>Result</th><th>Unit</th><th>Reference</th></tr>',
        '<tr><td>Platelet Count</td><td>42000</td><td>/cumm</td><td>150000-450000</td></tr>',
        '</table></body></html>',
      ].join('\n'),
    );
    expect(html.platelet_count).toEqual([42000, 'critical_low']);
    const fields = read('test=Glucose Fasting|result=212|unit=mg/dL|range=70-100|flag=H');
    expect(fields.glucose_fasting).toEqual([212, 'high']);
  });

  it('judges a count printed without unit or range in the one scale where it is possible', () => {
    const got = read(
      ['Haemoglobin      11.2', 'Platelets        12,000', 'TLC              7800'].join('\n'),
    );
    // 12,000 platelets is possible per µL only (never per nL, never in lakhs): critically low.
    expect(got.platelet_count).toEqual([12000, 'critical_low']);
    expect(got.wbc_count).toEqual([7800, 'normal']);
  });

  it('pairs names listed down with results listed after them only whole, else names them unread', () => {
    const names = ['Test', 'Haemoglobin', 'Platelet Count', 'TSH', 'Result'];
    const got = read([...names, '13.5', '250000', '16.2', 'Units', 'g/dL', '/cumm', 'uIU/mL'].join('\n'));
    expect(got.hemoglobin).toEqual([13.5, 'normal']);
    expect(got.platelet_count).toEqual([250000, 'normal']);
    expect(got.tsh).toEqual([16.2, 'high']);
    // A result no patient can have: nothing is paired, nothing is shown, each test is named unread.
    const r = analyseText([...names, '13.5', '2500000000', '16.2'].join('\n'));
    expect(r.values).toEqual([]);
    expect(r.unread.map((u) => u.canonical_id).sort()).toEqual(['hemoglobin', 'platelet_count', 'tsh']);
  });
});
