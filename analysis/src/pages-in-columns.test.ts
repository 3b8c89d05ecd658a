import { describe, expect, it } from 'vitest';
import { columnsApart } from './parse/columns-apart';
import { analyseText } from './test-support/typed-text';

// Ways of printing and sending results nobody here had modelled (issue 29, decision 258), found by
// measuring the reader on documents written before looking at its code. Each case is a class, with
// names and values of its own, not the documents it was found on.

function analyse(lines: string[]) {
  const r = analyseText(lines.join('\n'));
  const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag]]));
  return { r, got };
}

describe('a page printed in two columns', () => {
  const page = [
    'SUNRISE DIAGNOSTICS                               Date: 11/08/2025',
    '',
    'BIOCHEMISTRY                                     HAEMATOLOGY',
    'Glucose Fasting  141  mg/dL   70-100             Hemoglobin   10.4  g/dL     12-15',
    'Cholesterol      236  mg/dL   < 200              Platelet Count  96  10^3/uL  150-410',
    'Uric Acid        8.9  mg/dL   2.6-6.0            ESR          44    mm/hr    0-20',
    'Calcium          9.1  mg/dL   8.5-10.5',
  ];

  it('reads the right-hand table as a table of its own, each row whole', () => {
    const { r, got } = analyse(page);
    expect(got.glucose_fasting).toEqual([141, 'high']);
    expect(got.total_cholesterol).toEqual([236, 'high']);
    expect(got.uric_acid).toEqual([8.9, 'high']);
    expect(got.calcium).toEqual([9.1, 'normal']);
    expect(got.hemoglobin).toEqual([10.4, 'low']);
    expect(got.platelet_count).toEqual([96, 'low']);
    expect(got.esr).toEqual([44, 'high']);
    expect(r.values).toHaveLength(7);
  });

  it('keeps, for each line read apart, the printed line it came from', () => {
    const laid = columnsApart(page);
    expect(laid.lines.length).toBeGreaterThan(page.length);
    for (const [i, line] of laid.lines.entries()) {
      const words = line.trim().split(/\s+/).filter(Boolean);
      for (const w of words) expect(page[laid.origin[i]]).toContain(w);
    }
  });

  it('leaves a single table with a long name or a remark column as it is', () => {
    const single = [
      'Test                     Result   Unit     Reference      Remarks',
      'Sodium                   131      mmol/L   136 - 145      Potassium repeated',
      'Potassium                4.1      mmol/L   3.5 - 5.1',
    ];
    expect(columnsApart(single).lines).toEqual(single);
  });
});

describe('marks, units and fields as people write them', () => {
  it("reads a mark in brackets before the value ('(H) 7.9', '[L] 2.9')", () => {
    const { got } = analyse([
      'Test            Result       Unit      Reference',
      'HbA1c           (H) 7.9      %         4.0 - 5.6',
      'Potassium       [L] 2.9      mmol/L    3.5 - 5.1',
    ]);
    expect(got.hba1c).toEqual([7.9, 'high']);
    expect(got.potassium).toEqual([2.9, 'low']);
  });

  it("reads 'Plt 2.2L' in a doctor's note as 2.2 lakh, not as a low mark", () => {
    const { r, got } = analyse(['Investigations: Hb 13.1, Plt 2.2L, TLC 6400.']);
    expect(got.platelet_count).toEqual([2.2, 'normal']);
    expect(r.values.find((v) => v.canonical_id === 'platelet_count')?.unit).toMatch(/lakh/i);
  });

  it('keeps the L a mark where the row prints a range', () => {
    const { got } = analyse(['Platelet Count     0.9 L     lakhs/cumm     1.5 - 4.1']);
    expect(got.platelet_count).toEqual([0.9, 'low']);
  });

  it('never reads a note that names a test as its result', () => {
    const { r } = analyse([
      'Impression: anaemia? B12 deficiency. Advice: repeat Ferritin, HbA1c after 6 wk.',
      'Hemoglobin     9.9     g/dL     12 - 15',
    ]);
    expect(r.values.map((v) => v.canonical_id)).toEqual(['hemoglobin']);
  });

  it('reads a result row that follows a notes line', () => {
    const { r, got } = analyse(['Clinical notes: follow-up of anaemia.', 'Hemoglobin 8.7 g/dL 12-15']);
    expect(r.document_kind).toBe('lab_report');
    expect(got.hemoglobin).toEqual([8.7, 'low']);
  });

  it('reads fields separated by semicolons without a header, and a header in Hindi', () => {
    expect(analyse(['Creatinine;2.2;mg/dL;0.6-1.2', 'Urea;71;mg/dL;15-40']).got).toEqual({
      creatinine: [2.2, 'high'],
      urea: [71, 'high'],
    });
    expect(analyse(['परीक्षण;परिणाम;इकाई;संदर्भ सीमा', 'यूरिक एसिड;8.1;mg/dL;2.6-6.0']).got).toEqual({
      uric_acid: [8.1, 'high'],
    });
  });

  it("splits a result glued to a method where the header's result column starts", () => {
    // The method ends one space before the result column: 'Bromocresol green dye (BCG) 2.9'.
    const row = (...cells: string[]) =>
      cells[0].padEnd(16) + cells[1].padEnd(28) + cells[2].padEnd(9) + cells[3];
    const { got } = analyse([
      row('Test', 'Method', 'Result', 'Unit     Reference'),
      'Albumin'.padEnd(16) + 'Bromocresol green dye (BCG) 2.9      g/dL     3.5 - 5.2',
      row('Urea', 'Urease', '36', 'mg/dL    17 - 43'),
    ]);
    expect(got.albumin).toEqual([2.9, 'low']);
    expect(got.urea).toEqual([36, 'normal']);
  });

  it("reads a 'Patient' column as the result and a 'Control' column as not", () => {
    const { got } = analyse([
      'Test                   Patient   Control   Unit   Reference',
      'Prothrombin Time       21.4      12.8      sec    11 - 14',
    ]);
    expect(got.prothrombin_time).toEqual([21.4, 'high']);
  });
});

