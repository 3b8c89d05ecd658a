import { describe, expect, it } from 'vitest';
import type { TruthTest } from '../eval/fixtures';
import { SAMPLES } from '../test-support/samples';
import type { Analyte } from '../types';
import { matchAnalyte, normaliseName } from '../parse/match-analyte';
import { ANALYTES, SHARED_NAMES, acceptsUnit, getAnalyte, normalizeUnit, toBaseUnit } from './index';

/** The engine's name matcher, as a row without a section heading would call it. */
function findByName(
  name: string,
  hint: { unit?: string; value?: number | string } = {},
): Analyte | undefined {
  return (
    matchAnalyte(name, { section: 'general', unit: hint.unit ?? '', fuzzy: false, value: hint.value }) ??
    undefined
  );
}

/** The fixtures' README canonical ids, plus the extra ids used by its genuine samples. */
const FIXTURE_IDS = [
  // cbc
  'hemoglobin',
  'rbc_count',
  'hematocrit',
  'mcv',
  'mch',
  'mchc',
  'rdw',
  'wbc_count',
  'neutrophils',
  'lymphocytes',
  'monocytes',
  'eosinophils',
  'basophils',
  'absolute_neutrophil_count',
  'absolute_lymphocyte_count',
  'absolute_monocyte_count',
  'absolute_eosinophil_count',
  'platelet_count',
  'esr',
  // lipid
  'total_cholesterol',
  'triglycerides',
  'hdl_cholesterol',
  'ldl_cholesterol',
  'vldl_cholesterol',
  'non_hdl_cholesterol',
  'chol_hdl_ratio',
  'ldl_hdl_ratio',
  // lft
  'bilirubin_total',
  'bilirubin_direct',
  'bilirubin_indirect',
  'ast',
  'alt',
  'alkaline_phosphatase',
  'ggt',
  'total_protein',
  'albumin',
  'globulin',
  'ag_ratio',
  // kft
  'urea',
  'bun',
  'creatinine',
  'uric_acid',
  'egfr',
  'sodium',
  'potassium',
  'chloride',
  'calcium',
  // thyroid
  't3',
  't4',
  'tsh',
  'free_t3',
  'free_t4',
  // diabetes
  'glucose_fasting',
  'glucose_pp',
  'glucose_random',
  'hba1c',
  'estimated_average_glucose',
  // vitamins
  'vitamin_d',
  'vitamin_b12',
  // iron
  'serum_iron',
  'tibc',
  'transferrin_saturation',
  'ferritin',
  // urine
  'urine_colour',
  'urine_appearance',
  'urine_ph',
  'urine_specific_gravity',
  'urine_protein',
  'urine_glucose',
  'urine_ketones',
  'urine_pus_cells',
  'urine_rbc',
  // real/ samples
  'crp',
  'd_dimer',
  'interleukin_6',
  'immature_granulocytes',
  'pdw',
  'mpv',
];

/** The README's critical-limit table (base units); every other README id is never critical. */
const README_CRITICAL: Record<string, { low: number; high: number }> = {
  hemoglobin: { low: 7.0, high: 20.0 },
  // Raised from the README's 30,000 to 50,000 (decision 191).
  platelet_count: { low: 50000, high: 1000000 },
  wbc_count: { low: 2000, high: 30000 },
  potassium: { low: 2.8, high: 6.2 },
  sodium: { low: 120, high: 160 },
  glucose_fasting: { low: 50, high: 400 },
  glucose_pp: { low: 50, high: 400 },
  glucose_random: { low: 50, high: 400 },
  calcium: { low: 6.5, high: 13.0 },
};

