import { describe, expect, it } from 'vitest';
import { analyseText } from './test-support/typed-text';

// Layouts the engine once missed, each in a small report: columns in another order, sex and tiered
// ranges, one cell per line, marks on results, spaced units, names as labs write them, rows the
// knowledge base does not know, and results that cannot be read.
const analyse = analyseText;

const brief = (r: ReturnType<typeof analyse>) =>
  r.values.map((v) => [v.canonical_id, v.value, v.unit, v.flag]);

describe('tables in any column order', () => {
  it('never takes a number of the reference range for the result', () => {
    const r = analyse(
      [
        'Age / Sex : 45 Years / Male',
        'PARAMETER            BIO. REF. RANGE     RESULT     UNIT',
        'Haemoglobin          13.0 - 17.0         9.8        g/dL',
        'Total Cholesterol    < 200               245        mg/dL',
        'TSH                  0.4 - 4.2           2.1        µIU/mL',
      ].join('\n'),
    );
    expect(brief(r)).toEqual([
      ['hemoglobin', 9.8, 'g/dL', 'low'],
      ['total_cholesterol', 245, 'mg/dL', 'high'],
      ['tsh', 2.1, 'µIU/mL', 'normal'],
    ]);
  });

  it('reads pipe tables with the range first and a missing result as unread', () => {
    const r = analyse(
      [
        '| Test | Reference Range | Result | Units |',
        '|---|---|---|---|',
        '| Potassium | 3.5 - 5.1 |  | mmol/L |',
        '| Sodium | 136 - 145 | 128 | mmol/L |',
      ].join('\n'),
    );
    expect(brief(r)).toEqual([['sodium', 128, 'mmol/L', 'low']]);
    expect(r.unread.map((u) => [u.canonical_id, u.critical])).toEqual([['potassium', true]]);
    expect(r.key_findings[0]).toMatch(/could not read your potassium result clearly/);
    expect(r.summary).toMatch(/^We could not read your potassium/);
  });

  it('groups a table pasted one cell per line, with method lines between', () => {
    const r = analyse(
      [
        'Test',
        'Result',
        'Unit',
        'Reference',
        '',
        'Urea',
        'Method : GLDH',
        '65',
        'mg/dL',
        '15 - 40',
        '',
        'Creatinine',
        '(Jaffe)',
        '3.65',
        'mg/dL',
        '0.70 - 1.30',
      ].join('\n'),
    );
    expect(brief(r)).toEqual([
      ['urea', 65, 'mg/dL', 'high'],
      ['creatinine', 3.65, 'mg/dL', 'high'],
    ]);
  });
});