describe('Widal titres', () => {
  it('reads each titre and judges it against the significant titre printed, or the usual one', () => {
    const { got } = analyse([
      'WIDAL TEST',
      'Antigen                 Titre        Significant titre',
      "S. Typhi 'O'            1:320        1:80 and above",
      "S. Typhi 'H'            1:80         1:160 and above",
      'S. Paratyphi AH         1 : 40',
      'S. Paratyphi BH         1/160',
    ]);
    expect(got.widal_typhi_o).toEqual(['1:320', 'abnormal']);
    expect(got.widal_typhi_h).toEqual(['1:80', 'normal']);
    expect(got.widal_paratyphi_ah).toEqual(['1:40', 'normal']);
    expect(got.widal_paratyphi_bh).toEqual(['1:160', 'abnormal']);
  });
});

describe('Hindi as a PDF text layer gives it', () => {
  it('reads names and header words whose short-i sign comes before its consonant', () => {
    // 'परिणाम', 'हीमोग्लोबिन', 'क्रिएटिनिन' stored in drawing order: the sign before the letter.
    const { got } = analyse([
      'जाँच                 पिरणाम        इकाई        सामान्य सीमा',
      'हीमोग्लोिबन            9.4          g/dL        12 - 15',
      'िक्रएिटिनन             1.9          mg/dL       0.6 - 1.2',
      'ब् लड शुगर (खाली पेट)     64           mg/dL       70 - 100',
    ]);
    expect(got.hemoglobin).toEqual([9.4, 'low']);
    expect(got.creatinine).toEqual([1.9, 'high']);
    // A half letter drawn as its own glyph, a space after its virama: 'ब् लड' for 'ब्लड'.
    expect(got.glucose_fasting).toEqual([64, 'low']);
  });
});

describe('messages and notes as they are sent', () => {
  it("reads a message whose results are glued by commas, then signed off ('...,Na:138mmol/l. Ref Dr. X.')", () => {
    const { got } = analyse([
      'CITYLAB: Dear Sir, FBS:96mg/dl,Urea:52mg/dl,K:3.1mmol/l. Ref Dr. Iyer. Thank you.',
    ]);
    expect(got).toEqual({
      glucose_fasting: [96, 'normal'],
      urea: [52, 'high'],
      potassium: [3.1, 'low'],
    });
  });

  it('reads a sentence in Hindi that gives a result', () => {
    const { got } = analyse(['आपका क्रिएटिनिन 2.6 mg/dL है (सामान्य 0.6-1.2)।']);
    expect(got.creatinine).toEqual([2.6, 'high']);
  });

  it("reads a count given in 'lakhs' without '/cumm'", () => {
    const { r, got } = analyse(['On admission: Hb 12.9 g/dL, platelets 0.8 lakhs, TLC 5600/cumm.']);
    expect(got.platelet_count).toEqual([0.8, 'low']);
    expect(r.values.find((v) => v.canonical_id === 'platelet_count')?.unit).toMatch(/lakh/i);
  });
});

describe('a range printed as tiers named for the abnormal sides', () => {
  it("reads 'Low: <40  High: >=60' as normal between them, not as '<40'", () => {
    const { got } = analyse([
      'Test                 Result   Unit     Reference',
      'HDL Cholesterol      33       mg/dL    Low: <40  High: >=60',
      'Vitamin B12          1400     pg/mL    Low: <200  High: >900',
    ]);
    expect(got.hdl_cholesterol).toEqual([33, 'low']);
    expect(got.vitamin_b12).toEqual([1400, 'high']);
  });
});

