import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../index';
import { matchAnalyte } from '../parse/match-analyte';
import { whatIsAsked } from '../chat/asked';
import type { ExtractedValue } from '../types';
import { isNormalFinding } from './findings';
import { getAnalyte } from './index';
import { morphologyFindings } from './panels/smear';

/*
 * The tests added to the knowledge base for issues #29/#30 (panels/smear.ts, serology.ts,
 * hormones.ts, chemistry.ts), read through the engine's public entry on short reports written for
 * this test: table rows, 'Name : value' rows and rows with no range printed (the knowledge base's
 * range or normal answers judge them).
 */

async function read(text: string): Promise<Array<[string, number | string, string]>> {
  const r = await analyzeDocument({ bytes: Buffer.from(text), filename: 'report.txt', language: 'en' });
  return r.values.map((v) => [v.canonical_id, v.value, v.flag]);
}

describe('new knowledge-base tests, read from a report', () => {
  it("reads the Mentzer index, the smear's platelets and parasites and the HPLC fractions of a CBC", async () => {
    const text = [
      'SUNRISE DIAGNOSTICS',
      'Patient Name: Meena Sharma   Age/Sex: 28 Y / Female',
      'COMPLETE BLOOD COUNT',
      'Test                 Result     Unit        Reference Range',
      'Haemoglobin          9.8        g/dL        12.0-15.0',
      'Total RBC Count      5.6        mill/cumm   3.8-4.8',
      'MCV                  62.4       fL          83-101',
      'Mentzer Index        11.1',
      'PERIPHERAL SMEAR EXAMINATION',
      'Platelets on smear : Adequate',
      'Malarial Parasite : Not seen',
      'HB ELECTROPHORESIS (HPLC)',
      'HbA2                 5.2        %',
      'HbF                  0.6        %',
    ].join('\n');
    expect(await read(text)).toEqual([
      ['hemoglobin', 9.8, 'low'],
      ['rbc_count', 5.6, 'high'],
      ['mcv', 62.4, 'low'],
      ['mentzer_index', 11.1, 'low'],
      ['platelet_smear', 'Adequate', 'normal'],
      ['malaria_parasite_smear', 'Not seen', 'normal'],
      ['hba2', 5.2, 'high'],
      ['hbf', 0.6, 'normal'],
    ]);
  });

  it('reads other printings: a printed range, an enzyme activity, a normal Mentzer index', async () => {
    const text = [
      'ABC PATHOLOGY',
      'Name: Rakesh Verma   Age: 40 Yrs  Sex: M',
      'Hemoglobin 14.2 gm/dl 13-17',
      'Mentzer Index 23.1',
      'MP : Not Seen',
      'Hb A2 3.1 % 2.0-3.5',
      'G6PD Activity 4.1 U/g Hb 6.7-16.5',
      'Free Testosterone 9.5 pg/mL 8.7-54.7',
      'Thyroglobulin 12 ng/mL 3.5-77',
      'Apo B/Apo A1 Ratio 1.1',
      'Adenosine Deaminase 52 U/L 0-30',
      'Stool Consistency    Formed',
    ].join('\n');
    expect(await read(text)).toEqual([
      ['hemoglobin', 14.2, 'normal'],
      ['mentzer_index', 23.1, 'normal'],
      ['malaria_parasite_smear', 'Not Seen', 'normal'],
      ['hba2', 3.1, 'normal'],
      ['g6pd', 4.1, 'low'],
      ['free_testosterone', 9.5, 'normal'],
      ['thyroglobulin', 12, 'normal'],
      ['apo_b_a1_ratio', 1.1, 'high'],
      ['ada', 52, 'high'],
      ['stool_consistency', 'Formed', 'normal'],
    ]);
  });

  it('reads fever and autoimmune serology written as Name : value', async () => {
    const text = [
      'CITY LAB',
      'Name: Arun Patel  Age: 34 Years  Sex: Male',
      'SEROLOGY',
      'Dengue NS1 Antigen : Negative',
      'Dengue IgM Antibody : Positive',
      'Dengue IgG : Negative',
      'Typhidot IgM : Negative',
      'Total IgE : 345 IU/mL',
      'Anti CCP : 8.2 U/mL',
      'Anti-HBs : 4.2 mIU/mL',
      'ANA (IFA) : Negative',
      'Scrub Typhus IgM : Negative',
      'Hepatitis E IgM : Reactive',
    ].join('\n');
    expect(await read(text)).toEqual([
      ['dengue_ns1', 'Negative', 'normal'],
      ['dengue_igm', 'Positive', 'abnormal'],
      ['dengue_igg', 'Negative', 'normal'],
      ['typhoid_igm', 'Negative', 'normal'],
      ['total_ige', 345, 'high'],
      ['anti_ccp', 8.2, 'normal'],
      ['anti_hbs', 4.2, 'low'],
      ['ana', 'Negative', 'normal'],
      ['scrub_typhus_igm', 'Negative', 'normal'],
      ['hev_igm', 'Reactive', 'abnormal'],
    ]);
  });

  it('reads chemistry, urine and stool rows with no range printed, by the knowledge base', async () => {
    const text = [
      'METRO HOSPITAL LAB',
      'Name: Sunita Rao   Age: 45 Yrs   Gender: Female',
      'BIOCHEMISTRY',
      'Serum Lactate            5.1      mmol/L',
      'Serum Ammonia            48       µmol/L',
      'Serum Zinc               52       µg/dL',
      'Serum Ceruloplasmin      14       mg/dL',
      'HOMA-IR                  3.4',
      'SHBG                     22       nmol/L',
      'ACTH                     30       pg/mL',
      '24 Hours Urine Protein   420      mg/24 hrs',
      'Urine Protein Creatinine Ratio   0.45',
      'Serum Osmolality         301      mOsm/kg',
      'DHEA-S                   210      µg/dL     35-430',
      'Stool Occult Blood       Positive',
      'G6PD                     Deficient',
      'Stool for Ova & Cysts    Not seen',
    ].join('\n');
    expect(await read(text)).toEqual([
      // 4 mmol/L and above is the call-back limit.
      ['lactate', 5.1, 'critical_high'],
      ['ammonia', 48, 'normal'],
      ['zinc', 52, 'low'],
      ['ceruloplasmin', 14, 'low'],
      ['homa_ir', 3.4, 'high'],
      // The female band (32-128 nmol/L).
      ['shbg', 22, 'low'],
      ['acth', 30, 'normal'],
      ['urine_protein_24h', 420, 'high'],
      ['urine_protein_creatinine_ratio', 0.45, 'high'],
      ['serum_osmolality', 301, 'high'],
      ['dhea_s', 210, 'normal'],
      ['stool_occult_blood', 'Positive', 'abnormal'],
      ['g6pd', 'Deficient', 'abnormal'],
      ['stool_ova_cysts', 'Not seen', 'normal'],
    ]);
  });
});

