/**
 * Deliberately shared printed names (data). Every synonym has exactly ONE owner analyte (the default
 * match); a name listed here may also mean the alternative analytes, and matchAnalyte() (parse/match-analyte.ts) picks an
 * alternative when the printed unit (or, without a unit, a qualitative vs numeric value) fits it
 * better than the owner. The parser may add the section heading (URINE ROUTINE, LIPID PROFILE) on top.
 *
 * Keys are printed names (normalised with normaliseName at load); values are the alternative ids.
 */
export const SHARED_NAMES: Record<string, string[]> = {
  // Differential: the percentage row owns the bare name; '/cumm', 'cells/µL', '10^3/µL' -> absolute.
  neutrophils: ['absolute_neutrophil_count'],
  neutrophil: ['absolute_neutrophil_count'],
  polymorphs: ['absolute_neutrophil_count'],
  'segmented neutrophils': ['absolute_neutrophil_count'],
  lymphocytes: ['absolute_lymphocyte_count'],
  lymphocyte: ['absolute_lymphocyte_count'],
  monocytes: ['absolute_monocyte_count'],
  monocyte: ['absolute_monocyte_count'],
  eosinophils: ['absolute_eosinophil_count'],
  eosinophil: ['absolute_eosinophil_count'],
  basophils: ['absolute_basophil_count'],
  basophil: ['absolute_basophil_count'],
  // ...and the reverse: "Neutrophil count" usually is absolute, but a '%' unit means the percentage.
  'neutrophil count': ['neutrophils'],
  'lymphocyte count': ['lymphocytes'],
  'monocyte count': ['monocytes'],
  'eosinophil count': ['eosinophils'],
  'basophil count': ['basophils'],
  // CBC vs urine microscopy ('/hpf', or a qualitative value such as Nil / 2-3 / Plenty -> urine).
  rbc: ['urine_rbc'],
  rbcs: ['rbc_count'],
  'red blood cells': ['urine_rbc'],
  erythrocytes: ['rbc_count'],
  wbc: ['urine_pus_cells'],
  leucocytes: ['wbc_count'],
  leukocytes: ['wbc_count'],
  // Blood vs urine chemistry (unit mg/dL or g/dL, or a numeric value -> blood; Nil / Trace / + -> urine).
  glucose: ['urine_glucose'],
  sugar: ['glucose_random'],
  protein: ['total_protein'],
  proteins: ['total_protein'],
  albumin: ['urine_protein', 'urine_microalbumin'],
  'urine albumin': ['urine_microalbumin'],
  bilirubin: ['urine_bilirubin'],
  hemoglobin: ['urine_blood'],
  // Abbreviations used by two tests: "TC" is total count (WBC) in a CBC, total cholesterol in a lipid
  // profile; "PCT" is plateletcrit in a CBC, procalcitonin in serology; "CK-MB" activity (U/L) vs mass (ng/mL).
  tc: ['total_cholesterol'],
  pct: ['procalcitonin'],
  'ck-mb': ['ck_mb_mass'],
  ckmb: ['ck_mb_mass'],
  'troponin i': ['hs_troponin_i'],
  'troponin t': ['hs_troponin_t'],
};
