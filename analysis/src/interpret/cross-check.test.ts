import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import type { ExtractedValue } from '../types';
import { resultBeforeRange, type CheckedRow } from './check-row';

/** A photo's text as OCR gives it (source 'ocr'): the engine repairs its slips. */
function photo(lines: string[]) {
  return analyzeLines(
    { kind: 'jpg', lines, source: 'ocr', ocrConfidence: 0.85, totalPages: 1, pagesRead: 1 },
    'en',
  );
}

function text(lines: string[]) {
  return analyzeLines(
    { kind: 'txt', lines, source: 'text', ocrConfidence: null, totalPages: 1, pagesRead: 1 },
    'en',
  );
}

const byId = (values: ExtractedValue[], id: string) => values.find((v) => v.canonical_id === id)!;

const HEAD = [
  'CITY DIAGNOSTICS',
  'Patient: Test Person   Age: 46 Years   Sex: Female',
  'COMPLETE BLOOD COUNT',
];

describe('cross-checks between results on a photo', () => {
  it('repairs the one value whose other reading makes MCHC = Hb ÷ Hct hold, and says so', () => {
    // Values printed after a colon; on the first row OCR read the colon as a 1.
    const r = photo([
      ...HEAD,
      'Haemoglobin          16.7   g/dL        12.0 - 15.0',
      'PCV                  : 20.4   %           36 - 46',
      'MCHC                 : 32.8   g/dL        31.5 - 34.5',
    ]);
    const hb = byId(r.values, 'hemoglobin');
    expect(hb.value).toBe(6.7);
    expect(hb.flag).toBe('critical_low');
    expect(hb.uncertain).toBeUndefined();
    expect(hb.reading_note).toMatch(/agree only with 6\.7 g\/dL \(MCHC = haemoglobin ÷ haematocrit × 100\)/);
    expect(hb.value_confidence).toBeLessThan(1);
    expect(byId(r.values, 'hematocrit')).toMatchObject({ value: 20.4, flag: 'low' });
  });

  it('marks "check it" the values of a failing relation that no other reading repairs', () => {
    const r = photo([
      ...HEAD,
      'Neutrophils          62     %           40 - 80',
      'Lymphocytes          38     %           20 - 40',
      'Monocytes            25     %           2 - 10',
      'Eosinophils          3      %           1 - 6',
      'Basophils            0      %           0 - 2',
    ]);
    // 62 + 38 + 25 + 3 + 0 = 128: no single other reading brings it to 100.
    const shown = r.values.filter((v) => !v.uncertain);
    expect(shown).toHaveLength(0);
    expect(byId(r.values, 'monocytes').reading_note).toMatch(/do not agree with each other/);
    expect(r.summary).toMatch(/could not read .* clearly|check/i);
  });

  it('treats a whole column whose colon was read as a 1', () => {
    // The printed report: Hb 6.7, PCV 20.4, RBC 2.25, MCV 90.7, MCH 29.8, MCHC 32.8, neutrophils
    // 78.3, platelets 44 (thousands). Every value followed a colon; OCR read each colon as a 1.
    const r = photo([
      ...HEAD,
      'Haemoglobin          16.7   g/dL        12.0 - 15.0',
      'PCV                  120.4  %           36 - 46',
      'RBC Count            12.25  mill/cumm   3.8 - 4.8',
      'MCV                  190.7  fL          83 - 101',
      'MCH                  129.8  pg          27 - 32',
      'MCHC                 132.8  g/dL        31.5 - 34.5',
      'Neutrophils          178.3  %           40 - 80',
      'Platelet Count       144    10^3/uL     150 - 410',
    ]);
    const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, v.uncertain ? 'check' : v.value]));
    expect(got).toMatchObject({
      hemoglobin: 6.7,
      hematocrit: 20.4,
      rbc_count: 2.25,
      mcv: 90.7,
      mch: 29.8,
      mchc: 32.8,
      neutrophils: 78.3,
    });
    // Platelets: no relation checks it; the column's slip is undone (44), or it is "check it".
    expect([44, 'check']).toContain(got.platelet_count);
    expect(byId(r.values, 'hemoglobin').flag).toBe('critical_low');
  });

  it('never reads a 1 as a separator on a report that prints none', () => {
    const r = photo([
      ...HEAD,
      'Haemoglobin          16.7   g/dL        12.0 - 15.0',
      'PCV                  20.4   %           36 - 46',
      'MCHC                 32.8   g/dL        31.5 - 34.5',
    ]);
    // The relation still fails: the values are "check it", not repaired.
    expect(byId(r.values, 'hemoglobin')).toMatchObject({ value: 16.7, uncertain: true });
  });

  it('reads a mark after the value read as a 1 ("65 ↑" as "65 1", "7.06 ↑" as "7.06 1")', () => {
    const r = photo([
      ...HEAD,
      'UREA, SERUM            65 1        mg/dL       15-40',
      'CREATININE             3.651       mg/dL       0.70-1.30',
      'POTASSIUM              7.06 1      mmol/L      3.50-5.00',
      'SODIUM                 141         mmol/L      136-146',
    ]);
    expect(r.values.map((v) => [v.canonical_id, v.value, v.flag])).toEqual([
      ['urea', 65, 'high'],
      ['creatinine', 3.65, 'high'],
      ['potassium', 7.06, 'critical_high'],
      ['sodium', 141, 'normal'],
    ]);
    expect(byId(r.values, 'creatinine').reading_note).toMatch(/an arrow or mark after the value read as a 1/);
  });

  it('reads arrows glued to abnormal results as marks, never a normal value ending in 1', () => {
    const r = photo([
      ...HEAD,
      'CREATININE             3.651       mg/dL       0.70-1.30',
      'POTASSIUM              7.061       mmol/L      3.50-5.00',
      'RBC Count              4.51        mill/cumm   4.50-5.50',
      'SODIUM                 141         mmol/L      136-146',
    ]);
    expect(r.values.map((v) => [v.canonical_id, v.value])).toEqual([
      ['creatinine', 3.65],
      ['potassium', 7.06],
      ['rbc_count', 4.51],
      ['sodium', 141],
    ]);
  });

  it("leaves consistent values alone and never touches a text report's values", () => {
    const lines = [
      ...HEAD,
      'Haemoglobin          13.4   g/dL        12.0 - 15.0',
      'PCV                  40.5   %           36 - 46',
      'MCHC                 33.1   g/dL        31.5 - 34.5',
    ];
    for (const r of [photo(lines), text(lines)]) {
      expect(r.values.map((v) => [v.value, v.uncertain ?? false])).toEqual([
        [13.4, false],
        [40.5, false],
        [33.1, false],
      ]);
    }
    // A text report whose values disagree is printed that way: marked, never changed.
    const t = text([
      ...lines.slice(0, 3),
      'Haemoglobin 16.7 g/dL 12.0 - 15.0',
      'PCV 20.4 % 36 - 46',
      'MCHC 32.8 g/dL 31.5 - 34.5',
    ]);
    expect(byId(t.values, 'hemoglobin').value).toBe(16.7);
    expect(t.values.some((v) => v.uncertain)).toBe(true);
  });

  it('uses on a text report the one misprinted point that makes every relation hold, and says so', () => {
    const lipids = (ldl: string) =>
      text([
        'CITY DIAGNOSTICS',
        'Patient: Test Person   Age: 46 Years   Sex: Female',
        'LIPID PROFILE',
        'Total Cholesterol       180     mg/dL     < 200',
        'Triglycerides           150     mg/dL     < 150',
        'HDL Cholesterol         45      mg/dL     > 40',
        `LDL Cholesterol         ${ldl}    mg/dL     < 100`,
        'VLDL Cholesterol        30      mg/dL     < 30',
      ]);
    const ldl = byId(lipids('10.5').values, 'ldl_cholesterol');
    expect(ldl).toMatchObject({ value: 105, flag: 'high' });
    expect(ldl.uncertain).toBeUndefined();
    expect(ldl.reading_note).toMatch(
      /Printed as 10.5 in the report; .* agree only with 105 .*misprinted decimal point/,
    );
    // As printed and consistent: untouched.
    expect(byId(lipids('105').values, 'ldl_cholesterol')).toMatchObject({ value: 105 });
    expect(byId(lipids('105').values, 'ldl_cholesterol').reading_note).toBeUndefined();
  });
});

