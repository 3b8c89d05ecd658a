import { describe, expect, it } from 'vitest';
import { analyzeDocument } from './index';
import { analyzeLines } from './engine';

// A layout that is in no fixture: mixed separators, brackets, lakhs, flags after ranges, a tab
// separated row and a urine block, to guard against parsing tuned to the corpus only.
const UNSEEN = [
  'CITY HOSPITAL LABORATORY',
  'Name: Ravi Kumar    Gender: Male    Age: 52 yrs',
  '',
  'Hemoglobin: 13.5 g/dL [13.0-17.0]',
  'Total WBC count: 11,500 cells/cumm [4000-11000]',
  'Platelet count - 0.9 lakhs/cumm (1.5 - 4.5)',
  'Serum Sodium 128 mEq/L 135-145 L',
  'S. Potassium       2.5    mmol/L     3.5-5.1   LL',
  'Fasting Blood Sugar (FBS)   410  mg/dl   70-110',
  'HbA1c\t8.2\t%\t4.0-5.6',
  'SGOT/AST  45 U/L  up to 40',
  'TSH 3rd gen   5.9  uIU/ml   0.4-4.2',
  'Urine Routine',
  'Pus cells   10-12 /hpf   0-5',
  'Albumin   ++   Nil',
].join('\n');

describe('analyzeLines on an unseen layout', () => {
  it('extracts every row with the right flag', async () => {
    const r = await analyzeDocument({ bytes: Buffer.from(UNSEEN), filename: 'x.txt', language: 'en' });
    expect(r.patient).toMatchObject({ age: 52, sex: 'male', collected_on: null });
    expect(r.values.map((v) => [v.canonical_id, v.value, v.flag])).toEqual([
      ['hemoglobin', 13.5, 'normal'],
      ['wbc_count', 11500, 'high'],
      ['platelet_count', 0.9, 'low'],
      ['sodium', 128, 'low'],
      ['potassium', 2.5, 'critical_low'],
      ['glucose_fasting', 410, 'critical_high'],
      ['hba1c', 8.2, 'high'],
      ['ast', 45, 'high'],
      ['tsh', 5.9, 'high'],
      ['urine_pus_cells', '10-12', 'abnormal'],
      ['urine_protein', '++', 'abnormal'],
    ]);
    expect(r.has_critical).toBe(true);
    // Critical values lead: the urgent line with 108/102, then the critical findings first.
    expect(r.summary.startsWith('URGENT')).toBe(true);
    expect(r.recommendations[0]).toMatch(/108.*102/);
    expect(r.key_findings[0]).toMatch(/^Potassium is 2\.5 mmol\/L, critically low/);
    expect(r.confidence_score).toBeGreaterThan(0.8);
  });

  it('writes Hindi when asked, keeping the report numbers', async () => {
    const r = await analyzeDocument({ bytes: Buffer.from(UNSEEN), filename: 'x.txt', language: 'hi' });
    expect(r.language).toBe('hi');
    expect(r.summary).toMatch(/[\u0900-\u097F]/);
    expect(r.summary).toContain('108');
    expect(r.key_findings[0]).toContain('2.5 mmol/L');
    expect(r.recommendations.join(' ')).toMatch(/[\u0900-\u097F]/);
  });

  it('never gives dosage or treatment in its wording', async () => {
    const r = await analyzeDocument({ bytes: Buffer.from(UNSEEN), filename: 'x.txt', language: 'en' });
    const text = [r.summary, ...r.key_findings, ...r.recommendations].join(' ');
    expect(text).not.toMatch(/\b\d+\s*(mg|mcg|iu|units?|tablets?)\b(?!\s*\/)/i);
    expect(text).not.toMatch(/\b(take|start) (a |an )?(tablet|capsule|medicine|insulin)/i);
  });

  it('says plainly when a document is not a medical report', async () => {
    const receipt = [
      'SHREE GANESH KIRANA STORE',
      'Bill No: 4471      Date: 12/03/2025',
      'Item            Qty    Rate    Amount',
      'Toor Dal 1kg     1     145      145.00',
      'Sugar 1kg        2      48       96.00',
      'Sub Total                      241.00',
      'GST 5%                          12.05',
      'Grand Total                   253.05',
      'Cash paid 300   Change 46.95',
      'Thank you, visit again',
    ].join('\n');
    const r = await analyzeDocument({ bytes: Buffer.from(receipt), filename: 'bill.txt', language: 'en' });
    expect(r.report_type).toBe('other');
    expect(r.document_kind).toBe('not_medical');
    expect(r.values).toEqual([]);
    expect(r.summary).toMatch(/does not look like a medical report/);
  });
});

