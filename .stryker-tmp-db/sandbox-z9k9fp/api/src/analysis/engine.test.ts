// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from './index';

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
    expect(r.patient).toEqual({ age: 52, sex: 'male' });
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