/** Names as the fixture reports print them (from the truth files) -> canonical id. */
const PRINTED: [string, string][] = [
  ['AEC', 'absolute_eosinophil_count'],
  ['Absolute Eosinophil Count (AEC)', 'absolute_eosinophil_count'],
  ['EOSINOPHILS (ABSOLUTE)', 'absolute_eosinophil_count'],
  ['Absolute Lymphocyte Count', 'absolute_lymphocyte_count'],
  ['LYMPHOCYTES (ABSOLUTE)', 'absolute_lymphocyte_count'],
  ['ABSOLUTE MONOCYTE COUNT', 'absolute_monocyte_count'],
  ['Monocytes (Absolute)', 'absolute_monocyte_count'],
  ['ABSOLUTE NEUTROPHIL COUNT', 'absolute_neutrophil_count'],
  ['Neutrophils (Absolute)', 'absolute_neutrophil_count'],
  ['A : G Ratio', 'ag_ratio'],
  ['A/G RATIO', 'ag_ratio'],
  ['Albumin / Globulin Ratio', 'ag_ratio'],
  ['Albumin (BCG)', 'albumin'],
  ['SERUM ALBUMIN', 'albumin'],
  ['ALP', 'alkaline_phosphatase'],
  ['Alkaline Phosphatase (ALP)', 'alkaline_phosphatase'],
  ['SERUM ALKALINE PHOSPHATASE', 'alkaline_phosphatase'],
  ['ALT (SGPT)', 'alt'],
  ['Alanine Aminotransferase (ALT/SGPT)', 'alt'],
  ['S.G.P.T.', 'alt'],
  ['SGPT (ALT)', 'alt'],
  ['ASPARTATE AMINOTRANSFERASE (AST/SGOT)', 'ast'],
  ['AST (SGOT)', 'ast'],
  ['S.G.O.T.', 'ast'],
  ['SGOT (AST)', 'ast'],
  ['BASOPHILS', 'basophils'],
  ['Basophil', 'basophils'],
  ['Bilirubin Direct', 'bilirubin_direct'],
  ['Conjugated Bilirubin', 'bilirubin_direct'],
  ['DIRECT BILIRUBIN', 'bilirubin_direct'],
  ['Indirect Bilirubin', 'bilirubin_indirect'],
  ['UNCONJUGATED BILIRUBIN', 'bilirubin_indirect'],
  ['Bilirubin - Total', 'bilirubin_total'],
  ['Bilirubin Total', 'bilirubin_total'],
  ['Serum Bilirubin (Total)', 'bilirubin_total'],
  ['TOTAL BILIRUBIN', 'bilirubin_total'],
  ['BUN', 'bun'],
  ['UREA NITROGEN', 'bun'],
  ['Calcium', 'calcium'],
  ['SERUM CALCIUM', 'calcium'],
  ['CHLORIDE', 'chloride'],
  ['Serum Chloride', 'chloride'],
  ['CHOL/HDL RATIO', 'chol_hdl_ratio'],
  ['TC/HDL Ratio', 'chol_hdl_ratio'],
  ['CREATININE', 'creatinine'],
  ['Creatinine, Serum', 'creatinine'],
  ['Serum Creatinine', 'creatinine'],
  ['CRP (NYCOCARD)', 'crp'],
  ['D-DIMER (MINI VIDAS)', 'd_dimer'],
  ['EGFR (CKD-EPI 2021)', 'egfr'],
  ['Estimated GFR', 'egfr'],
  ['eGFR', 'egfr'],
  ['EOSINOPHIL', 'eosinophils'],
  ['Eosinophils', 'eosinophils'],
  ['E.S.R. (WESTERGREN)', 'esr'],
  ['ERYTHROCYTE SEDIMENTATION RATE (ESR)', 'esr'],
  ['Mean Plasma Glucose', 'estimated_average_glucose'],
  ['eAG', 'estimated_average_glucose'],
  ['FERRITIN', 'ferritin'],
  ['Ferritin, Serum', 'ferritin'],
  ['FREE TRIIODOTHYRONINE', 'free_t3'],
  ['FT3', 'free_t3'],
  ['FT4', 'free_t4'],
  ['Free Thyroxine', 'free_t4'],
  ['GGTP', 'ggt'],
  ['Gamma GT (GGT)', 'ggt'],
  ['GLOBULIN', 'globulin'],
  ['Globulin (Calculated)', 'globulin'],
  ['Glucose - Fasting', 'glucose_fasting'],
  ['PLASMA GLUCOSE (FASTING)', 'glucose_fasting'],
  ['Post Prandial Blood Sugar (PPBS)', 'glucose_pp'],
  ['Plasma Glucose (Random)', 'glucose_random'],
  ['Random Blood Sugar (RBS)', 'glucose_random'],
  ['Glycated Hemoglobin (HbA1c)', 'hba1c'],
  ['Glycosylated Haemoglobin (HbA1c)', 'hba1c'],
  // A one-letter prefix glued to a short form, and an element symbol after a specimen prefix.
  ['S.Creat.', 'creatinine'],
  ['T.Bil', 'bilirubin_total'],
  ['Sr. Mg', 'magnesium'],
  ['HbA1c (HPLC)', 'hba1c'],
  ['CHOLESTEROL - HDL', 'hdl_cholesterol'],
  ['HDL CHOLESTEROL', 'hdl_cholesterol'],
  ['HEMATOCRIT/PCV', 'hematocrit'],
  ['PACKED CELL VOLUME (PCV)', 'hematocrit'],
  ['PCV', 'hematocrit'],
  ['PCV / Haematocrit', 'hematocrit'],
  ['HAEMOGLOBIN (HB)', 'hemoglobin'],
  ['HEMOGLOBIN', 'hemoglobin'],
  ['Hb', 'hemoglobin'],
  ['HEMOGLOBIN / Method - Photometric/Spectrophotometry/Colorimetric', 'hemoglobin'],
  ['Immature Granulocytes', 'immature_granulocytes'],
  ['Interleukin - 6 (IL-6)', 'interleukin_6'],
  ['L.D.L. CHOLESTEROL', 'ldl_cholesterol'],
  ['LDL Cholesterol (Calculated)', 'ldl_cholesterol'],
  ['LDL / HDL RATIO', 'ldl_hdl_ratio'],
  ['LDL/HDL RATIO', 'ldl_hdl_ratio'],
  ['LYMPHOCYTES', 'lymphocytes'],
  ['Lymphocyte', 'lymphocytes'],
  ['MCH', 'mch'],
  ['MEAN CELL HAEMOGLOBIN', 'mch'],
  ['Mean Corpuscular Hb (MCH)', 'mch'],
  ['MEAN CORPUSCULAR HB CONC. (MCHC)', 'mchc'],
  ['MCV', 'mcv'],
  ['Mean Cell Volume', 'mcv'],
  ['Mean Corpuscular Volume (MCV)', 'mcv'],
  ['MONOCYTE', 'monocytes'],
  ['MPV', 'mpv'],
  ['NEUTROPHILS', 'neutrophils'],
  ['Polymorphs', 'neutrophils'],
  ['SEGMENTED NEUTROPHILS', 'neutrophils'],
  ['NON-HDL CHOLESTEROL', 'non_hdl_cholesterol'],
  ['PDW', 'pdw'],
  ['PLATELET COUNT', 'platelet_count'],
  ['PLT Count', 'platelet_count'],
  ['Platelets', 'platelet_count'],
  ['TOTAL PLATELET COUNT', 'platelet_count'],
  ['POTASSIUM (K+)', 'potassium'],
  ['Erythrocyte Count', 'rbc_count'],
  ['R.B.C. COUNT', 'rbc_count'],
  ['RBC', 'rbc_count'],
  ['Red Blood Cell Count', 'rbc_count'],
  ['RDW-CV', 'rdw'],
  ['Red Cell Distribution Width (RDW-CV)', 'rdw'],
  ['Iron', 'serum_iron'],
  ['SERUM IRON', 'serum_iron'],
  ['SERUM SODIUM', 'sodium'],
  ['Sodium (Na+)', 'sodium'],
  ['T3 (TOTAL)', 't3'],
  ['T3, Total', 't3'],
  ['Triiodothyronine (T3)', 't3'],
  ['T4, TOTAL', 't4'],
  ['IRON BINDING CAPACITY - TOTAL', 'tibc'],
  ['Total Iron Binding Capacity (TIBC)', 'tibc'],
  ['CHOLESTEROL, TOTAL', 'total_cholesterol'],
  ['Total Cholesterol', 'total_cholesterol'],
  ['PROTEIN - TOTAL', 'total_protein'],
  ['Serum Total Protein', 'total_protein'],
  ['% Saturation of Transferrin', 'transferrin_saturation'],
  ['TRANSFERRIN SATURATION (TSAT)', 'transferrin_saturation'],
  ['Serum Triglycerides', 'triglycerides'],
  ['TRIGLYCERIDE', 'triglycerides'],
  ['THYROID STIMULATING HORMONE (TSH)', 'tsh'],
  ['TSH (ULTRASENSITIVE)', 'tsh'],
  ['TSH - 3rd Generation', 'tsh'],
  ['Blood Urea', 'urea'],
  ['UREA, SERUM', 'urea'],
  ['Serum Uric Acid', 'uric_acid'],
  ['APPEARANCE', 'urine_appearance'],
  ['Clarity', 'urine_appearance'],
  ['COLOR', 'urine_colour'],
  ['COLOUR', 'urine_colour'],
  ['Physical Colour', 'urine_colour'],
  ['SUGAR', 'urine_glucose'],
  ['URINE GLUCOSE', 'urine_glucose'],
  ['Acetone', 'urine_ketones'],
  ['KETONE BODIES', 'urine_ketones'],
  ['PH', 'urine_ph'],
  ['REACTION (PH)', 'urine_ph'],
  ['pH Value', 'urine_ph'],
  ['ALBUMIN (PROTEIN)', 'urine_protein'],
  ['Protein', 'urine_protein'],
  ['URINE PROTEIN', 'urine_protein'],
  ['LEUCOCYTES', 'urine_pus_cells'],
  ['Pus Cells', 'urine_pus_cells'],
  ['Pus Cells (WBCs)', 'urine_pus_cells'],
  ['Erythrocytes', 'urine_rbc'],
  ['RBCS', 'urine_rbc'],
  ['SP. GRAVITY', 'urine_specific_gravity'],
  ['Specific Gravity', 'urine_specific_gravity'],
  ['Cyanocobalamin (B12)', 'vitamin_b12'],
  ['VITAMIN B12', 'vitamin_b12'],
  ['Vitamin B12 (Cyanocobalamin)', 'vitamin_b12'],
  ['25(OH) Vitamin D', 'vitamin_d'],
  ['25-HYDROXY VITAMIN D', 'vitamin_d'],
  ['VITAMIN D (25-OH)', 'vitamin_d'],
  ['Vitamin D Total (25-OH)', 'vitamin_d'],
  ['VLDL', 'vldl_cholesterol'],
  ['VLDL CHOLESTEROL', 'vldl_cholesterol'],
  ['TC', 'wbc_count'],
  ['TLC', 'wbc_count'],
  ['TOTAL LEUKOCYTE COUNT', 'wbc_count'],
  ['TOTAL WBC', 'wbc_count'],
  ['Total Leucocyte Count (TLC)', 'wbc_count'],
  ['WBC Count', 'wbc_count'],
];

