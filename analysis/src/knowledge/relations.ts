import type { PatientInfo } from '../types';

/**
 * The relations between results a pathologist checks at a glance, as data. Every value is in its
 * analyte's base unit (knowledge/panels: Hb g/dL, Hct %, RBC million/cumm, counts /cumm, lipids
 * mg/dL, proteins g/dL, bilirubin mg/dL, creatinine mg/dL, eGFR mL/min/1.73m²).
 * `residual` is the printed value of the relation's first member less what the others give; it is
 * checked against `margin` (the method's own spread: a lab's analyser computes from unrounded
 * values) plus the rounding of every printed value (interpret/cross-check.ts works that out from
 * the digits printed). A relation is checked only when all its `members` are on the report.
 */
export type Values = Record<string, number>;

export interface Relation {
  id: string;
  /** As a pathologist says it. */
  rule: string;
  members: string[];
  /** Members that take part when printed (a band count in a differential), 0 when not. */
  optional?: string[];
  residual: (v: Values, patient: PatientInfo) => number | null;
  margin: (v: Values) => number;
  /** Only checked when this holds (the report's LDL is calculated, not measured). */
  applies?: (v: Values) => boolean;
  source: string;
}

const INDICES =
  'Red cell indices: Dacie and Lewis Practical Haematology, ch. 2 (MCV = Hct/RBC, MCH = Hb/RBC, MCHC = Hb/Hct).';
const DIFF =
  'A differential count is a share of 100 white cells; absolute count = % x total WBC (Dacie and Lewis, ch. 2).';
const PROTEIN =
  'Globulin is calculated as total protein less albumin; A/G = albumin / globulin (Tietz, proteins).';
const BILI = 'Indirect bilirubin is calculated as total less direct bilirubin (Tietz, bilirubin).';

/** Absolute count = percentage x total WBC / 100, for one kind of white cell. */
function absolute(cell: string, abs: string): Relation {
  return {
    id: abs,
    rule: `${abs.replace(/_/g, ' ')} = ${cell} % x WBC`,
    members: [abs, cell, 'wbc_count'],
    residual: (v) => v[abs] - (v[cell] * v.wbc_count) / 100,
    // A manual differential (a microscope count of 100 cells) beside the analyser's total and
    // absolute counts differs by several per cent; a misread count is off by far more.
    margin: (v) => 0.15 * v[abs] + 50,
    source: DIFF,
  };
}

/** Ratio printed beside its two components. */
function ratio(id: string, num: string, den: string, rule: string, source: string): Relation {
  return {
    id,
    rule,
    members: [id, num, den],
    residual: (v) => (v[den] > 0 ? v[id] - v[num] / v[den] : null),
    margin: (v) => 0.05 * v[id] + 0.05,
    source,
  };
}

/** CKD-EPI 2021 (race-free) eGFR from serum creatinine (mg/dL), age and sex. */
export function ckdEpi2021(creatinine: number, age: number, sex: 'male' | 'female'): number {
  const k = sex === 'female' ? 0.7 : 0.9;
  const a = sex === 'female' ? -0.241 : -0.302;
  const r = creatinine / k;
  return 142 * Math.min(r, 1) ** a * Math.max(r, 1) ** -1.2 * 0.9938 ** age * (sex === 'female' ? 1.012 : 1);
}

