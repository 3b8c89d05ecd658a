import { afterAll, describe, expect, it } from 'vitest';
import { analyzeLines } from './engine';
import { linesToPdf } from './eval/render';
import { analyzeDocument, shutdownAnalysis } from './index';
import { analyseText } from './test-support/typed-text';

// Layouts measured before the reader was changed for them (issue 29, decision 266's batteries):
// a page number in a table's middle, headings a single space apart, names ending in their own
// digits glued to a result, several full results on one line, a result after an interpretation
// table, a portal's page copied label by label, a table's text read column by column, a message
// with a photo's specks beside it. The cases here are other tests and values than the battery's.

function read(text: string) {
  const r = analyseText(text);
  return {
    kind: r.document_kind,
    unread: r.unread.map((u) => u.name),
    got: Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag]])),
  };
}

/** The engine's answer for lines as OCR gives them from a phone photo. */
function photo(lines: string[]) {
  return analyzeLines(
    { kind: 'jpg', lines, source: 'ocr', ocrConfidence: 0.9, totalPages: 1, pagesRead: 1 },
    'en',
  );
}

describe('layouts nobody wrote a rule for', () => {
  it("never takes a page's running head ('Page 2 of 3') for a test's result", () => {
    const { got } = read(
      [
        'Test                     Result    Unit     Reference Range',
        'Serum Sodium             131       mmol/L   136 - 145',
        'ARIHANT PATHLABS                          Page 2 of 3',
        'Serum Chloride           99        mmol/L   98 - 107',
      ].join('\n'),
    );
    expect(Object.keys(got).sort()).toEqual(['chloride', 'sodium']);
  });

  it("reads a header whose headings stand a single space apart ('RESULT UNIT'), never as a row", () => {
    const { got } = read(
      [
        'Test               Result    Unit      Range',
        'Serum Albumin      2.8       g/dL      3.5-5.2',
        'TEST               RESULT UNIT        RANGE',
        'Serum Globulin     4.1    g/dL        2.0-3.5',
      ].join('\n'),
    );
    expect(got).toEqual({ albumin: [2.8, 'low'], globulin: [4.1, 'high'] });
  });

  it("reads names ending in their own digits glued to the result ('B12-450', 'FT4-0.6')", () => {
    const { kind, got } = read('Reports: Vit B12-450 pg/ml, FT4-0.6 ng/dl, Hb-11.1 g/dl.');
    expect(kind).toBe('lab_report');
    expect(got.vitamin_b12).toEqual([450, 'normal']);
    expect(got.free_t4).toEqual([0.6, 'low']);
    expect(got.hemoglobin?.[0]).toBe(11.1);
  });

  it('reads several full results on one line, each with its own range, never one as the others’ range', () => {
    const { got } = read(
      'T3 : 2.6 ng/mL (0.8-2.0)    T4 : 15.9 µg/dL (5.1-14.1)    TSH : 0.01 µIU/mL (0.4-4.0)',
    );
    expect(got).toEqual({ t3: [2.6, 'high'], t4: [15.9, 'high'], tsh: [0.01, 'low'] });
  });

  it('reads a result set apart by a blank line after an interpretation table', () => {
    const { got } = read(
      [
        'Serum Ferritin : 9 ng/mL',
        'Interpretation:',
        'Iron deficiency     < 15 ng/mL',
        'Iron overload       > 300 ng/mL',
        '',
        'Vitamin B12     1210 pg/mL',
      ].join('\n'),
    );
    expect(got.vitamin_b12?.[0]).toBe(1210);
    expect(got.ferritin?.[0]).toBe(9);
  });

  it("reads a portal's page copied label by label ('Parameter' / 'Potassium' / 'Value' / '6.4' …)", () => {
    const { got } = read(
      [
        'Parameter',
        'Serum Potassium',
        'Value',
        '6.4',
        'Units',
        'mmol/L',
        'Normal Range',
        '3.5 - 5.1',
        'Flag',
        'H',
        '',
        'Parameter',
        'Serum Creatinine',
        'Value',
        '1.0',
        'Units',
        'mg/dL',
      ].join('\n'),
    );
    expect(got.potassium?.[0]).toBe(6.4);
    expect(String(got.potassium?.[1])).toMatch(/high/);
    expect(got.creatinine?.[0]).toBe(1.0);
  });

  it('pairs names listed down the page with results listed after them, judged in the units listed after those', () => {
    const { got, unread } = read(
      [
        'Test',
        'Neutrophils Absolute',
        'Total WBC',
        'Result',
        '1.1',
        '2.9',
        'Units',
        '10^3/µL',
        '10^3/µL',
      ].join('\n'),
    );
    expect(unread).toEqual([]);
    expect(got.absolute_neutrophil_count?.[0]).toBe(1.1);
    expect(got.wbc_count).toEqual([2.9, 'low']);
  });

  it('reads a message line on a photo with specks of the page beside it', () => {
    const r = photo([
      '|  Dear Sir, your reports are ready. FBS-186 mg/dl, TSH-0.2 uIU/ml. Call 9000012345 for help. -Om Lab     r   Ee  |',
    ]);
    // Each result is read from its own sentence: the next sentence is no range of it.
    expect(r.values.map((v) => [v.canonical_id, v.value, v.ref_text]).sort()).toEqual([
      ['glucose_fasting', 186, ''],
      ['tsh', 0.2, ''],
    ]);
  });

  it("reads rows that qualify the heading's test ('PLASMA GLUCOSE' over 'Fasting' and 'Random'), never one as the other's range", () => {
    const { got } = read(
      ['PLASMA GLUCOSE', 'Fasting          68 mg/dl     70-100', 'Random           311 mg/dl    < 200'].join(
        '\n',
      ),
    );
    expect(got).toEqual({ glucose_fasting: [68, 'low'], glucose_random: [311, 'high'] });
  });

  it("takes a bare 'pH' under a blood gas heading, or beside pCO2 and pO2, as the blood's", () => {
    expect(read(['VENOUS BLOOD GAS', 'pH 7.52', 'pCO2 31 mmHg'].join('\n')).got).toMatchObject({
      blood_ph: [7.52, 'high'],
    });
    expect(read('pH   7.29   pCO2   49 mmHg   HCO3 31 mmol/L').got).toMatchObject({
      blood_ph: [7.29, 'low'],
      pco2: [49, 'high'],
    });
  });

  it("reads 'Very High' and 'Borderline High' in a mark column as the lab's marks", () => {
    const { got } = read(
      [
        'Lipid Profile',
        'Test Name  Value  Flag  Units  Ref Range',
        'Serum Triglycerides   610  Very High   mg/dL  Normal <150; High 200-499; Very high >=500',
        'LDL Cholesterol   141  Borderline High    mg/dL  Optimal <100; Borderline 130-159',
      ].join('\n'),
    );
    expect(got.triglycerides?.[0]).toBe(610);
    expect(got.ldl_cholesterol?.[0]).toBe(141);
  });

  it('on a photo of visits side by side whose latest date OCR damaged, shows no visit as the result', () => {
    const r = photo([
      '  Test             02/10/26     09/10/26     16/1026     Ref',
      '  Platelets        88           64           41          150-410',
      '  Bilirubin        2.2          3.1          4.6         0.2-1.2',
    ]);
    // Never an earlier visit shown as read; the rows are left to the printed report.
    expect(r.values.filter((v) => !v.uncertain).map((v) => [v.canonical_id, v.value])).toEqual([]);
    expect(r.unread.map((u) => u.canonical_id).sort()).toEqual(['bilirubin_total', 'platelet_count']);
  });

  it("calls rows of results whose names were lost to the text layer ('????') a lab report it could not read", () => {
    const r = analyseText(
      [
        '?????          13.1        g/dL        13.0 - 17.0',
        '?????? ?????     96          mg/dL       70 - 100',
      ].join('\n'),
    );
    expect(r.document_kind).toBe('lab_report');
    expect(r.values).toEqual([]);
    expect(r.summary).toMatch(/could not read/);
  });

  it("reads a result under its test's banner that names the specimen, with its range labelled on the next line", () => {
    const { got } = read(
      ['Serum Ferritin     Serum', 'Result          8.2 ng/mL', 'Ref. interval   30 - 400 ng/mL'].join('\n'),
    );
    expect(got.ferritin).toEqual([8.2, 'low']);
  });

  it('never takes the money and hours of a receipt that lists tests for their results', () => {
    const r = analyseText(
      [
        'CITY LAB - RECEIPT',
        'Tests: Ferritin, TSH, Creatinine',
        'Total: Rs. 1800   Paid: 1800',
        'Ready after 5 PM.',
      ].join('\n'),
    );
    expect(r.values).toEqual([]);
    expect(r.unread).toEqual([]);
  });
});