describe('ranges as printed', () => {
  const rows = (sexLine: string) =>
    analyse([sexLine, 'Haemoglobin      12.5     g/dL     M: 13 - 17 / F: 12 - 15'].join('\n')).values[0];

  it('chooses the patient’s sex, from Age/Sex or a title', () => {
    expect(rows('Age / Sex : 30 Y / Male').flag).toBe('low');
    expect(rows('Age / Sex : 30 Y / Female').flag).toBe('normal');
    expect(rows('Patient : Mrs. Sunita Rao').flag).toBe('normal');
  });

  it('flags only what is outside both ranges when the sex is unknown', () => {
    expect(rows('Patient : Sunita Rao').flag).toBe('normal');
    const r = analyse('Haemoglobin      11.0     g/dL     M: 13 - 17 / F: 12 - 15');
    expect(r.values[0].flag).toBe('low');
  });

  it('reads sex ranges on two lines and shows the band used (decision 192)', () => {
    const r = analyse(
      [
        'Sex : Female',
        'Test           Result    Unit     Normal Range',
        'Haemoglobin    11.9      g/dL     Male : 13.5 to 18.0',
        '                                  Female : 11.5 to 16.4',
      ].join('\n'),
    );
    expect(r.values[0]).toMatchObject({ flag: 'normal', ref_low: 11.5, ref_high: 16.4 });
    expect(r.values[0].ref_text).toBe('Female: 11.5-16.4');
  });

  it('flags tiered ranges by band and names the band', () => {
    const r = analyse(
      'Total Cholesterol   215   mg/dL   Desirable: <200 / Borderline High: 200 - 239 / High: >=240',
    );
    expect(r.values[0]).toMatchObject({ flag: 'high', band: 'borderline high' });
    expect(r.key_findings[0]).toMatch(/borderline high/);
  });

  it('names the band once when it is the flag itself ("high", not "high (high)")', () => {
    const r = analyse(
      'Total Cholesterol   248   mg/dL   Desirable: <200 / Borderline High: 200 - 239 / High: >=240',
    );
    expect(r.values[0]).toMatchObject({ flag: 'high', band: 'high' });
    expect(r.key_findings[0]).toMatch(/is 248 mg\/dL, high \(reference/);
  });
});

describe('censored results written in words', () => {
  it("reads 'Less than 0.5' as a result below 0.5, not as the range", () => {
    const r = analyse(
      [
        'Test                         Value          Units      Normal Values',
        'C-Reactive Protein           Less than 0.5  mg/L       Up to 6.0',
        'Microalbumin (Urine)         45             mg/L       Less than 20',
      ].join('\n'),
    );
    expect(r.values.find((v) => v.canonical_id === 'crp')).toMatchObject({
      value: 0.5,
      qualifier: '<',
      flag: 'normal',
      ref_text: 'Up to 6.0',
    });
    expect(r.values.find((v) => v.canonical_id === 'urine_microalbumin')).toMatchObject({
      value: 45,
      flag: 'high',
    });
  });
});

describe('marks and units', () => {
  it('takes marks off the value and records a disagreeing mark', () => {
    const r = analyse(
      [
        'Triglycerides     196.7 H    mg/dL   < 150',
        'Total Cholesterol 249 *      mg/dL   < 200',
        'Haemoglobin       L 9.8      g/dL    13.0 - 17.0',
        'Sodium            140 H      mmol/L  136 - 145',
      ].join('\n'),
    );
    expect(r.values.map((v) => [v.value, v.flag, v.flag_printed, v.flag_disagrees ?? false])).toEqual([
      [196.7, 'high', 'H', false],
      [249, 'high', '*', false],
      [9.8, 'low', 'L', false],
      [140, 'normal', 'H', true],
    ]);
  });

  it('reads spaced and dotted units in any column, one spelling per analyte', () => {
    const r = analyse(
      [
        'TEST              RESULT     NORMAL VALUES            UNITS',
        'Bilirubin Total   1.1        0.1 - 1.2                mg / dl',
        'S.G.P.T.          51.3       Up to 49                 IU / L',
        'Alkaline Phosphatase  18.4   15 - 112 IU/L.',
        'Total Proteins    7.2        6.0 - 8.3 gm / dl',
      ].join('\n'),
    );
    expect(brief(r)).toEqual([
      ['bilirubin_total', 1.1, 'mg/dL', 'normal'],
      ['alt', 51.3, 'IU/L', 'high'],
      ['alkaline_phosphatase', 18.4, 'IU/L', 'normal'],
      ['total_protein', 7.2, 'g/dL', 'normal'],
    ]);
  });

  it('infers the knowledge base unit only where it is the only plausible one', () => {
    const r = analyse('Serum Creatinine     1.9        0.7 - 1.3');
    expect(r.values[0]).toMatchObject({ unit: 'mg/dL', unit_inferred: true, flag: 'high' });
  });
});

describe('names as labs write them', () => {
  it('tells HbA1c, creatinine and haemoglobin apart', () => {
    const r = analyse(
      [
        'Haemoglobin A1c 7.9 % 4.0 - 5.6',
        'Sr. Creatinine 2.1 mg/dL 0.7 - 1.3',
        'Haemoglobin 13.9 g/dL 13 - 17',
      ].join('\n'),
    );
    expect(r.values.map((v) => v.canonical_id)).toEqual(['hba1c', 'creatinine', 'hemoglobin']);
  });

  it('keeps a row the knowledge base does not know, flagged by its own range', () => {
    const r = analyse(
      [
        'Test                  Result   Unit    Reference Range',
        'Haemoglobin           13.9     g/dL    13 - 17',
        'Zonulin Index         84       ng/mL   20 - 60',
      ].join('\n'),
    );
    expect(r.values[1]).toMatchObject({
      name: 'Zonulin Index',
      value: 84,
      flag: 'high',
      not_in_knowledge_base: true,
    });
  });

  it('calls a text with lab rows of unknown tests a lab report', () => {
    const r = analyse(
      ['Xylo Factor A      12.0     U/mL    5 - 10', 'Zeta Marker B      0.4      ng/mL   0.1 - 0.9'].join(
        '\n',
      ),
    );
    expect(r.document_kind).toBe('lab_report');
  });
});

describe('bad rows', () => {
  it('reports unreadable results as unread and invents nothing', () => {
    const r = analyse(
      [
        'Test            Result              Unit     Reference',
        'Potassium       Sample hemolysed    mmol/L   3.5 - 5.1',
        'Sodium          ----                mmol/L   136 - 145',
        'Urea            65                  mg/dL',
        'Calcium                                      8.5 - 10.5',
        'Haemoglobin     13.5    14.2        g/dL     13 - 17',
        'Chloride        101     mmol/L      98 - 107    Glucose 90',
      ].join('\n'),
    );
    expect(r.values.map((v) => v.canonical_id)).toEqual(['urea', 'chloride']);
    expect(r.unread.map((u) => u.canonical_id).sort()).toEqual([
      'calcium',
      'hemoglobin',
      'potassium',
      'sodium',
    ]);
    expect(r.key_findings[0]).toMatch(/potassium/i);
  });
});

describe('a delimited export (a LIS saved to CSV)', () => {
  it('reads semicolon and quoted comma rows field by field under their header', () => {
    const semicolon = analyse(
      [
        'Age / Sex : 45 Years / Male',
        'Test Name;Result;Unit;Reference Range;Flag',
        'Haemoglobin;9.8;g/dL;13.0 - 17.0;L',
        'Total Leucocyte Count;7800;/cumm;4000 - 11000;',
        'Serum Potassium;6.8;mmol/L;3.5 - 5.1;H',
      ].join('\n'),
    );
    expect(brief(semicolon)).toEqual([
      ['hemoglobin', 9.8, 'g/dL', 'low'],
      ['wbc_count', 7800, '/cumm', 'normal'],
      ['potassium', 6.8, 'mmol/L', 'critical_high'],
    ]);
    const comma = analyse(
      [
        '"Parameter","Value","Units","Normal Range","Status"',
        '"Platelet Count","1,50,000","/cumm","1,50,000 - 4,50,000","Normal"',
        '"Haemoglobin","9.8","g/dL","13.0 - 17.0","Low"',
      ].join('\n'),
    );
    expect(brief(comma)).toEqual([
      ['platelet_count', 150000, '/cumm', 'normal'],
      ['hemoglobin', 9.8, 'g/dL', 'low'],
    ]);
    expect(comma.unread_lines ?? []).toEqual([]);
  });
});

describe('cells that do not start under their header word', () => {
  it('reads cells centred under their headers and numbers aligned on their decimal point', () => {
    const centred = analyse(
      [
        '           Test Name                 Result         Unit      Reference Range',
        '          Haemoglobin                 9.8           g/dL        13.0 - 17.0',
        '   Absolute Neutrophil Count         14,088        /cumm        2000 - 7000',
        '             Colour               Pale Yellow                   Pale Yellow',
        '              ESR                      8           mm/hr           0 - 20',
      ].join('\n'),
    );
    const decimal = analyse(
      [
        'TEST                          RESULT      UNIT      REFERENCE',
        'HAEMOGLOBIN                      9.8      g/dL      13.0 - 17.0',
        'ABSOLUTE NEUTROPHIL COUNT   14,088        /cumm     2000 - 7000',
        'COLOUR                    Pale Yellow               Pale Yellow',
        'ESR                              8        mm/hr     0 - 20',
      ].join('\n'),
    );
    for (const r of [centred, decimal])
      expect(brief(r)).toEqual([
        ['hemoglobin', 9.8, 'g/dL', 'low'],
        ['absolute_neutrophil_count', 14088, '/cumm', 'high'],
        ['urine_colour', 'Pale Yellow', '', 'normal'],
        ['esr', 8, 'mm/hr', 'normal'],
      ]);
  });
});

describe('ranges and units in columns of their own shape', () => {
  it('joins a lower and an upper limit column into the range; one limit alone is a bound', () => {
    const r = analyse(
      [
        'Age / Sex : 45 Years / Male',
        'Test                        Result     Unit       Min                       Max',
        'Haemoglobin                 9.8        g/dL       13.0                      17.0',
        'Glucose Fasting             80         mg/dL      Normal: 70 - 100',
        '                                                  Impaired Fasting Glucose: 101 - 125',
        'HDL Cholesterol             35         mg/dL      40',
        'Triglycerides               180        mg/dL                                150',
        'Neutrophils                 78         %          40                        75',
      ].join('\n'),
    );
    expect(r.values.map((v) => [v.canonical_id, v.value, v.ref_low, v.ref_high, v.flag])).toEqual([
      ['hemoglobin', 9.8, 13, 17, 'low'],
      ['glucose_fasting', 80, 70, 100, 'normal'],
      ['hdl_cholesterol', 35, 40, null, 'low'],
      ['triglycerides', 180, null, 150, 'high'],
      ['neutrophils', 78, 40, 75, 'high'],
    ]);
  });

  it("takes a unit printed in brackets after the name as the row's unit ('Test (Unit)')", () => {
    const r = analyse(
      [
        'Test (Unit)                                Result     Normal Range',
        'LYMPHOCYTES (%)                            9.3        20.0 - 45.0',
        'LYMPHOCYTES (ABSOLUTE) (cells/µL)          1,656      1,000 - 3,000',
        'Haemoglobin (Hb) (gm/dL)                   13.0       13.5 - 18.0',
      ].join('\n'),
    );
    expect(brief(r)).toEqual([
      ['lymphocytes', 9.3, '%', 'low'],
      ['absolute_lymphocyte_count', 1656, '/cumm', 'normal'],
      ['hemoglobin', 13, 'g/dL', 'low'],
    ]);
  });

  it("reads a delimited export's row that leaves out its empty last fields", () => {
    const r = analyse(
      [
        'Test Name;Result;Unit;Reference Range;Flag',
        'Haemoglobin;9.8;g/dL;13.0 - 17.0',
        'Serum Potassium;6.8;mmol/L',
      ].join('\n'),
    );
    expect(brief(r)).toEqual([
      ['hemoglobin', 9.8, 'g/dL', 'low'],
      ['potassium', 6.8, 'mmol/L', 'critical_high'],
    ]);
  });
});