describe('the row checked against itself and its printed mark', () => {
  it('reads a leading zero as padding: Eosinophils 07 % is 7 %', () => {
    const r = photo([...HEAD, 'Eosinophils          07  H  %        1 - 6', 'Monocytes 09 % 2 - 10']);
    expect(byId(r.values, 'eosinophils')).toMatchObject({ value: 7, flag: 'high' });
    expect(byId(r.values, 'monocytes')).toMatchObject({ value: 9, flag: 'normal' });
    const t = text([...HEAD, 'Eosinophils 02 % 1 - 6']);
    expect(byId(t.values, 'eosinophils')).toMatchObject({ value: 2, flag: 'normal' });
  });

  it('makes a photo row "check it" when the lab\'s mark points the other way', () => {
    const r = photo([...HEAD, 'MCV                  92   H   fL        83 - 101']);
    const mcv = byId(r.values, 'mcv');
    expect(mcv.uncertain).toBe(true);
    // The lab's own mark is carried ("lab marked High — please check this value"), not a flag
    // computed from the doubtful value.
    expect(mcv.flag).toBe('high');
    expect(mcv.reading_note).toMatch(/marks it 'H'/);
    expect(r.confidence_score).toBeLessThan(0.9);
  });
});

describe('word results and counts on a photo', () => {
  it('does not judge a word cut short, and gives a count per field its unit', () => {
    const r = photo([
      'CITY LAB',
      'Patient: Test Person   Age: 46 Years   Sex: Female',
      'URINE ROUTINE',
      'COLOUR              Pale                      Pale Yellow',
      'PUS CELLS           0-1                       0 - 4',
    ]);
    const colour = byId(r.values, 'urine_colour');
    expect(colour).toMatchObject({ uncertain: true, flag: 'normal' });
    expect(colour.reading_note).toMatch(/Only 'Pale' was read/);
    expect(byId(r.values, 'urine_pus_cells')).toMatchObject({
      value: '0-1',
      unit: '/hpf',
      unit_inferred: true,
    });
  });
});