describe('new names take no row from the tests that owned it', () => {
  const general = (name: string, unit = '', value?: number | string) =>
    matchAnalyte(name, { section: 'general', unit, fuzzy: false, value })?.id;

  it.each([
    ['TG', 'triglycerides'],
    ['Anti TG', 'anti_thyroglobulin'],
    ['Thyroglobulin Antibody', 'anti_thyroglobulin'],
    ['Testosterone', 'testosterone_total'],
    ['Testosterone, Total', 'testosterone_total'],
    ['Lactate Dehydrogenase (LDH)', 'ldh'],
    ['Globulin', 'globulin'],
    ['Platelet Count', 'platelet_count'],
    ['Malaria Antigen', 'malaria_antigen'],
    ['Dengue NS1 Antigen', 'dengue_ns1'],
    ['HBsAg', 'hbsag'],
    ['HbA1c', 'hba1c'],
    ['Hb', 'hemoglobin'],
    ['Apo B', 'apolipoprotein_b'],
    ['Urine Creatinine', 'urine_creatinine'],
    ['Sodium', 'sodium'],
    ['Potassium', 'potassium'],
    ['CK Total', 'cpk'],
  ])('%s is still %s', (name, id) => {
    expect(general(name)).toBe(id);
  });

  it('leaves the urine routine its bare names', () => {
    const urine = (name: string, value: string) =>
      matchAnalyte(name, { section: 'urine', unit: '', fuzzy: false, value })?.id;
    expect(urine('Occult Blood', 'Nil')).toBe('urine_blood');
    expect(urine('Pus Cells', '2-3')).toBe('urine_pus_cells');
    expect(urine('Protein', 'Nil')).toBe('urine_protein');
  });

  it('finds the new tests by the names labs print', () => {
    expect(general('Glucose-6-Phosphate Dehydrogenase')).toBe('g6pd');
    expect(general('Sex Hormone Binding Globulin')).toBe('shbg');
    expect(general('DHEA Sulphate')).toBe('dhea_s');
    expect(general('Testosterone, Free')).toBe('free_testosterone');
    expect(general('Foetal Haemoglobin')).toBe('hbf');
    expect(general('Smear for MP')).toBe('malaria_parasite_smear');
    expect(general('Lactic Acid')).toBe('lactate');
    expect(general('Somatomedin C')).toBe('igf_1');
  });
});

describe('a chat question names a new test only where it means the test', () => {
  const report = [{ canonical_id: 'ana' }, { canonical_id: 'malaria_parasite_smear' }] as ExtractedValue[];

  it('reads ANA and MP written as the report prints them', () => {
    expect(whatIsAsked('What does my ANA result mean?', report).ids).toEqual(['ana']);
    expect(whatIsAsked('MP not seen ka matlab kya hai?', report).ids).toEqual(['malaria_parasite_smear']);
    expect(whatIsAsked('is my dengue IgM positive?', []).ids).toEqual(['dengue_igm']);
  });

  it('leaves everyday words alone (Hinglish "ana", the state MP, ovarian cysts)', () => {
    expect(whatIsAsked('mujhe doctor ke paas kab ana chahiye?', report).ids).toEqual([]);
    expect(whatIsAsked('I have cysts in my ovary', report).ids).toEqual([]);
    expect(whatIsAsked('I live in MP, what is HbA2?', []).ids).toEqual(['hba2']);
  });
});

describe('RBC and WBC morphology (decision 244)', () => {
  it('are known, and their normal answers judge the usual descriptions', () => {
    expect(getAnalyte('rbc_morphology')?.id).toBe('rbc_morphology');
    const [rbc, wbc] = morphologyFindings;
    const normal = (words: string[] | undefined, value: string) => isNormalFinding(value, words);
    expect(normal(rbc.reference.normal_text, 'Normocytic, Normochromic')).toBe(true);
    expect(normal(rbc.reference.normal_text, 'Microcytic hypochromic')).toBe(false);
    expect(normal(wbc.reference.normal_text, 'Normal in number and morphology')).toBe(true);
    expect(normal(wbc.reference.normal_text, 'Toxic granules seen')).toBe(false);
    for (const a of morphologyFindings) {
      for (const t of [a.name, a.about, a.high]) expect(t?.hi).toMatch(/[\u0900-\u097F]/);
    }
  });
});
