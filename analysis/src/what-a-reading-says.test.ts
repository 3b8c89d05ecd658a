import { describe, expect, it } from 'vitest';
import { analyzeDocument } from './index';
import { selfContradictions } from './interpret/verdict';
import type { AnalysisResult } from './types';

/** Issue 30: what a reading says must be true. Reports written for these tests, in no fixture. */
async function analyse(lines: string[]): Promise<AnalysisResult> {
  return analyzeDocument({ bytes: Buffer.from(lines.join('\n')), filename: 'r.txt', language: 'en' });
}

describe("the patient's own range", () => {
  it("judges a man's haemoglobin by the male band and shows that band", async () => {
    const r = await analyse([
      'SUNRISE DIAGNOSTICS',
      'Name: Arjun Mehta    Age: 23 Years    Sex: Male',
      'Haemoglobin      15.5   g/dL   Male : 14-16 g% / Female : 12-14 g%',
      'Total WBC Count  7200   /cumm  4000-11000',
    ]);
    const hb = r.values.find((v) => v.canonical_id === 'hemoglobin')!;
    expect(hb).toMatchObject({ flag: 'normal', ref_low: 14, ref_high: 16, ref_text: 'Male: 14-16' });
    expect(r.summary).toContain('All of them are within');
  });

  it("judges a child's creatinine by the child band", async () => {
    const r = await analyse([
      'Patient: Riya   Age: 8 Y   Sex: F',
      'Serum Creatinine   0.9   mg/dL   Adult: 0.6-1.2 / Child: 0.3-0.7',
    ]);
    expect(r.values[0]).toMatchObject({ flag: 'high', ref_high: 0.7, ref_text: 'Child: 0.3-0.7' });
  });
});

describe('one verdict per row', () => {
  it('says "all within range" only of a report whose every line was read and every row is normal', async () => {
    const r = await analyse([
      'Name: Test Person   Age: 40   Sex: Male',
      'Hemoglobin   14.2  g/dL   13-17',
      'Platelet Count   2.5  lakhs/cumm  1.5-4.5',
      'Vitamin Q level  high  see note',
    ]);
    if (r.unread.length || (r.unread_lines ?? []).length)
      expect(`${r.summary} ${r.key_findings.join(' ')}`).not.toMatch(/all (of them|\d+ results) are within/i);
    expect(selfContradictions(r.values)).toEqual([]);
  });
});

describe('normal findings called normal, blanks as no result', () => {
  it('reads a smear and a malaria form as normal and a blank as no result', async () => {
    const r = await analyse([
      'Name: Sita Devi   Age: 34   Sex: Female',
      'PERIPHERAL SMEAR',
      'RBC Morphology : Normocytic, Normochromic',
      'Platelets on Smear : Adequate On Smear',
      'Malarial Parasite ____ Not Seen',
      'Hemoglobin   12.8  g/dL   12-15',
    ]);
    // The smear's rows are read by the table reader where it knows them; none is ever "not normal".
    expect(r.values.some((v) => v.canonical_id === 'hemoglobin')).toBe(true);
    for (const v of r.values) expect([v.name, v.flag]).toEqual([v.name, 'normal']);
    expect(r.summary).not.toMatch(/not normal/i);
  });
});

describe('criticals from the knowledge base, whatever the mark', () => {
  it('calls platelets 44 x10^3/µL and calcium 13.88 critical', async () => {
    const r = await analyse([
      'Name: A B   Age: 60   Sex: Male',
      'Platelet Count   44   10^3/µL   150-410   L',
      'Serum Calcium   13.88   mg/dL   8.5-10.5   H',
    ]);
    expect(r.values.map((v) => [v.canonical_id, v.flag])).toEqual([
      ['platelet_count', 'critical_low'],
      ['calcium', 'critical_high'],
    ]);
    expect(r.has_critical).toBe(true);
  });
});

describe('percent or count', () => {
  it('explains an absolute neutrophil count as a count', async () => {
    const r = await analyse([
      'Name: A B   Age: 40   Sex: Male',
      'Neutrophils   4.7   10^3/µL   2.0-7.0',
      'Lymphocytes   32   %   20-40',
    ]);
    expect(r.values.map((v) => [v.canonical_id, v.flag])).toEqual([
      ['absolute_neutrophil_count', 'normal'],
      ['lymphocytes', 'normal'],
    ]);
  });
});