describe('colons shown only before word results on a photo', () => {
  it("treats the column when its numbers' colons were all read as 1s and only word results show one", () => {
    const r = photo([
      ...HEAD,
      'FREE TRIIODOTHYRONINE          15.73             pg/mL            2.30-4.20',
      'FT4                            13.15             ng/dL            0.89-1.76',
      'COLOR                          : Pale Yellow                      Pale Yellow',
      'APPEARANCE                     : Clear                            Clear',
      'SP.GRAVITY                     11.015                             1.003-1.035',
      'LEUCOCYTES                     12-3              IHPF             0-4',
      'R.B.C.                         = Nil             IHPF             0-2',
    ]);
    expect(byId(r.values, 'free_t3')).toMatchObject({ value: 5.73, flag: 'high' });
    expect(byId(r.values, 'free_t4')).toMatchObject({ value: 3.15, flag: 'high' });
    expect(byId(r.values, 'urine_pus_cells')).toMatchObject({ value: '2-3' });
    expect(byId(r.values, 'urine_rbc')).toMatchObject({ value: 'Nil' });
  });
});

describe('a number starting with its decimal point on a photo', () => {
  it("is 'check it': the digits before the point were lost ('.408' for 2.408)", () => {
    const r = photo([...HEAD, 'TSH (Ultrasensitive)      .408     uIU/mL     0.350 - 5.500']);
    expect(byId(r.values, 'tsh')).toMatchObject({ uncertain: true, flag: 'normal' });
    expect(byId(r.values, 'tsh').reading_note).toMatch(/starts with its decimal point/);
    expect(byId(r.values, 'tsh').uncertain).toBe(true);
  });

  it('stands on a text file, and with its leading zero', () => {
    expect(
      byId(text([...HEAD, 'TSH        .408     uIU/mL     0.350 - 5.500']).values, 'tsh').uncertain,
    ).toBeUndefined();
    expect(
      byId(photo([...HEAD, 'TSH        0.408     uIU/mL     0.350 - 5.500']).values, 'tsh').uncertain,
    ).toBeUndefined();
  });
});