describe('photo values outside physiological limits', () => {
  const ocr = (lines: string[]) =>
    analyzeLines(
      { kind: 'png', lines, source: 'ocr', ocrConfidence: 0.8, totalPages: 1, pagesRead: 1 },
      'en',
    );

  it('puts a lost decimal point back, lowers the value confidence and says why', () => {
    const r = ocr([
      'Name: Asha Devi   Age/Sex: 61 Y / F',
      'Test          Result   Unit     Reference',
      'Potassium     72       mmol/L   3.5 - 5.1',
      'Haemoglobin   118      g/dL     12.0 - 15.0',
    ]);
    const k = r.values.find((v) => v.canonical_id === 'potassium');
    expect(k).toMatchObject({ value: 7.2, flag: 'critical_high', value_confidence: 0.6 });
    expect(k?.reading_note).toMatch(/Read as 72/);
    const hb = r.values.find((v) => v.canonical_id === 'hemoglobin');
    expect(hb).toMatchObject({ value: 11.8, flag: 'low' });
    expect(r.has_critical).toBe(true);
  });

  it("puts a range's lost decimal points back, drops a garbled unit and an invented row", () => {
    const r = ocr([
      'Name: Ravi Rao   Age/Sex: 52 Y / M',
      'Investigation                    Result        Reference Range         Unit',
      'Glycosylated Hb (HbA1c)          9.1           40-56                   %',
      'S. Potassium                     4.2           35-51                   mEq/L',
      'Platelet Count                   38000         1,50,000 - 4,50,000     nL',
      'eT                               Tre meee      Err',
    ]);
    const hba1c = r.values.find((v) => v.canonical_id === 'hba1c');
    // Read against '40-56' it was low; against 4.0-5.6 it is high.
    expect(hba1c).toMatchObject({ flag: 'high', ref_low: 4, ref_high: 5.6, ref_text: '4.0-5.6' });
    expect(r.values.find((v) => v.canonical_id === 'potassium')).toMatchObject({
      flag: 'normal',
      ref_text: '3.5-5.1',
    });
    // 38,000 is below the critical limit of 50,000 (decision 191).
    expect(r.values.find((v) => v.canonical_id === 'platelet_count')).toMatchObject({
      unit: '/cumm',
      flag: 'critical_low',
    });
    expect(r.values).toHaveLength(3);
  });

  it('names a table row whose result did not read, critical or not, instead of dropping it', () => {
    const r = ocr([
      'Test                 Result        Unit      Reference Range',
      'PCV                  2g.8          %         36 - 46',
      'Haemoglobin          9.4           g/dL      12.0 - 15.0',
    ]);
    expect(r.values.map((v) => v.canonical_id)).toEqual(['hemoglobin']);
    expect(r.unread.map((u) => u.canonical_id)).toEqual(['hematocrit']);
    expect(r.key_findings.join(' ') + r.summary).toMatch(
      /could not read your [^.]*(PCV|haematocrit|hematocrit)/i,
    );
  });

  it('shows an unsettled value as uncertain, without a flag, and says so at the top', () => {
    const r = ocr([
      'Name: Asha Devi   Age/Sex: 61 Y / F',
      'Test          Result   Unit     Reference',
      'Potassium     0.4      mmol/L   3.5 - 5.1',
      'Haemoglobin   12.8     g/dL     12.0 - 15.0',
    ]);
    const k = r.values.find((v) => v.canonical_id === 'potassium');
    expect(k).toMatchObject({ value: 0.4, uncertain: true, flag: 'normal', value_confidence: 0.3 });
    expect(r.has_critical).toBe(false);
    expect(r.summary).toMatch(/could not read your potassium result clearly/i);
    expect(r.key_findings.join(' ')).not.toMatch(/potassium is 0\.4/i);
  });

  it('leaves typed text alone: a typed value is what the lab printed', () => {
    const r = analyzeLines(
      {
        kind: 'txt',
        lines: ['Test Result Unit Reference', 'Potassium   72   mmol/L   3.5 - 5.1'],
        source: 'text',
        ocrConfidence: null,
        totalPages: 1,
        pagesRead: 1,
      },
      'en',
    );
    expect(r.values[0]).toMatchObject({ value: 72 });
    expect(r.values[0].uncertain).toBeUndefined();
  });
});
