import { describe, expect, it } from 'vitest';
import { analyseText } from './test-support/typed-text';
import { cellKind, placeByKind } from './parse/cell-kinds';
import { withoutLostPoints } from './parse/ocr-repair';
import { parseRange } from './parse/ranges';

// Ways of printing results measured before the reader was changed for them (issue 29): a cell's
// kind says what it is where a header's positions or a layout's order do not; a grid of visits
// gives today's result; a record's fields may be labelled with a colon; a row may start with its
// result. Each case here differs from the ones that were measured (other tests, other words).

function read(text: string) {
  const r = analyseText(text);
  return Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag, v.ref_text]]));
}

describe('a cell read for what it is', () => {
  it('tells values, marks, units and ranges apart', () => {
    expect(['7.2', 'H', 'mmol/L', '3.5-5.1', '<6', 'Potassium'].map(cellKind)).toEqual([
      'value',
      'flag',
      'unit',
      'range',
      'range',
      'text',
    ]);
  });

  it('places a row by its kinds only when they come in the order a person reads them', () => {
    const tok = (...t: string[]) => t.map((text, i) => ({ text, x0: i * 10, x1: i * 10 + text.length }));
    expect(placeByKind(tok('TLC', '3.1', 'L', 'x10^3/uL', '4.0-11.0'))?.map((p) => p.role)).toEqual([
      'name',
      'result',
      'flag',
      'unit',
      'range',
    ]);
    // Two numbers (an earlier result beside today's), or words after the result (a method): no.
    expect(placeByKind(tok('Urea', '31', '44', 'mg/dL'))).toBeNull();
    expect(placeByKind(tok('Urea', '44', 'Urease', 'mg/dL'))).toBeNull();
  });

  it("reads a table whose rows are spaced unlike its header (a PDF's text, tabs expanded)", () => {
    const got = read(
      [
        'City Path Lab      Patient: R Das     52/M',
        'Investigation       Result          Unit     Range',
        'Sodium      129     L     mmol/L     136-145',
        'Potassium     5.9     H     mmol/L      3.5-5.1',
        'Calcium       8.9     mg/dL      8.5-10.5',
        'Magnesium     1.2     L     mg/dL     1.7-2.4',
      ].join('\n'),
    );
    expect(got.sodium).toEqual([129, 'low', '136-145']);
    expect(got.potassium).toEqual([5.9, 'high', '3.5-5.1']);
    expect(got.calcium).toEqual([8.9, 'normal', '8.5-10.5']);
    expect(got.magnesium).toEqual([1.2, 'low', '1.7-2.4']);
  });

  it('reads a mark and a unit glued to the range by single spaces', () => {
    const got = read(
      ['Thyroid profile', 'TSH     9.8     H uIU/mL 0.4-4.2', 'Free T4     0.9     ng/dL 0.8-1.8'].join('\n'),
    );
    expect(got.tsh).toEqual([9.8, 'high', '0.4-4.2']);
    expect(got.free_t4).toEqual([0.9, 'normal', '0.8-1.8']);
  });
});

describe('results in orders nobody wrote a rule for', () => {
  it('reads the latest visit of a grid of visits, whatever order the dates are in', () => {
    const got = read(
      [
        'DIABETES CLINIC - FOLLOW UP',
        'Visit date    FBS (mg/dL)   HbA1c (%)   Creatinine (mg/dL)',
        '14-08-2026    96            5.9         0.9',
        '02-02-2026    168           7.9         1.0',
        '11-05-2026    131           6.8         0.9',
      ].join('\n'),
    );
    expect(got.glucose_fasting?.[0]).toBe(96);
    expect(got.hba1c?.[0]).toBe(5.9);
    expect(got.creatinine?.[0]).toBe(0.9);
    // The units in the names' brackets are the values' units.
    const r = analyseText(
      [
        'Visit date    FBS (mg/dL)   HbA1c (%)',
        '14-08-2026    96            5.9',
        '02-02-2026    168           7.9',
      ].join('\n'),
    );
    expect(r.values.map((v) => [v.canonical_id, v.unit, v.unit_inferred ?? false])).toEqual([
      ['glucose_fasting', 'mg/dL', false],
      ['hba1c', '%', false],
    ]);
  });

  it('reads a row printed result first, its unit before the name', () => {
    const got = read(
      [
        'GLUCOMETER LOG PRINT',
        ' 61  mg/dL   Glucose Fasting  (70-100)  L',
        ' 9.2  %   HbA1c  (4-5.6)  H',
      ].join('\n'),
    );
    expect(got.glucose_fasting).toEqual([61, 'low', '(70-100)']);
    expect(got.hba1c).toEqual([9.2, 'high', '(4-5.6)']);
  });

  it('reads the range printed before the result, its unit inside the bracket', () => {
    const got = read(
      ['LIVER PANEL', 'SGPT        [0 - 45 U/L]      : 88', 'Albumin     [3.5 - 5.0 g/dL]  : 4.1'].join('\n'),
    );
    expect(got.alt).toEqual([88, 'high', '[0 - 45]']);
    expect(got.albumin).toEqual([4.1, 'normal', '[3.5 - 5.0]']);
  });

  it("reads fields labelled with a colon on one line ('Test: … | Result: … | Normal: …')", () => {
    const got = read(
      [
        'Your results, order 5521:',
        'Test: Serum Ferritin | Result: 8 ng/mL | Normal: 13 - 150',
        'Test: Vitamin D (25-OH) | Result: 52 ng/mL | Normal: 30 - 100',
      ].join('\n'),
    );
    expect(got.ferritin).toEqual([8, 'low', '13 - 150']);
    expect(got.vitamin_d).toEqual([52, 'normal', '30 - 100']);
  });

  it("reads a list in prose joined by 'and', its last item on the next line", () => {
    const got = read(
      [
        'Discharge advice: her labs before discharge showed urea 58 mg/dL, sodium 133 mmol/L',
        'and potassium 3.1 mmol/L. Platelets were 1,10,000 /cumm and ESR 42 mm/hr.',
      ].join('\n'),
    );
    expect(got.urea?.[0]).toBe(58);
    expect(got.sodium?.[0]).toBe(133);
    expect(got.potassium?.[0]).toBe(3.1);
    expect(got.platelet_count?.[0]).toBe(110000);
    expect(got.esr?.[0]).toBe(42);
  });

  it('knows the words labs shorten in names', () => {
    const got = read(
      [
        'Test                         Result   Unit     Range',
        'Tot Bilirubin                2.8      mg/dL    0.3-1.2',
        'Abs Lymphocyte Count         900      /cumm    1000-4800',
        'Estimated Avg Glucose        154      mg/dL',
      ].join('\n'),
    );
    expect(got.bilirubin_total?.[0]).toBe(2.8);
    expect(got.absolute_lymphocyte_count?.[0]).toBe(900);
    expect(got.estimated_average_glucose?.[0]).toBe(154);
  });
});