describe('a range taken for the result on a photo', () => {
  // The row as the table reader gave it for 'EGFR (CKD-EPI 2021)  22  mbL/min/1.73 m2  >60' when the
  // garbled unit hid the result: value '>60', no range.
  const row = (raw: string, rangeText: string) =>
    ({
      row: {
        value: { raw, number: { value: 60, qualifier: raw.startsWith('>') ? '>' : null } },
        lineIndex: 0,
      },
      range: { text: rangeText },
    }) as unknown as CheckedRow;
  const line = ['EGFR (CKD-EPI 2021)      22      mbL/min/1.73 m2      >60'];

  it('names the plain number before a censored value that has no range', () => {
    expect(resultBeforeRange(row('>60', ''), line)).toBe('22');
  });

  it('leaves a censored result with its own range, or with nothing before it, alone', () => {
    expect(resultBeforeRange(row('>60', '>60'), line)).toBeNull();
    expect(resultBeforeRange(row('>90', ''), ['eGFR (CKD-EPI 2021)   >90'])).toBeNull();
    expect(resultBeforeRange(row('60', ''), line)).toBeNull();
  });
});

describe('a colon read as a glyph or a 1 on a photo printing values after colons', () => {
  it("reads '$12,000' and '© 12.4' as the value after a colon, never dropping a digit from them", () => {
    const r = photo([
      ...HEAD,
      'Haemoglobin          115.0   g/dl       11.5-16.0',
      'Neutrophils          : 66    %          50-70',
      'Basophil             $1      %          0-2',
      'Platelets            $12,000 /cumm      1,50,000-4,10,000',
      'BUN                  © 12.4  mg/dL      6-20',
    ]);
    expect(byId(r.values, 'basophils')).toMatchObject({ value: 1 });
    expect(byId(r.values, 'platelet_count')).toMatchObject({ value: 12000, flag: 'critical_low' });
    expect(byId(r.values, 'bun')).toMatchObject({ value: 12.4 });
    expect(byId(r.values, 'platelet_count').uncertain).toBeUndefined();
  });

  it("does not let the differential's wide margin put a point into '124' where the 1 may be the colon", () => {
    // Printed ': 24' and ': 6'; OCR read both colons as 1s. 66 + 12.4 + 16 + 3 + 1 is within the
    // sum's margin of 100, but so is the column's reading, 66 + 24 + 6 + 3 + 1.
    const r = photo([
      ...HEAD,
      'Haemoglobin          115.0   g/dl       11.5-16.0',
      'Hematocrit           144.3   %          36-48',
      'MCHC                 133.9   gm/dL      32-36',
      'Neutrophils          : 66    %          50-70',
      'Lymphocytes          124     %          20-40',
      'Monocytes            16      %          1-8',
      'Eosinophils          : 3     %          1-4',
      'Basophil             : 1     %          0-2',
    ]);
    expect(byId(r.values, 'lymphocytes').value).not.toBe(12.4);
    expect(byId(r.values, 'monocytes').value === 16 && !byId(r.values, 'monocytes').uncertain).toBe(false);
    expect(byId(r.values, 'lymphocytes')).toMatchObject({ value: 24, flag: 'normal' });
    expect(byId(r.values, 'monocytes')).toMatchObject({ value: 6, flag: 'normal' });
  });
});