export const RELATIONS: Relation[] = [
  {
    id: 'mcv',
    rule: 'MCV = haematocrit ÷ RBC × 10',
    members: ['mcv', 'hematocrit', 'rbc_count'],
    residual: (v) => v.mcv - (v.hematocrit / v.rbc_count) * 10,
    margin: (v) => 0.03 * v.mcv,
    source: INDICES,
  },
  {
    id: 'mch',
    rule: 'MCH = haemoglobin ÷ RBC × 10',
    members: ['mch', 'hemoglobin', 'rbc_count'],
    residual: (v) => v.mch - (v.hemoglobin / v.rbc_count) * 10,
    margin: (v) => 0.03 * v.mch,
    source: INDICES,
  },
  {
    id: 'mchc',
    rule: 'MCHC = haemoglobin ÷ haematocrit × 100',
    members: ['mchc', 'hemoglobin', 'hematocrit'],
    residual: (v) => v.mchc - (v.hemoglobin / v.hematocrit) * 100,
    margin: (v) => 0.03 * v.mchc,
    source: INDICES,
  },
  {
    id: 'differential',
    rule: 'neutrophils + lymphocytes + monocytes + eosinophils + basophils ≈ 100 %',
    members: ['neutrophils', 'lymphocytes', 'monocytes', 'eosinophils', 'basophils'],
    optional: ['band_neutrophils'],
    residual: (v) =>
      v.neutrophils +
      v.lymphocytes +
      v.monocytes +
      v.eosinophils +
      v.basophils +
      (v.band_neutrophils ?? 0) -
      100,
    margin: () => 3,
    source: DIFF,
  },
  absolute('neutrophils', 'absolute_neutrophil_count'),
  absolute('lymphocytes', 'absolute_lymphocyte_count'),
  absolute('monocytes', 'absolute_monocyte_count'),
  absolute('eosinophils', 'absolute_eosinophil_count'),
  absolute('basophils', 'absolute_basophil_count'),
  {
    id: 'lipid_sum',
    rule: 'total cholesterol = HDL + LDL + VLDL (LDL calculated: VLDL = triglycerides ÷ 5)',
    members: ['total_cholesterol', 'hdl_cholesterol', 'ldl_cholesterol', 'vldl_cholesterol', 'triglycerides'],
    residual: (v) => v.total_cholesterol - (v.hdl_cholesterol + v.ldl_cholesterol + v.vldl_cholesterol),
    margin: (v) => 0.03 * v.total_cholesterol + 2,
    // Friedewald: the lab printed VLDL as TG/5, so its LDL is TC - HDL - VLDL.
    applies: (v) => Math.abs(v.vldl_cholesterol - v.triglycerides / 5) <= 0.03 * v.vldl_cholesterol + 1.5,
    source: 'Friedewald, Levy and Fredrickson, Clin Chem 1972;18:499 (LDL = TC - HDL - TG/5).',
  },
  {
    id: 'non_hdl',
    rule: 'non-HDL cholesterol = total cholesterol − HDL',
    members: ['non_hdl_cholesterol', 'total_cholesterol', 'hdl_cholesterol'],
    residual: (v) => v.non_hdl_cholesterol - (v.total_cholesterol - v.hdl_cholesterol),
    margin: () => 2,
    source: 'NCEP ATP III: non-HDL cholesterol is total cholesterol less HDL.',
  },
  ratio(
    'chol_hdl_ratio',
    'total_cholesterol',
    'hdl_cholesterol',
    'TC/HDL ratio = total cholesterol ÷ HDL',
    'NCEP ATP III ratios.',
  ),
  ratio(
    'ldl_hdl_ratio',
    'ldl_cholesterol',
    'hdl_cholesterol',
    'LDL/HDL ratio = LDL ÷ HDL',
    'NCEP ATP III ratios.',
  ),
  {
    id: 'globulin',
    rule: 'globulin = total protein − albumin',
    members: ['globulin', 'total_protein', 'albumin'],
    residual: (v) => v.globulin - (v.total_protein - v.albumin),
    margin: () => 0.1,
    source: PROTEIN,
  },
  ratio('ag_ratio', 'albumin', 'globulin', 'A/G ratio = albumin ÷ globulin', PROTEIN),
  {
    id: 'bilirubin_indirect',
    rule: 'indirect bilirubin = total − direct bilirubin',
    members: ['bilirubin_indirect', 'bilirubin_total', 'bilirubin_direct'],
    residual: (v) => v.bilirubin_indirect - (v.bilirubin_total - v.bilirubin_direct),
    margin: () => 0.1,
    source: BILI,
  },
  {
    id: 'bun',
    rule: 'urea = BUN × 2.14',
    members: ['urea', 'bun'],
    residual: (v) => v.urea - 2.14 * v.bun,
    margin: (v) => 0.05 * v.urea + 1,
    source:
      'Urea (60 g/mol) carries two nitrogens (28 g/mol): urea = 2.14 x BUN in mg/dL (Tietz, nitrogen compounds).',
  },
  {
    id: 'egfr',
    rule: 'eGFR from creatinine, age and sex (CKD-EPI)',
    members: ['egfr', 'creatinine'],
    // As a ratio (in logs): labs use CKD-EPI 2009 or 2021 or MDRD, which differ by up to a
    // quarter; a misread creatinine (1.2 read as 12) or eGFR (88 as 1.88) is off manyfold.
    residual: (v, p) =>
      p.age && p.sex && v.egfr > 0 && v.creatinine > 0
        ? Math.log(v.egfr / ckdEpi2021(v.creatinine, p.age, p.sex))
        : null,
    margin: () => Math.log(1.35),
    source: 'Inker et al., N Engl J Med 2021;385:1737 (CKD-EPI 2021 creatinine equation).',
  },
  {
    id: 'estimated_average_glucose',
    rule: 'mean plasma glucose = 28.7 × HbA1c − 46.7',
    members: ['estimated_average_glucose', 'hba1c'],
    residual: (v) => v.estimated_average_glucose - (28.7 * v.hba1c - 46.7),
    margin: (v) => 0.04 * v.estimated_average_glucose + 2,
    source: 'Nathan et al. (ADAG), Diabetes Care 2008;31:1473.',
  },
];