describe('what a row leaves unsaid, told by the rest of the report', () => {
  it('takes a unit column printed in brackets as the unit', () => {
    const got = read(
      [
        'TEST                 [UNITS]        RESULT    NORMAL LIMITS',
        'UREA                 [mg/dL]        71        15 - 45',
      ].join('\n'),
    );
    expect(got.urea).toEqual([71, 'high', '15 - 45']);
  });

  it('gives a value printed without a unit the units the rest of the report is in', () => {
    const r = analyseText('Ward round: T.Bil 3.1, D.Bil 1.9, Alb 2.8, Cr 1.4');
    const direct = r.values.find((v) => v.canonical_id === 'bilirubin_direct');
    expect(direct).toMatchObject({ value: 1.9, unit: 'mg/dL', unit_inferred: true, flag: 'high' });
  });

  it('reads a footnote mark after a value as no part of it, and no direction', () => {
    const got = read(
      ['Test        Result    Unit     Range', 'Ferritin    210†      ng/mL    13 - 150'].join('\n'),
    );
    expect(got.ferritin).toEqual([210, 'high', '13 - 150']);
  });

  it('reads results printed without spaces after a colon, the range labelled in its bracket', () => {
    const got = read('Reports: Urea:52mg/dl(Ref:15-45), Na:131mmol/l(Ref:135-145)');
    expect(got.urea).toEqual([52, 'high', '15-45']);
    expect(got.sodium).toEqual([131, 'low', '135-145']);
  });

  it('reads a message in Hindi written in Latin letters', () => {
    const got = read(
      ['Aapki Creatinine 2.2 thi (normal 0.6-1.2).', 'Aapka Platelet count 95000 hai.'].join('\n'),
    );
    expect(got.creatinine).toEqual([2.2, 'high', '0.6-1.2']);
    expect(got.platelet_count?.[0]).toBe(95000);
  });

  it("does not use a photo's range whose decimal points were lost ('05-15' for 0.5-1.5)", () => {
    expect(withoutLostPoints(parseRange('05-15', null, null)).kind).toBe('none');
    expect(withoutLostPoints(parseRange('0.5-1.5', null, null)).kind).toBe('numeric');
    expect(withoutLostPoints(parseRange('0-5', null, null)).kind).toBe('numeric');
  });
});

describe('a document naming tests beside numbers it could not pair', () => {
  it('is a lab report whose tests are listed as unread, never "not a medical report"', () => {
    const r = analyseText(
      [
        'Notes from the phone call, 27 Nov',
        'sodium came back at 128',
        'and ferritin: 9, the lab will mail the rest',
      ].join('\n'),
    );
    expect(r.document_kind).toBe('lab_report');
    expect(r.values.length + r.unread.length).toBeGreaterThan(0);
    expect(r.summary).not.toMatch(/within|not look like a medical report/i);
  });

  it('needs a unit, or a second test, before a word that names a test makes it one', () => {
    expect(analyseText('Class 7 science marks\nIron man quiz score 18\nMaths 91').document_kind).not.toBe(
      'lab_report',
    );
    const r = analyseText('Potassium\n\n\n(value written far below)\n7.1 mmol/L');
    expect(r.document_kind).toBe('lab_report');
    expect(r.unread.map((u) => u.canonical_id)).toContain('potassium');
  });
});
