import { describe, expect, it } from 'vitest';
import { scanRows } from './lab-lines';

function rows(text: string, fuzzy = false) {
  return scanRows(text.split('\n'), { fuzzy }).rows.map((r) => ({
    id: r.analyte.id,
    value: r.value.value,
    unit: r.unit,
    range: r.rangeText,
    flag: r.value.flag,
  }));
}

describe('scanRows', () => {
  it('follows the header order when OCR shifted the columns (range printed before the result)', () => {
    // As tesseract returns a photo: the columns' order is right, their character offsets are not.
    const out = rows(
      [
        '   Test Description              Biological Ref. Interval                  Your Resuit        UOM',
        '   UREA, SERUM            15-40                            65              mg/dL',
        '   Serum POTASSIUM        3.50-5.00                          7.06             mmol/L',
        '   PH                        5.0-8.0                             6.5',
      ].join('\n'),
      true,
    );
    expect(out).toEqual([
      { id: 'urea', value: 65, unit: 'mg/dL', range: '15-40', flag: null },
      { id: 'potassium', value: 7.06, unit: 'mmol/L', range: '3.50-5.00', flag: null },
      { id: 'urine_ph', value: 6.5, unit: '', range: '5.0-8.0', flag: null },
    ]);
  });

  it('reads a unit written with the micro sign after the range as the unit, not as part of the range', () => {
    const out = rows(
      [
        'Investigation                    Result        Reference Range         Unit',
        'Platelet Count                   38,000 L      1,50,000 - 4,50,000    /µL',
        'Total WBC Count                  2,100 L       4,000 - 10,000         /μL',
      ].join('\n'),
    );
    expect(out).toEqual([
      { id: 'platelet_count', value: 38000, unit: '/µL', range: '1,50,000 - 4,50,000', flag: 'L' },
      { id: 'wbc_count', value: 2100, unit: '/μL', range: '4,000 - 10,000', flag: 'L' },
    ]);
  });

  it('reads records printed field by field with labels (Test, Result, Units, Reference)', () => {
    const out = rows(
      [
        'Test: Haemoglobin',
        'Result: 6.1 g/dL',
        'Reference: 12.0-15.5 g/dL',
        '',
        'Test Name : Serum Sodium',
        'Method : ISE',
        'Observed Value : 118',
        'Units : mmol/L',
        'Normal Range : 135 - 145',
        '',
        'Parameter - Random Blood Glucose',
        'Value - 42 mg/dL',
      ].join('\n'),
    );
    expect(out).toEqual([
      { id: 'hemoglobin', value: 6.1, unit: 'g/dL', range: '12.0-15.5 g/dL', flag: null },
      { id: 'sodium', value: 118, unit: 'mmol/L', range: '135 - 145', flag: null },
      { id: 'glucose_random', value: 42, unit: 'mg/dL', range: '', flag: null },
    ]);
  });

  it('reads a cell-per-line row whose test name starts with its percent sign', () => {
    const out = rows(['% Saturation of Transferrin', 'Method: CLIA', '34.2', '%', '16.0 - 45.0'].join('\n'));
    expect(out).toEqual([
      { id: 'transferrin_saturation', value: 34.2, unit: '%', range: '16.0 - 45.0', flag: null },
    ]);
  });

  it("reads a photo's header through OCR's slips ('Bio. Ret. lnterval', 'Unlts')", () => {
    const out = rows(
      [
        '   Test Name                       Results            Unlts           Bio. Ret. lnterval',
        '  Iron, Serum                          32        µg/dL      50-170',
        '   Epithelial Cells                   2-3                /hpf            0-5',
      ].join('\n'),
      true,
    );
    expect(out.map((r) => [r.id, r.range])).toEqual([
      ['serum_iron', '50-170'],
      ['urine_epithelial_cells', '0-5'],
    ]);
  });

  it('reads a unit glued to its result (a photo drops the space, some labs print it so)', () => {
    const out = rows(
      [
        '  Test                                      Result                Reference Range         Flag',
        '  PCV                             29.8%            (36-46)                L',
        ' HAEMOGLOBIN                          9.4g/dL              (12.0-15.0)                 L',
      ].join('\n'),
      true,
    );
    expect(out.map((r) => [r.id, r.value, r.unit, r.range])).toEqual([
      ['hematocrit', 29.8, '%', '(36-46)'],
      ['hemoglobin', 9.4, 'g/dL', '(12.0-15.0)'],
    ]);
  });

  it('reads a differential printed as percentage and absolute count on one row, as two rows', () => {
    const out = rows(
      [
        'Test              Result    Unit       Ref. Range     Absolute   Unit        Ref. Range',
        'Neutrophils       72        %          40 - 80        6.1        10^3/µL     2.0 - 7.0',
        'Lymphocytes       18        %          20 - 40        1.5        10^3/µL     1.0 - 3.0',
        'Total Leucocyte Count  8.5  10^3/µL    4.0 - 10.0',
        'VITAMINS',
        'Vitamin D         8.2       ng/mL      Deficient: <10  Insufficient: 10 - 30  Sufficient: 30 - 100',
      ].join('\n'),
    );
    expect(out.map((r) => [r.id, r.value, r.unit, r.range])).toEqual([
      ['neutrophils', 72, '%', '40 - 80'],
      ['absolute_neutrophil_count', 6.1, '10^3/µL', '2.0 - 7.0'],
      ['lymphocytes', 18, '%', '20 - 40'],
      ['absolute_lymphocyte_count', 1.5, '10^3/µL', '1.0 - 3.0'],
      ['wbc_count', 8.5, '10^3/µL', '4.0 - 10.0'],
      // After a heading of its own, another table: its long range is not cut at the second group.
      ['vitamin_d', 8.2, 'ng/mL', 'Deficient: <10 Insufficient: 10 - 30 Sufficient: 30 - 100'],
    ]);
  });

  it('reads pipe tables with method sub-lines', () => {
    const out = rows(
      [
        'Test                 | Result   | Unit   | Bio. Ref. Interval',
        'FT4                  | 0.42     | ng/dL  | 0.93 - 1.70',
        '  Method: ECLIA      |          |        |',
        'TSH (Ultrasensitive) | 13.31    | mIU/L  | 0.4 - 4.0',
      ].join('\n'),
    );
    expect(out).toEqual([
      { id: 'free_t4', value: 0.42, unit: 'ng/dL', range: '0.93 - 1.70', flag: null },
      { id: 'tsh', value: 13.31, unit: 'mIU/L', range: '0.4 - 4.0', flag: null },
    ]);
  });

  it('reads a method column between name and result, and ranges continued on the next line', () => {
    const out = rows(
      [
        'Test Name                 Method              Result     Unit    Reference Range',
        'Gamma GT (GGT)            Enzymatic           193.8 *    U/L     Male : 10.0 - 71.0',
        '                                                                 Female : 6.0 - 42.0',
        'Albumin / Globulin Ratio  Calculated          1.38               1.20 - 2.20',
      ].join('\n'),
    );
    expect(out[0]).toMatchObject({ id: 'ggt', value: 193.8, flag: '*' });
    expect(out[0].range).toBe('Male : 10.0 - 71.0\nFemale : 6.0 - 42.0');
    expect(out[1]).toMatchObject({ id: 'ag_ratio', value: 1.38, unit: '' });
  });

  it('reads "Name : value unit (range)" lines and flags after the value', () => {
    const out = rows(
      [
        '  Glucose - Fasting      :   106.8 H    mg/dl    (70.0 - 100.0)',
        '  Vitamin B12            :   >2000 H    pg/mL    (187 - 883)',
        '  Platelets              :   12,000 LL  /cumm    1,50,000-4,10,000',
      ].join('\n'),
    );
    expect(out.map((r) => [r.id, r.value, r.flag])).toEqual([
      ['glucose_fasting', 106.8, 'H'],
      ['vitamin_b12', 2000, 'H'],
      ['platelet_count', 12000, 'LL'],
    ]);
  });

  it('tells urine rows from blood rows by the section heading', () => {
    const out = rows(
      [
        'URINE ROUTINE EXAMINATION',
        'ALBUMIN (PROTEIN)        Nil          Nil',
        'SUGAR                    +            (Negative)',
        'R.B.C.                   Nil     /HPF    0 - 2',
      ].join('\n'),
    );
    expect(out.map((r) => [r.id, r.value])).toEqual([
      ['urine_protein', 'Nil'],
      ['urine_glucose', '+'],
      ['urine_rbc', 'Nil'],
    ]);
  });

  it('tells % differential from absolute counts by the unit', () => {
    const out = rows(
      [
        'Neutrophils        59       %          40 - 80',
        'Neutrophils        3.52     10^3/µL    1.80 - 7.70',
      ].join('\n'),
    );
    expect(out.map((r) => r.id)).toEqual(['neutrophils', 'absolute_neutrophil_count']);
  });

  it('ignores comments, interpretation tables and repeated rows', () => {
    const out = rows(
      [
        'HBA1C                 7.3     %      Non-diabetic: < 5.7',
        '',
        'Interpretation of HbA1c (as per ADA guidelines):',
        '    Non-diabetic              : < 5.7 %',
        '    Diabetic                  : >= 6.5 %',
        'eGFR is calculated using the CKD-EPI 2021 creatinine equation. KDIGO categories: G1 >= 90,',
        'Note: eAG = 28.7 x HbA1c - 46.7. Fasting glucose 101-125 mg/dL indicates impaired fasting glucose.',
        'HBA1C                 7.3     %      Non-diabetic: < 5.7',
      ].join('\n'),
    );
    expect(out.map((r) => r.id)).toEqual(['hba1c']);
  });

  it('reads markdown tables and a result line under a heading', () => {
    const out = rows(
      [
        '| HAEMOGLOBIN (HB) | **12.8** | 13 to 18 gm/dl |',
        '### CRP (NYCOCARD)',
        '**Result**: **27** Upto 5 mg/l',
      ].join('\n'),
    );
    expect(out).toEqual([
      { id: 'hemoglobin', value: 12.8, unit: 'gm/dl', range: '13 to 18', flag: null },
      { id: 'crp', value: 27, unit: 'mg/l', range: 'Upto 5', flag: null },
    ]);
  });

  it('matches OCR-damaged names only in fuzzy mode', () => {
    const line = 'Haemoglobln          13.2       g/dL       13.0 - 17.0';
    // Outside OCR text an unknown name is not guessed: the row is kept as printed, not explained.
    expect(rows(line).map((r) => r.id)).toEqual(['unlisted_haemoglobln']);
    expect(rows(line, true).map((r) => r.id)).toEqual(['hemoglobin']);
  });

  it("takes a unit whose slash OCR dropped or misread ('HPF', 'IHPF' for '/HPF') as the unit, in fuzzy mode only", () => {
    const text = [
      'URINE ROUTINE EXAMINATION',
      'Test                 Result        Unit      Reference Range',
      'LEUCOCYTES           0-1           HPF       0-4',
      'R.B.C.               Nil           IHPF      0-2',
    ].join('\n');
    expect(rows(text, true)).toEqual([
      expect.objectContaining({ id: 'urine_pus_cells', value: '0-1', unit: 'HPF', range: '0-4' }),
      expect.objectContaining({ id: 'urine_rbc', value: 'Nil', unit: 'IHPF', range: '0-2' }),
    ]);
    expect(rows(text).map((r) => r.unit)).toEqual(['', '']);
    // A word that is no unit of the analyte but for a slash stays in the range.
    expect(rows('LEUCOCYTES           0-1           Few       0-4', true)[0].unit).toBe('');
  });

  it('does not take an OCR-misread row for the range continued from the row above', () => {
    const text = [
      '   Test Description              Biological Ref. Interval            Your Result        UoM',
      '   NON-HDL CHOLESTEROL        Less than 160                          88               mg/dL',
      '   Chol/HdI Ratio             3.5-5.0                                2.7              Ratio',
    ].join('\n');
    expect(rows(text, true)).toEqual([
      expect.objectContaining({ id: 'non_hdl_cholesterol', value: 88, range: 'Less than 160' }),
      expect.objectContaining({ id: 'chol_hdl_ratio', value: 2.7, range: '3.5-5.0' }),
    ]);
  });

  it('reads a table row from its cells: never an earlier result, its wrapped name, its own line', () => {
    const text = [
      'Investigation        Previous (12/08/2024)   Result (03/02/2025)   Unit     Reference Interval',
      'Serum                119                     251                   mg/dL    < 150',
      'Triglycerides',
      'Serum Potassium      6.1                                           mmol/L   3.5 - 5.1',
    ];
    const scan = scanRows(text, { fuzzy: false });
    expect(scan.rows.map((r) => [r.analyte.id, r.value.value, r.unit, r.rangeText])).toEqual([
      ['triglycerides', 251, 'mg/dL', '< 150'],
    ]);
    // No result in the result column: none read, the earlier one least of all.
    expect(scan.unread).toEqual([
      expect.objectContaining({
        analyte: expect.objectContaining({ id: 'potassium' }),
        reason: 'no result printed',
      }),
    ]);
    // The row's value is checked against its printed line: the line of its result.
    const above = [
      'Test Description            Result   Units    Reference Interval',
      'Indirect',
      'Bilirubin                   0.76     mg/dL    0.20 - 0.80',
      'Serum',
      'Triglycerides               251      mg/dL    < 150',
    ];
    expect(scanRows(above, { fuzzy: false }).rows.map((r) => [r.analyte.id, r.lineIndex])).toEqual([
      ['bilirubin_indirect', 2],
      ['triglycerides', 4],
    ]);
  });
});