// A second battery (batch 8: an e-mail, a Markdown table, a cumulative report, a doctor's letter,
// names filling their column, …), measured before the reader was changed for it; the cases here
// are other tests and values than the battery's.
describe('more layouts nobody wrote a rule for', () => {
  afterAll(shutdownAnalysis);
  // A name as long as its column, one space from its result: the table's next row, never the
  // second line of the range above it.
  const FILLED = [
    'Investigation        Result        Reference',
    'Serum Albumin        3.1 g/dL      3.5 - 5.2 g/dL',
    'Alkaline Phosphatase 412 U/L       40 - 129 U/L',
    'Serum Globulin       3.0 g/dL      2.0 - 3.5 g/dL',
  ];

  it('reads a name that fills its column, one space from its result and unit', () => {
    const { got } = read(FILLED.join('\n'));
    expect(got).toEqual({
      albumin: [3.1, 'low'],
      alkaline_phosphatase: [412, 'high'],
      globulin: [3.0, 'normal'],
    });
  });

  it('reads it from a PDF, whose text layer gives the name and result as one run of text', async () => {
    const r = await analyzeDocument({ bytes: linesToPdf(FILLED), filename: 'r.pdf', language: 'en' });
    const alp = r.values.find((v) => v.canonical_id === 'alkaline_phosphatase');
    expect(alp).toMatchObject({ value: 412, flag: 'high', ref_text: '40 - 129 U/L' });
    expect(r.values.find((v) => v.canonical_id === 'albumin')?.ref_text).toBe('3.5 - 5.2 g/dL');
  });

  it("reads a doctor's letter: results in sentences wrapped across lines, dated, after 'her'", () => {
    const { got } = read(
      [
        'Mr. Ramesh Gupta, 61 years, was seen for giddiness and vomiting since two days. His serum',
        'sodium was 124 mmol/L on 02/11/2026 and potassium 3.1 mmol/L. Malaria antigen was',
        'negative. He was advised fluid restriction and review after one week.',
      ].join('\n'),
    );
    expect(got).toEqual({
      sodium: [124, 'low'],
      potassium: [3.1, 'low'],
      malaria_antigen: ['negative', 'normal'],
    });
  });

  it('never reads a list wrapped over lines as one sentence', () => {
    const { got } = read(
      [
        'Urea 48 mg/dL; Creatinine 1.6 mg/dL; Uric Acid 7.9 mg/dL',
        'Sodium 131 mmol/L; Potassium 5.2 mmol/L; Chloride 99 mmol/L',
      ].join('\n'),
    );
    expect(Object.keys(got).sort()).toEqual([
      'chloride',
      'creatinine',
      'potassium',
      'sodium',
      'urea',
      'uric_acid',
    ]);
  });
});

