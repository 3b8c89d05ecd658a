import { describe, expect, it } from 'vitest';
import { readColumns } from './parse/tables';
import { textTokens } from './parse/tokens';
import { analyseText } from './test-support/typed-text';

// Printed reports from lab software nobody here modelled (issue 29): a banner per test naming its
// specimen, a header that calls the test column 'Observation', a flag column in words, names that
// say 'Urinary'. Each case is a class of printing, with values and names of its own.

function analyse(lines: string[]) {
  const r = analyseText(lines.join('\n'));
  const got = Object.fromEntries(r.values.map((v) => [v.canonical_id, [v.value, v.flag]]));
  return { r, got };
}

describe('banners, headers and flag words of unmodelled lab software', () => {
  it("reads a table whose test column is headed 'Observation', its flag column in words", () => {
    // Two columns named as results and none as the tests' names: the first holds the names.
    const header = 'Observation        Result     Unit     Biological Ref. Interval     Flag';
    expect(readColumns(textTokens(header))?.map((c) => c.role)).toEqual([
      'name',
      'result',
      'unit',
      'range',
      'flag',
    ]);
    const { r, got } = analyse([
      ' RENAL PANEL                                                      Serum',
      ' Observation                 Result      Unit       Biological Ref. Interval      Flag',
      ' Serum Creatinine             2.4        mg/dL      0.7 - 1.3                     HIGH',
      ' Blood Urea                   31         mg/dL      17 - 43                       NORMAL',
      ' Sodium                       128        mmol/L     136 - 145                     LOW',
      ' Urine Albumin              Present                  Absent                        HIGH',
    ]);
    expect(got.creatinine).toEqual([2.4, 'high']);
    expect(got.urea).toEqual([31, 'normal']);
    expect(got.sodium).toEqual([128, 'low']);
    expect(got.urine_protein).toEqual(['Present', 'abnormal']);
    // The flag column's word is the lab's mark, not part of the range.
    for (const v of r.values) expect(v.ref_text ?? '').not.toMatch(/HIGH|NORMAL|LOW/);
    expect(r.unread).toEqual([]);
  });

  it('never reads the specimen a banner names as a result, nor leaves its test unread', () => {
    const { r, got } = analyse([
      ' LIPID PROFILE                                         Fasting Serum Sample',
      ' Test                        Result      Unit       Reference Range',
      ' Total Cholesterol            232        mg/dL      <200',
      ' HDL Cholesterol              38         mg/dL      >40',
      '',
      ' THYROID STIMULATING HORMONE                                  Serum',
      ' Test                        Result      Unit       Reference Range',
      ' TSH                          7.9        uIU/mL     0.4 - 4.2',
      '',
      ' COMPLETE HAEMOGRAM                                 EDTA Whole Blood',
      ' Test                        Result      Unit       Reference Range',
      ' Haemoglobin                  10.9       g/dL       12.0 - 15.0',
    ]);
    expect(got.total_cholesterol).toEqual([232, 'high']);
    expect(got.tsh).toEqual([7.9, 'high']);
    expect(got.hemoglobin).toEqual([10.9, 'low']);
    expect(r.values.map((v) => v.value)).not.toContain('Fasting Serum Sample');
    expect(r.values.map((v) => v.value)).not.toContain('EDTA Whole Blood');
    expect(r.unread).toEqual([]);
  });

  it("reads 'Urinary …' names as the urine tests, a 'pH' unit included", () => {
    const { r, got } = analyse([
      ' URINE EXAMINATION',
      ' Test                        Result      Unit       Reference Range',
      ' Urinary pH                   8.5        pH         5.0 - 8.0',
      ' Urinary Ketones              Positive              Negative',
      ' Urinary Specific Gravity     1.010                 1.005 - 1.030',
    ]);
    expect(got.urine_ph).toEqual([8.5, 'high']);
    expect(got.urine_ketones?.[1]).toBe('abnormal');
    expect(got.urine_specific_gravity).toEqual([1.01, 'normal']);
    expect(r.summary).not.toMatch(/All of them are within/);
  });
});

describe('results sent as exports and messages nobody modelled', () => {
  it('reads a delimited export by its header: a patient id, a test code or a limit is never the result', () => {
    const { r, got } = analyse([
      'VisitNo;PatientName;Gender;Age;Code;TestName;ResultValue;UOM;NormalLow;NormalHigh;AbnormalFlag;Status',
      'V-77;MEERA JOSHI;F;41;K;Potassium;2.7;mmol/L;3.5;5.1;LL;Final',
      'V-77;MEERA JOSHI;F;41;NA;Sodium;139;mmol/L;136;145;;Final',
      'V-77;MEERA JOSHI;F;41;TSH;TSH;0.02;uIU/mL;0.4;4.2;L;Final',
    ]);
    expect(got.potassium).toEqual([2.7, 'critical_low']);
    expect(got.sodium).toEqual([139, 'normal']);
    expect(got.tsh).toEqual([0.02, 'low']);
    expect(r.values.find((v) => v.canonical_id === 'sodium')?.ref_text).toBe('136 - 145');
    expect(r.has_critical).toBe(true);
    expect(r.document_kind).toBe('lab_report');
  });

  it('reads a message sentence by sentence, a greeting and a phone number giving nothing', () => {
    const { r, got } = analyse([
      'Hello Mrs Khan, results of your sample 4521 are ready. Hb-10.1 g/dl, TLC-3900/cumm, Plt-0.9 lakh/cumm. Creatinine 2.2 mg/dl. Call 9812345678 for home collection. Regards.',
    ]);
    expect(got.hemoglobin).toEqual([10.1, 'low']);
    expect(got.wbc_count).toEqual([3900, 'low']);
    expect(got.platelet_count).toEqual([0.9, 'low']);
    expect(got.creatinine?.[0]).toBe(2.2);
    expect(r.values).toHaveLength(4);
  });

  it("reads a doctor's note's list: a label is no part of a name, a shortened name with a number is its own result", () => {
    const { got } = analyse(['Investigations (02/03): RBS 388, S.Cr 2.4, Urea 91, Na 128, K 5.9']);
    expect(got.glucose_random?.[0]).toBe(388);
    expect(got.creatinine?.[0]).toBe(2.4);
    expect(got.urea?.[0]).toBe(91);
    expect(got.sodium?.[0]).toBe(128);
    expect(got.potassium?.[0]).toBe(5.9);
  });
});