describe('a percentage and an absolute count on one row, and result sentences', () => {
  it("reads both results of a differential row under '%' and 'Absolute'", () => {
    const { got } = analyse([
      'WBC DIFFERENTIAL        %       Ref %      Absolute   Unit      Ref Abs',
      'Neutrophils             38      40 - 75    1.4        10^3/uL   2.0 - 7.0',
      'Lymphocytes             55      20 - 45    2.0        10^3/uL   1.0 - 3.0',
    ]);
    expect(got.neutrophils).toEqual([38, 'low']);
    expect(got.lymphocytes).toEqual([55, 'high']);
    expect(got.absolute_neutrophil_count).toEqual([1.4, 'low']);
    expect(got.absolute_lymphocyte_count).toEqual([2.0, 'normal']);
  });

  it('reads result sentences after a greeting, each ending after its range', () => {
    const { r, got } = analyse([
      'Hello Meera, your Vitamin D (25-OH) is 11 ng/mL, which is below the normal range of 30 to 100. Your Calcium is 9.4 mg/dL (normal 8.5 to 10.5).',
    ]);
    expect(got.vitamin_d).toEqual([11, 'low']);
    expect(got.calcium).toEqual([9.4, 'normal']);
    expect(r.values.find((v) => v.canonical_id === 'vitamin_d')?.unit).toBe('ng/mL');
  });
});

describe('a wrapped name and a second range line on one line', () => {
  it("keeps the female band printed beside the name's abbreviation ('(PCV)  Female : 36 - 46')", () => {
    const { got } = analyse([
      'Patient Name : Mrs. A    Age / Sex : 44 Years / Female',
      '',
      'Test                  Result   Unit        Range',
      'PACKED CELL VOLUME    37.5     %           Male : 40.0 - 50.0',
      '(PCV)                                      Female : 36.0 - 46.0',
      'MEAN CELL VOLUME      91       fl          80 - 100',
    ]);
    expect(got.hematocrit).toEqual([37.5, 'normal']);
    expect(got.mcv).toEqual([91, 'normal']);
  });
});

describe("a photo's caret read as a quote", () => {
  it("reads '10\"3uL' as 10^3/µL, so the row keeps its unit and range", () => {
    const { r } = analyse(['WBC Count     13.1   10"3uL    4-11', "Platelets     96     10'3/uL   150-410"]);
    expect(r.values.map((v) => [v.canonical_id, v.unit, v.flag])).toEqual([
      ['wbc_count', '10^3/µL', 'high'],
      ['platelet_count', '10^3/µL', 'low'],
    ]);
  });

  it("reads a superscript read on the line ('x 103 /uL') as 10^3/µL", () => {
    const { r } = analyse(['Total WBC Count : 3.6 x 103 /uL (4.0 - 11.0)']);
    expect(r.values.map((v) => [v.value, v.unit, v.flag])).toEqual([[3.6, '10^3/µL', 'low']]);
  });
});

describe('a quoted export line is never prose', () => {
  it('reads \'"Sr. Creatinine","1.42",…\' by its fields, not as sentences split at \'Sr.\'', () => {
    const { got } = analyse([
      '"Sr. Creatinine","1.42","mg/dL","Male : 0.7 - 1.3 / Female : 0.6 - 1.1","High"',
      '"Sr. Uric Acid","5.8","mg/dL","3.5 - 7.2",""',
    ]);
    expect(got.creatinine).toEqual([1.42, 'high']);
    expect(got.uric_acid).toEqual([5.8, 'normal']);
  });
});

describe('two results written as a pair', () => {
  it("reads 'Na/K 131/6.1 mmol/L' as sodium and potassium, and leaves a ratio's name alone", () => {
    const { got } = analyse(['Electrolytes today: ', 'Na/K 131/6.1 mmol/L', 'A/G Ratio 1.9']);
    expect(got.sodium).toEqual([131, 'low']);
    expect(got.potassium).toEqual([6.1, 'high']);
    expect(got.ag_ratio?.[0]).toBe(1.9);
  });
});

describe('an arterial blood gas', () => {
  it("reads pCO2 and pO2 (also OCR's 'p02'), and a pH with the blood's range as the blood's", () => {
    const { got } = analyse([
      'ARTERIAL BLOOD GAS',
      'pH            7.52      7.35 - 7.45',
      'pCO2          29        35 - 45 mmHg',
      'p02           58        80 - 100 mmHg',
    ]);
    expect(got.blood_ph).toEqual([7.52, 'high']);
    expect(got.pco2).toEqual([29, 'low']);
    expect(got.po2).toEqual([58, 'low']);
  });

  it("keeps a urine routine's pH the urine's", () => {
    expect(analyse(['URINE ROUTINE', 'pH       6.0      4.6 - 8.0']).got.urine_ph).toEqual([6, 'normal']);
  });
});

describe('a line far longer than any report prints', () => {
  it('is split into sentences without looking back over the whole line at every character', () => {
    // An extraction fuzz case: 290 KB of digits after 'yrs. Test'. A pattern that looked behind
    // every position scanned the run before it each time and never ended (it fails this test by
    // the test timeout).
    const { r } = analyse(['Patient Name : yrs. Test Pa' + '7'.repeat(290_000), 'Hemoglobin 9.2 g/dL 12-15']);
    expect(r.values.map((v) => v.canonical_id)).toContain('hemoglobin');
  });
});