describe('numbers that are no results, and names and values read by what they are', () => {
  it("never takes a prescription's doses for results, and reads the result beside them", () => {
    const { got } = read(
      [
        'Serum Ferritin        9.6      ng/mL      13 - 150',
        '1. Tab. Folic acid 5 mg once daily',
        '2. Inj. Iron sucrose 200 mg in 100 ml NS over 30 min',
        'Syp. Potassium chloride 15 ml thrice daily x 5 days',
        'Magnesium 250 mg at night for a month',
      ].join('\n'),
    );
    expect(got).toEqual({ ferritin: [9.6, 'low'] });
  });

  it("never takes a bill's quantities and prices for results", () => {
    const r = analyseText(
      [
        'Investigation              Qty      Amount',
        'Serum Ferritin             1        650.00',
        'TSH                        1        300.00',
        'Vitamin B12                1        900.00',
      ].join('\n'),
    );
    expect(r.values).toEqual([]);
    expect(r.unread).toEqual([]);
    // A test's heading with 'Rate' in its name heads no bill: the result under it is read.
    expect(read(['Heart Rate      Regular', 'Haemoglobin     9.4'].join('\n')).got.hemoglobin?.[0]).toBe(9.4);
  });

  it("reads a Hindi name written with another of Hindi's words for the same thing ('फास्टिंग ग्लूकोज़')", () => {
    const { got } = read(
      [
        'जाँच                परिणाम     इकाई      सामान्य सीमा',
        'फास्टिंग ग्लूकोज़      132        mg/dL     70 - 100',
      ].join('\n'),
    );
    expect(got.glucose_fasting).toEqual([132, 'high']);
  });

  it("on a photo, never suspects a colon in a 1 that a value could not do without (sodium's 128)", () => {
    const r = photo([
      'Test          Flag   Result   Units     Range',
      'Sodium        L      128      mmol/L    135 - 145',
      'Potassium            4.4      mmol/L    3.5 - 5.1',
      'Chloride      H      112      mmol/L    98 - 107',
      'Bicarbonate   L      19       mmol/L    22 - 29',
    ]);
    const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag, !!v.uncertain]]));
    expect(got).toEqual({
      sodium: [128, 'low', false],
      potassium: [4.4, 'normal', false],
      chloride: [112, 'high', false],
      bicarbonate: [19, 'low', false],
    });
  });

  it("reads a differential count written by its letters ('P 58  L 34  E 5  M 3'), only when the shares make a whole", () => {
    expect(read('TLC  6900 /cumm\nDiff. count: P 58  L 34  E 5  M 3').got).toEqual({
      wbc_count: [6900, 'normal'],
      neutrophils: [58, 'normal'],
      lymphocytes: [34, 'normal'],
      eosinophils: [5, 'normal'],
      monocytes: [3, 'normal'],
    });
    // 58 + 14 + 5 = 77: not the whole of the white cells, so no letter is taken for a test.
    expect(Object.keys(read('Diff. count: P 58  L 14  E 5').got)).toEqual([]);
  });

  it("on a photo, reads a message's lines whose icons OCR read as marks before the name ('[0 TSH: 7.9')", () => {
    const r = photo([
      'Your results are ready [!',
      '[0 TSH: 7.9 uIU/mL (normal 0.4-4.2)',
      '[I Serum Ferritin: 210 ng/mL',
    ]);
    const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag]]));
    expect(got).toEqual({ tsh: [7.9, 'high'], ferritin: [210, 'normal'] });
  });

  it("never takes a cut-off's label ('Reactive >= 1.0') for the answer a healthy patient has", () => {
    const { got } = read(
      [
        'Anti HCV (CMIA)      Reactive       (S/CO 12.4; Reactive >= 1.0)',
        'HIV 1 & 2            Non Reactive   (Non reactive < 1.0)',
      ].join('\n'),
    );
    expect(got.anti_hcv).toEqual(['Reactive', 'abnormal']);
    expect(got.hiv_screening).toEqual(['Non Reactive', 'normal']);
  });

  it("reads a stool examination's rows as the stool's, never as the urine's", () => {
    const { got } = read(
      ['MOTION EXAMINATION', 'Occult Blood         Negative', 'Mucus                Present'].join('\n'),
    );
    expect(got.stool_occult_blood).toEqual(['Negative', 'normal']);
    expect(got.urine_blood).toBeUndefined();
    expect(got.urine_mucus).toBeUndefined();
  });

  it("reads a meter's printout, the result before the name, and no blood test as the urine's", () => {
    const { got } = read(
      [
        ' 7.2 %       HbA1c               (4.0-5.6)',
        ' 2.35        INR                 (0.8-1.2)',
        ' 3.1 mmol/L  Ketones (Blood)     (<0.6)',
      ].join('\n'),
    );
    expect(got.hba1c).toEqual([7.2, 'high']);
    expect(got.inr).toEqual([2.35, 'high']);
    expect(got.urine_ketones).toBeUndefined();
  });

  it('on a photo, four results of which three start with a 1 are no sign of colons read as 1s', () => {
    const r = photo([
      'Results outside the reference range:',
      'Serum Ferritin 182 ng/mL (13 - 150) High',
      'Vitamin D 12.6 ng/mL (30 - 100) Low',
      'Uric Acid 7.9 mg/dL (3.5 - 7.2) High',
      'Vitamin B12 164 pg/mL (211 - 911) Low',
    ]);
    expect(r.values.filter((v) => v.uncertain).map((v) => v.canonical_id)).toEqual([]);
    expect(r.values.map((v) => v.value)).toEqual([182, 12.6, 7.9, 164]);
  });

  it("on a photo, a prescription's lines (a page edge before the number, 'Tah.' for 'Tab.') are no results and nothing unread", () => {
    const r = photo([
      'Rx',
      '|   1. Cap. Omega 3 1000 mg once daily',
      '  2. Tah. Folic acid 5 mg - daily x 3 months',
      '|    3. Inj. Vitamin D3 600000 IU stat        |',
    ]);
    expect(r.values).toEqual([]);
    expect(r.unread).toEqual([]);
  });

  it("on a photo, never repairs a word into its opposite ('nReactive' may be what is left of 'Non Reactive')", () => {
    const r = photo([
      'SEROLOGY',
      'Test          Result        Reference',
      'Anti HCV      nReactive     Non Reactive',
      'HBsAg         tDetected     Not Detected',
      'HIV I & II    Reactlve      Non Reactive',
    ]);
    const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, !!v.uncertain]]));
    expect(got.anti_hcv).toEqual(['nReactive', true]);
    expect(got.hbsag?.[1]).toBe(true);
    expect(got.hiv_screening).toEqual(['Reactive', false]);
  });

  it("reads a form's blanks filled in, and a result after a label that names no test", () => {
    const { got } = read(
      [
        'Name: ______Sunil______   Age: __52__',
        'Creatinine: __1.9__ mg/dL     Urea: __71__ mg/dL',
        'Thyroid: TSH 0.02 uIU/mL (0.4 - 4.0)',
      ].join('\n'),
    );
    expect(got).toEqual({ creatinine: [1.9, 'high'], urea: [71, 'high'], tsh: [0.02, 'low'] });
  });

  it("reads an analyser's decimal commas ('5,8'), never where commas group thousands", () => {
    const { got } = read(
      [
        'Sodium     131     mmol/L   136 - 145',
        'Potassium  5,8     mmol/L   3,5 - 5,1',
        'Urea       7,9     mmol/L   2,5 - 7,1',
        'Creatinine 1,18    mg/dL    0,70 - 1,20',
      ].join('\n'),
    );
    expect(got).toEqual({
      sodium: [131, 'low'],
      potassium: [5.8, 'high'],
      urea: [7.9, 'high'],
      creatinine: [1.18, 'normal'],
    });
    // A count in lakhs' grouping on the page: no comma is a decimal point.
    expect(
      read('TLC  11,200 /cumm  4,000 - 11,000\nPlatelets 2,15,000 /cumm 1,50,000 - 4,50,000').got,
    ).toEqual({
      wbc_count: [11200, 'high'],
      platelet_count: [215000, 'normal'],
    });
  });

  it("ends an impression's notes at a result row after a label ('Lipid: LDL 151 mg/dL (< 100)')", () => {
    const { got } = read(
      ['Impression: Normal LV systolic function.', 'Lipid: LDL 151 mg/dL (< 100)'].join('\n'),
    );
    expect(got.ldl_cholesterol).toEqual([151, 'high']);
  });

  it('on a photo, a number judged by nothing (unit and range unread, no mark) is "check it", never "normal"', () => {
    const r = photo([
      'Test          Result     Unit      Ref. Range',
      'TSH           0.06       pum       04-40',
    ]);
    expect(r.values[0]).toMatchObject({ canonical_id: 'tsh', value: 0.06, uncertain: true });
    expect(r.values[0].reading_note).toContain('could not be judged');
  });
});