describe('names across the top, cut at the edge or with tiered ranges', () => {
  it("reads a names line whose last name is cut at the page's edge, and names a name cut past knowing as unread", () => {
    const { r, got } = analyse([
      'Serum Sodium          Serum Potassium        Serum Chlo',
      '128                   6.8                    101',
      'mmol/L                mmol/L                 mmol/L',
      '',
      'Total Bilirubin       Direct Bilirubin       SGPT (ALT)       Al',
      '3.1                   1.9                    212              144',
      'mg/dL                 mg/dL                  U/L              U/L',
    ]);
    expect(got.sodium?.[0]).toBe(128);
    expect(got.potassium).toEqual([6.8, 'critical_high']);
    expect(got.chloride?.[0]).toBe(101);
    expect(got.bilirubin_total?.[0]).toBe(3.1);
    expect(got.alt?.[0]).toBe(212);
    // 'Al' could be albumin or alkaline phosphatase: its result is not guessed, it is named unread.
    expect(r.unread.map((u) => u.name)).toContain('Al');
  });

  it('reads tiered ranges printed as several cells under one name', () => {
    const { r } = analyse([
      'Total Cholesterol                                             Triglycerides',
      '244                                                           130',
      'mg/dL                                                         mg/dL',
      'Desirable: < 200   Borderline: 200-239   High: >= 240         < 150',
    ]);
    const chol = r.values.find((v) => v.canonical_id === 'total_cholesterol');
    expect(chol?.flag).toBe('high');
    expect(chol?.ref_text).toContain('Borderline: 200-239');
    expect(r.values.find((v) => v.canonical_id === 'triglycerides')?.ref_text).toBe('< 150');
  });
});

describe('a range on its labelled line under its row', () => {
  it("keeps tiers run on under other columns as the row's range, never as the next test's name", () => {
    const { r, got } = analyse([
      'TEST NAME                      METHOD            VALUE       UNITS',
      'SERUM CHOLESTEROL',
      '                               CHOD-POD          262         mg/dL',
      'Reference : Desirable: Below 200  Borderline: 200-239  High: 240 and above',
      'S. TRIGLYCERIDES',
      '                               GPO-PAP           410         mg/dL',
      'Reference : Below 150',
    ]);
    expect(got.total_cholesterol).toEqual([262, 'high']);
    expect(got.triglycerides).toEqual([410, 'high']);
    expect(r.values.find((v) => v.canonical_id === 'total_cholesterol')?.ref_text).toContain('Borderline');
  });
});

describe('findings in words', () => {
  it("never takes a word of the range for a finding it could not read, and reads a finding with its '+' mark", () => {
    const { got } = analyse([
      'URINE MICROSCOPY',
      'Casts                    Hyaline casts seen    Nil',
      'Crystals                 Uric acid ++          Nil',
      'Bacteria                 Seen in clumps        Absent',
    ]);
    expect(got.urine_crystals).toEqual(['Uric acid ++', 'abnormal']);
    // No row of these shows its reference ('Nil', 'Absent') as the patient's result.
    for (const [, [value]] of Object.entries(got)) expect(['Nil', 'Absent']).not.toContain(value);
  });

  it('calls a serology sheet of titres a medical document, never "not a medical report"', () => {
    const r = analyseText(
      ['WIDAL TEST', 'Antigen            Titre', 'S. Typhi O         1:320', 'S. Typhi H         1:160'].join(
        '\n',
      ),
    );
    expect(r.document_kind).not.toBe('not_medical');
  });
});

describe('names printed in Devanagari', () => {
  it('reads a Hindi-only print by its tests\u2019 Hindi names', () => {
    const { got } = analyse([
      'जाँच का नाम                 परिणाम        इकाई          सामान्य सीमा',
      'हिमोग्लोबिन                  7.9           g/dL          12.0 - 15.0',
      'कुल श्वेत रक्त कोशिका           3100          /cumm         4000 - 11000',
      'रक्त यूरिया                    88            mg/dL         15 - 40',
      'कुल कोलेस्ट्रॉल                 198           mg/dL         < 200',
    ]);
    expect(got.hemoglobin).toEqual([7.9, 'low']);
    expect(got.wbc_count).toEqual([3100, 'low']);
    expect(got.urea).toEqual([88, 'high']);
    expect(got.total_cholesterol).toEqual([198, 'normal']);
  });
});

describe('blood groups as labs write them', () => {
  it('reads a blood group in any of its spellings, never flagged', () => {
    for (const [printed, shown] of [
      ['B', 'B'],
      ['"AB"  Positive', 'AB Positive'],
      ['O +ve', 'O Positive'],
      ['A Rh(D) Negative', 'A Negative'],
    ]) {
      const { got } = analyse([
        `Blood Group             :  ${printed}`,
        'Haemoglobin             :  13.1 g/dL',
      ]);
      expect(got.blood_group).toEqual([shown, 'normal']);
    }
  });
});