const SPECIALISTS = new Set([
  'general physician',
  'endocrinologist',
  'diabetologist or endocrinologist',
  'cardiologist',
  'nephrologist',
  'hepatologist or gastroenterologist',
  'gastroenterologist',
  'hematologist',
  'urologist',
  'gynecologist',
  'rheumatologist',
]);

const DEVANAGARI = /[\u0900-\u097F]/;

function eachText(a: Analyte): [string, { en: string; hi: string }][] {
  const out: [string, { en: string; hi: string }][] = [
    ['name', a.name],
    ['about', a.about],
  ];
  if (a.high) out.push(['high', a.high]);
  if (a.low) out.push(['low', a.low]);
  if (a.specialist) out.push(['specialist', a.specialist]);
  return out;
}

describe('knowledge base: shape', () => {
  it('has at least 100 analytes with unique snake_case ids', () => {
    expect(ANALYTES.length).toBeGreaterThanOrEqual(100);
    const ids = ANALYTES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
  });

  it('covers every canonical id of the fixtures', () => {
    const missing = FIXTURE_IDS.filter((id) => getAnalyte(id) === undefined);
    expect(missing).toEqual([]);
  });

  it('covers every panel the issue asks for', () => {
    const panels = new Set(ANALYTES.map((a) => a.panel));
    for (const p of [
      'cbc',
      'lipid',
      'lft',
      'kft',
      'thyroid',
      'diabetes',
      'vitamins',
      'iron',
      'urine',
      'cardiac',
      'inflammation',
    ]) {
      expect(panels.has(p as Analyte['panel'])).toBe(true);
    }
  });

  it('has well-formed LOINC codes, unique where given', () => {
    const seen = new Map<string, string>();
    for (const a of ANALYTES) {
      if (a.loinc === null) continue;
      expect(a.loinc, a.id).toMatch(/^\d{1,7}-\d$/);
      expect(seen.get(a.loinc), `${a.id} shares LOINC with ${seen.get(a.loinc)}`).toBeUndefined();
      seen.set(a.loinc, a.id);
    }
  });

  it('has English and Hindi (Devanagari) text for name, about, high/low and specialist', () => {
    for (const a of ANALYTES) {
      for (const [field, t] of eachText(a)) {
        expect(t.en.trim(), `${a.id}.${field}.en`).not.toBe('');
        expect(t.hi.trim(), `${a.id}.${field}.hi`).not.toBe('');
        expect(DEVANAGARI.test(t.hi), `${a.id}.${field}.hi is Devanagari`).toBe(true);
        expect(t.en, `${a.id}.${field}.en has no Devanagari`).not.toMatch(DEVANAGARI);
      }
      // Control rows and tests without a default range (cycle-dependent hormones) need no high/low text.
      const ranged = [a.reference.any, a.reference.male, a.reference.female].some((r) => r !== undefined);
      if (!a.id.endsWith('_control') && a.id !== 'blood_group' && (ranged || a.reference.normal_text)) {
        expect(a.high ?? a.low, `${a.id} explains high or low`).toBeDefined();
      }
      expect(a.specialist, `${a.id}.specialist`).toBeDefined();
      if (a.specialist) expect(SPECIALISTS.has(a.specialist.en), `${a.id}.specialist`).toBe(true);
    }
  });

  it('keeps patient text short and free of dosages', () => {
    for (const a of ANALYTES) {
      for (const [field, t] of eachText(a)) {
        const sentences = t.en.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
        expect(sentences.length, `${a.id}.${field} sentences`).toBeLessThanOrEqual(3);
        expect(t.en, `${a.id}.${field} dosage`).not.toMatch(
          /\b\d+(?:\.\d+)?\s*(?:mg|mcg|µg|iu|units?|tablets?|capsules?)\b(?!\s*\/)|\bdos(?:e|age)s?\b/i,
        );
      }
    }
  });

  it('has lower-case synonyms', () => {
    for (const a of ANALYTES) {
      expect(a.synonyms.length, a.id).toBeGreaterThan(0);
      for (const s of a.synonyms) expect(s, a.id).toBe(s.toLowerCase());
    }
  });

  it('maps no synonym to two analytes (shared names go through SHARED_NAMES)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const a of ANALYTES) {
      for (const s of a.synonyms) {
        const key = normaliseName(s);
        const prev = owner.get(key);
        if (prev !== undefined && prev !== a.id) clashes.push(`${s} -> ${prev} and ${a.id}`);
        owner.set(key, a.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('lists only known ids in SHARED_NAMES, each name owned by another analyte', () => {
    for (const [name, alternatives] of Object.entries(SHARED_NAMES)) {
      const owner = findByName(name);
      expect(owner, name).toBeDefined();
      for (const id of alternatives) {
        expect(getAnalyte(id), `${name} -> ${id}`).toBeDefined();
        expect(id, name).not.toBe(owner?.id);
      }
    }
  });

  it('has sane reference ranges and kinds', () => {
    for (const a of ANALYTES) {
      const ranges = [a.reference.any, a.reference.male, a.reference.female].filter((r) => r !== undefined);
      for (const r of ranges) {
        if (r.low !== null && r.high !== null) expect(r.low, a.id).toBeLessThan(r.high);
      }
      if (a.kind === 'qualitative') expect(a.reference.normal_text?.length ?? 0, a.id).toBeGreaterThan(0);
      for (const t of a.reference.normal_text ?? []) expect(t, a.id).toBe(t.toLowerCase());
      for (const f of Object.values(a.units)) expect(Number.isFinite(f) && f > 0, a.id).toBe(true);
    }
  });
});

describe('knowledge base: critical limits', () => {
  it('matches the README table', () => {
    for (const [id, lim] of Object.entries(README_CRITICAL)) {
      expect(getAnalyte(id)?.critical, id).toEqual(lim);
    }
  });

  it('has no critical limits for the other README ids', () => {
    for (const id of FIXTURE_IDS) {
      if (id in README_CRITICAL) continue;
      expect(getAnalyte(id)?.critical, id).toBeUndefined();
    }
  });

  it('puts critical limits outside the reference range', () => {
    for (const a of ANALYTES) {
      if (!a.critical) continue;
      for (const r of [a.reference.any, a.reference.male, a.reference.female]) {
        if (!r) continue;
        if (a.critical.low !== undefined && r.low !== null) expect(a.critical.low, a.id).toBeLessThan(r.low);
        if (a.critical.high !== undefined && r.high !== null)
          expect(a.critical.high, a.id).toBeGreaterThan(r.high);
      }
    }
  });
});

describe('matchAnalyte, the one name matcher the engine uses', () => {
  it.each(PRINTED)('%s -> %s', (printed, id) => {
    expect(findByName(printed)?.id).toBe(id);
  });

  it('finds every analyte by its English display name and by its id', () => {
    for (const a of ANALYTES) {
      expect(findByName(a.name.en)?.id, a.name.en).toBe(a.id);
      expect(findByName(a.id)?.id, a.id).toBe(a.id);
    }
  });

  it('returns undefined for unknown names', () => {
    expect(findByName('Patient Name')).toBeUndefined();
    expect(findByName('')).toBeUndefined();
  });

  it('folds haemo/hemo, leuco/leuko and punctuation', () => {
    expect(normaliseName('HAEMOGLOBIN (Hb)')).toBe('hemoglobin hb');
    expect(normaliseName('S.G.O.T.')).toBe('sgot');
    expect(normaliseName('Total Leucocyte Count')).toBe('total leukocyte count');
    expect(findByName('Haematocrit')?.id).toBe('hematocrit');
    expect(findByName('S. Creatinine')?.id).toBe('creatinine');
  });

  it('reads a name printed as a run of single letters as one abbreviation', () => {
    expect(normaliseName('S. G. O. T')).toBe('sgot');
    expect(findByName('S. G. O. T')?.id).toBe('ast');
    expect(findByName('S G P T')?.id).toBe('alt');
    expect(findByName('s. g. p. t.')?.id).toBe('alt');
    expect(findByName('G G T')?.id).toBe('ggt');
    expect(findByName('A G Ratio')?.id).toBe('ag_ratio');
    expect(findByName('T S H')?.id).toBe('tsh');
    // A lone specimen letter stays a prefix.
    expect(findByName('S. Urea')?.id).toBe('urea');
    expect(findByName('Vitamin B 12')?.id).toBe('vitamin_b12');
  });

  it('reads a short name with two letters OCR confuses (photos only)', () => {
    const ocr = (name: string) => matchAnalyte(name, { section: 'general', unit: 'mg/dL', fuzzy: true })?.id;
    expect(ocr('Vidi')).toBe('vldl_cholesterol');
    expect(ocr('VIDI')).toBe('vldl_cholesterol');
    expect(findByName('Vidi')).toBeUndefined();
  });

  it('disambiguates shared names by unit', () => {
    expect(findByName('Neutrophils', { unit: '%' })?.id).toBe('neutrophils');
    expect(findByName('Neutrophils', { unit: '/cumm' })?.id).toBe('absolute_neutrophil_count');
    expect(findByName('Lymphocytes', { unit: '10^3/µL' })?.id).toBe('absolute_lymphocyte_count');
    expect(findByName('Eosinophils', { unit: 'cells/µL' })?.id).toBe('absolute_eosinophil_count');
    expect(findByName('R.B.C.', { unit: '/HPF' })?.id).toBe('urine_rbc');
    expect(findByName('RBC', { unit: 'million/cumm' })?.id).toBe('rbc_count');
    expect(findByName('RBC', { unit: 'cells/cumm' })?.id).toBe('rbc_count');
    expect(findByName('Erythrocytes', { unit: 'cells/hpf' })?.id).toBe('urine_rbc');
    expect(findByName('Leucocytes', { unit: '/HPF' })?.id).toBe('urine_pus_cells');
    expect(findByName('Leucocytes', { unit: '/cumm' })?.id).toBe('wbc_count');
    expect(findByName('TC', { unit: 'mg/dL' })?.id).toBe('total_cholesterol');
    expect(findByName('TC', { unit: '/cumm' })?.id).toBe('wbc_count');
    expect(findByName('Sugar', { unit: 'mg/dL' })?.id).toBe('glucose_random');
    expect(findByName('Protein', { unit: 'g/dL' })?.id).toBe('total_protein');
    expect(findByName('PCT', { unit: 'ng/mL' })?.id).toBe('procalcitonin');
    expect(findByName('PCT', { unit: '%' })?.id).toBe('plateletcrit');
    expect(findByName('CK-MB', { unit: 'ng/mL' })?.id).toBe('ck_mb_mass');
    expect(findByName('Troponin I', { unit: 'pg/mL' })?.id).toBe('hs_troponin_i');
  });

  it('disambiguates shared names by qualitative vs numeric value when no unit is printed', () => {
    expect(findByName('Glucose', { unit: '', value: 'Nil' })?.id).toBe('urine_glucose');
    expect(findByName('Glucose', { unit: '', value: 96 })?.id).toBe('glucose_random');
    expect(findByName('Albumin', { unit: '', value: 'Trace' })?.id).toBe('urine_protein');
    expect(findByName('Albumin', { value: '4.2' })?.id).toBe('albumin');
    expect(findByName('Bilirubin', { value: 'Negative' })?.id).toBe('urine_bilirubin');
    expect(findByName('RBC', { value: 'Nil' })?.id).toBe('urine_rbc');
    expect(findByName('RBC', { value: 4.5 })?.id).toBe('rbc_count');
  });
});

describe('units', () => {
  it('normalises the printed spellings', () => {
    expect(normalizeUnit('gm/dL')).toBe(normalizeUnit('g/dl'));
    expect(normalizeUnit('gm%')).toBe('g/dl');
    expect(normalizeUnit('mg%')).toBe('mg/dl');
    expect(normalizeUnit('µg/dL')).toBe(normalizeUnit('mcg/dL'));
    expect(normalizeUnit('μg/dL')).toBe(normalizeUnit('ug/dl'));
    expect(normalizeUnit('cells/cu mm')).toBe('/cumm');
    expect(normalizeUnit('/cmm')).toBe('/cumm');
    expect(normalizeUnit('cells/µL')).toBe('/cumm');
    expect(normalizeUnit('10^3/µL')).toBe('10^3/cumm');
    expect(normalizeUnit('10³/µL')).toBe('10^3/cumm');
    expect(normalizeUnit('x10³/µL')).toBe('10^3/cumm');
    expect(normalizeUnit('thou/µL')).toBe('thousand/cumm');
    expect(normalizeUnit('x10^6/uL')).toBe('10^6/cumm');
    expect(normalizeUnit('mill/cumm')).toBe('million/cumm');
    expect(normalizeUnit('Lakh/cmm')).toBe('lakh/cumm');
    expect(normalizeUnit('lakhs/cumm')).toBe('lakh/cumm');
    expect(normalizeUnit('mL/min/1.73 m²')).toBe(normalizeUnit('ml/min/1.73m2'));
    expect(normalizeUnit('Ratio')).toBe('');
    expect(normalizeUnit('cells/hpf')).toBe('/hpf');
  });

  const conv = (id: string, value: number, unit: string): number | null => {
    const a = getAnalyte(id);
    if (!a) throw new Error(id);
    return toBaseUnit(a, value, unit);
  };

  it('converts to the base unit with the standard factors', () => {
    expect(conv('glucose_fasting', 5.5, 'mmol/L')).toBeCloseTo(99.09, 1);
    expect(conv('total_cholesterol', 5.17, 'mmol/L')).toBeCloseTo(199.9, 0);
    expect(conv('triglycerides', 1.7, 'mmol/L')).toBeCloseTo(150.6, 0);
    expect(conv('creatinine', 88.4, 'µmol/L')).toBeCloseTo(1.0, 1);
    expect(conv('urea', 5, 'mmol/L')).toBeCloseTo(30.03, 1);
    expect(conv('calcium', 2.5, 'mmol/L')).toBeCloseTo(10.02, 1);
    expect(conv('hemoglobin', 135, 'g/L')).toBe(13.5);
    expect(conv('hemoglobin', 13.5, 'gm%')).toBe(13.5);
    expect(conv('vitamin_d', 50, 'nmol/L')).toBeCloseTo(20.03, 1);
    expect(conv('vitamin_b12', 300, 'pmol/L')).toBeCloseTo(406.5, 0);
    expect(conv('platelet_count', 1.5, 'lakhs/cumm')).toBe(150000);
    expect(conv('platelet_count', 1.5, 'Lakh/cmm')).toBe(150000);
    expect(conv('platelet_count', 150, '10^3/µL')).toBe(150000);
    expect(conv('platelet_count', 150, 'x10³/µL')).toBe(150000);
    expect(conv('platelet_count', 150000, 'cells/µL')).toBe(150000);
    expect(conv('wbc_count', 7.2, '10^3/µL')).toBe(7200);
    expect(conv('wbc_count', 7.2, '10^9/L')).toBe(7200);
    expect(conv('rbc_count', 4.5, '10^6/µL')).toBe(4.5);
    expect(conv('rbc_count', 4.5, 'x10^6/uL')).toBe(4.5);
    expect(conv('rbc_count', 4.5, 'mill/cumm')).toBe(4.5);
    expect(conv('t3', 1.2, 'ng/mL')).toBe(120);
    expect(conv('tsh', 2.1, 'mIU/L')).toBe(2.1);
    expect(conv('tsh', 2.1, 'uIU/mL')).toBe(2.1);
    expect(conv('sodium', 140, 'mmol/L')).toBe(140);
    expect(conv('egfr', 95, 'mL/min/1.73 m2')).toBe(95);
    expect(conv('esr', 12, 'mm/1 hour')).toBe(12);
    expect(conv('crp', 2.7, 'mg/dL')).toBe(27);
    expect(conv('d_dimer', 0.52, 'µg/mL FEU')).toBe(520);
    expect(conv('ag_ratio', 1.4, 'Ratio')).toBe(1.4);
    expect(conv('hemoglobin', 13.5, '')).toBe(13.5);
    expect(conv('hemoglobin', 13.5, 'furlongs')).toBeNull();
  });

  it('knows every unit the fixtures print for their analytes', () => {
    const printed: [string, string][] = [
      ['hemoglobin', 'gm/dl'],
      ['rbc_count', 'million/µL'],
      ['rbc_count', 'cells/cumm'],
      ['mcv', 'fl'],
      ['mchc', '%'],
      ['wbc_count', 'cells/cumm'],
      ['absolute_neutrophil_count', '10^3/µL'],
      ['esr', 'mm/hr'],
      ['alt', 'IU/L'],
      ['chloride', 'mmol/L'],
      ['t4', 'mcg/dL'],
      ['tsh', 'µIU/mL'],
      ['ferritin', 'µg/L'],
      ['serum_iron', 'mcg/dL'],
      ['urine_pus_cells', '/HPF'],
      ['urine_rbc', 'cells/hpf'],
      ['crp', 'mg/l'],
      ['d_dimer', 'ng/ml'],
      ['interleukin_6', 'pg/ml'],
      ['pdw', 'fl'],
      ['egfr', 'mL/min/1.73m²'],
    ];
    for (const [id, unit] of printed) {
      const a = getAnalyte(id);
      expect(a && acceptsUnit(a, unit), `${id} ${unit}`).toBe(true);
    }
  });
});

/**
 * The ground truth of the repository's synthetic reports (test-support/samples.ts); the
 * development corpus beside the repository is held to the same mapping by `npm run eval:analysis`.
 */
function truthTests(): [string, TruthTest][] {
  return Object.values(SAMPLES).flatMap((s) => s.truth.tests.map((t): [string, TruthTest] => [s.file, t]));
}

describe('knowledge base against the sample reports ground truth', () => {
  it('maps every printed name (with its unit and value) to the canonical id, knows the unit and the critical flags', () => {
    const problems: string[] = [];
    for (const [file, t] of truthTests()) {
      const a = findByName(t.name_as_printed, { unit: t.unit_as_printed, value: t.value });
      if (a?.id !== t.canonical) {
        problems.push(
          `${file}: ${t.name_as_printed} [${t.unit_as_printed}] -> ${a?.id} (want ${t.canonical})`,
        );
        continue;
      }
      if (typeof t.value !== 'number') continue;
      const base = toBaseUnit(a, t.value, t.unit_as_printed);
      if (base === null) {
        problems.push(`${file}: ${t.canonical} unit ${t.unit_as_printed} unknown`);
        continue;
      }
      const c = a.critical;
      const critical =
        c?.low !== undefined && base < c.low
          ? 'critical_low'
          : c?.high !== undefined && base > c.high
            ? 'critical_high'
            : null;
      const expected = t.flag_expected.startsWith('critical') ? t.flag_expected : null;
      if (critical !== expected)
        problems.push(`${file}: ${t.canonical} ${t.value} ${critical} (want ${expected})`);
    }
    expect(problems).toEqual([]);
  });
});
