/**
 * Physiological limits, in each analyte's base unit: a value outside them is not a living
 * patient's result as printed (or not one a lab would report without a repeat), so a reading
 * outside them is an OCR slip ('45' for potassium 4.5, '178.3' for a differential of 78.3 %).
 * Deliberately wide (survivable extremes, never reference ranges), from general medical knowledge
 * and the sources named per group below; never from the fixtures' values.
 * Only analytes whose limits are narrow enough to catch a slip are listed; an enzyme or hormone
 * that can rise a thousandfold (ALT, TSH, ferritin) has no useful limit.
 */
export interface Limit {
  low: number;
  high: number;
}

/** Where a group of limits comes from: every limit below names one of these. */
export const LIMIT_SOURCES = {
  definition: 'A share of a whole: 0-100 % by definition (a differential, a saturation, a fraction).',
  haematology:
    'Dacie and Lewis Practical Haematology (12th ed.), ranges seen in severe anaemia, polycythaemia and leukaemia; widened to survivable extremes.',
  chemistry:
    'Tietz Textbook of Laboratory Medicine (7th ed.), critical-value tables and reported survivable extremes; widened.',
  endocrine:
    'Tietz Textbook of Laboratory Medicine (7th ed.), thyroid and diabetes chapters; the ADAG formula bounds eAG by HbA1c 3-20 %.',
  urine: 'Urine dipstick scales: pH 4.5-8, specific gravity 1.000-1.040 (widened by half a step).',
  coagulation: 'Coagulation analyser measuring ranges (PT, APTT clot time limits) as reported by labs.',
} as const;

export type LimitSource = keyof typeof LIMIT_SOURCES;

const DEF: LimitSource = 'definition';
const HAEM: LimitSource = 'haematology';
const CHEM: LimitSource = 'chemistry';
const ENDO: LimitSource = 'endocrine';

/** [low, high, source] per analyte id. */
const TABLE: Record<string, [number, number, LimitSource]> = {
  // CBC
  hemoglobin: [2, 25, HAEM],
  rbc_count: [0.5, 10, HAEM],
  hematocrit: [3, 75, HAEM],
  mcv: [40, 150, HAEM],
  mch: [10, 50, HAEM],
  mchc: [20, 45, HAEM],
  rdw: [8, 40, HAEM],
  rdw_sd: [20, 120, HAEM],
  neutrophils: [0, 100, DEF],
  lymphocytes: [0, 100, DEF],
  monocytes: [0, 100, DEF],
  eosinophils: [0, 100, DEF],
  basophils: [0, 100, DEF],
  band_neutrophils: [0, 100, DEF],
  immature_granulocytes: [0, 100, DEF],
  mpv: [4, 20, HAEM],
  pdw: [5, 30, HAEM],
  plateletcrit: [0.01, 2, HAEM],
  p_lcr: [1, 80, HAEM],
  reticulocyte_count: [0, 50, HAEM],
  esr: [0, 200, HAEM],
  wbc_count: [100, 500000, HAEM],
  absolute_neutrophil_count: [0, 400000, HAEM],
  absolute_lymphocyte_count: [0, 400000, HAEM],
  absolute_monocyte_count: [0, 100000, HAEM],
  absolute_eosinophil_count: [0, 100000, HAEM],
  absolute_basophil_count: [0, 50000, HAEM],
  platelet_count: [1000, 3000000, HAEM],
  // Lipids
  total_cholesterol: [30, 1500, CHEM],
  triglycerides: [10, 20000, CHEM],
  hdl_cholesterol: [5, 200, CHEM],
  ldl_cholesterol: [5, 1000, CHEM],
  vldl_cholesterol: [1, 1000, CHEM],
  non_hdl_cholesterol: [5, 1500, CHEM],
  chol_hdl_ratio: [0.5, 30, CHEM],
  ldl_hdl_ratio: [0.1, 25, CHEM],
  // Liver
  bilirubin_total: [0, 60, CHEM],
  bilirubin_direct: [0, 40, CHEM],
  bilirubin_indirect: [0, 40, CHEM],
  total_protein: [2, 15, CHEM],
  albumin: [0.5, 7, CHEM],
  globulin: [0.5, 10, CHEM],
  ag_ratio: [0.1, 5, CHEM],
  // Kidney and electrolytes
  urea: [2, 500, CHEM],
  bun: [1, 250, CHEM],
  creatinine: [0.1, 25, CHEM],
  uric_acid: [0.5, 25, CHEM],
  egfr: [1, 200, CHEM],
  sodium: [90, 200, CHEM],
  potassium: [1, 10, CHEM],
  chloride: [60, 150, CHEM],
  calcium: [2, 20, CHEM],
  ionized_calcium: [0.3, 3, CHEM],
  magnesium: [0.3, 10, CHEM],
  phosphorus: [0.3, 20, CHEM],
  bicarbonate: [2, 60, CHEM],
  cystatin_c: [0.2, 15, CHEM],
  // Thyroid (total and free hormones only: TSH can be anything from 0.001 to several hundred)
  t3: [10, 1000, ENDO],
  t4: [0.5, 40, ENDO],
  free_t3: [0.2, 40, ENDO],
  free_t4: [0.05, 10, ENDO],
  // Diabetes
  glucose_fasting: [10, 2000, ENDO],
  glucose_pp: [10, 2000, ENDO],
  glucose_random: [10, 2000, ENDO],
  hba1c: [3, 20, ENDO],
  estimated_average_glucose: [40, 530, ENDO],
  // Iron, vitamins
  serum_iron: [2, 1000, CHEM],
  tibc: [50, 1000, CHEM],
  uibc: [0, 1000, CHEM],
  transferrin_saturation: [0, 100, DEF],
  vitamin_d: [1, 300, CHEM],
  // Urine
  urine_ph: [4, 9.5, 'urine'],
  urine_specific_gravity: [1, 1.06, 'urine'],
  // Coagulation
  prothrombin_time: [5, 200, 'coagulation'],
  pt_control: [5, 60, 'coagulation'],
  inr: [0.5, 20, 'coagulation'],
  aptt: [10, 250, 'coagulation'],
  aptt_control: [10, 100, 'coagulation'],
  fibrinogen: [10, 2000, 'coagulation'],
};

export const PLAUSIBLE_LIMITS: Record<string, Limit> = Object.fromEntries(
  Object.entries(TABLE).map(([id, [low, high]]) => [id, { low, high }]),
);

/** The source of an analyte's limits (LIMIT_SOURCES), or null when it has none. */
export function limitSource(id: string): LimitSource | null {
  return TABLE[id]?.[2] ?? null;
}
