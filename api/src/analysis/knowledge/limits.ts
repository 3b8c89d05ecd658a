/**
 * Physiological limits, in each analyte's base unit: a value outside them is not a living
 * patient's result as printed (or not one a lab would report without a repeat), so a photo that
 * reads it has most likely lost a decimal point ('45' for potassium 4.5). From general medical
 * knowledge of survivable extremes, deliberately wide: never from the fixtures' values.
 * Only analytes whose limits are narrow enough to catch a lost decimal are listed; an enzyme or
 * hormone that can rise a thousandfold (ALT, TSH, ferritin) has no useful limit.
 */
export const PLAUSIBLE_LIMITS: Record<string, { low: number; high: number }> = {
  // CBC
  hemoglobin: { low: 2, high: 25 },
  rbc_count: { low: 0.5, high: 10 },
  hematocrit: { low: 5, high: 75 },
  mcv: { low: 40, high: 150 },
  mch: { low: 10, high: 50 },
  mchc: { low: 20, high: 45 },
  rdw: { low: 8, high: 40 },
  rdw_sd: { low: 20, high: 120 },
  neutrophils: { low: 0, high: 100 },
  lymphocytes: { low: 0, high: 100 },
  monocytes: { low: 0, high: 100 },
  eosinophils: { low: 0, high: 100 },
  basophils: { low: 0, high: 100 },
  band_neutrophils: { low: 0, high: 100 },
  mpv: { low: 4, high: 20 },
  pdw: { low: 5, high: 30 },
  plateletcrit: { low: 0.01, high: 2 },
  p_lcr: { low: 1, high: 80 },
  reticulocyte_count: { low: 0, high: 50 },
  esr: { low: 0, high: 200 },
  wbc_count: { low: 100, high: 500000 },
  platelet_count: { low: 1000, high: 3000000 },
  // Lipids
  total_cholesterol: { low: 30, high: 1500 },
  hdl_cholesterol: { low: 5, high: 200 },
  ldl_cholesterol: { low: 5, high: 1000 },
  vldl_cholesterol: { low: 1, high: 1000 },
  chol_hdl_ratio: { low: 0.5, high: 30 },
  ldl_hdl_ratio: { low: 0.1, high: 25 },
  // Liver
  bilirubin_total: { low: 0, high: 60 },
  bilirubin_direct: { low: 0, high: 40 },
  bilirubin_indirect: { low: 0, high: 40 },
  total_protein: { low: 2, high: 15 },
  albumin: { low: 0.5, high: 7 },
  globulin: { low: 0.5, high: 10 },
  ag_ratio: { low: 0.1, high: 5 },
  // Kidney and electrolytes
  urea: { low: 2, high: 500 },
  bun: { low: 1, high: 250 },
  creatinine: { low: 0.1, high: 25 },
  uric_acid: { low: 0.5, high: 25 },
  sodium: { low: 90, high: 200 },
  potassium: { low: 1, high: 10 },
  chloride: { low: 60, high: 150 },
  calcium: { low: 2, high: 20 },
  ionized_calcium: { low: 0.3, high: 3 },
  magnesium: { low: 0.3, high: 10 },
  phosphorus: { low: 0.3, high: 20 },
  bicarbonate: { low: 2, high: 60 },
  cystatin_c: { low: 0.2, high: 15 },
  // Thyroid (total hormones only: TSH can be anything from 0.001 to several hundred)
  t3: { low: 10, high: 1000 },
  t4: { low: 0.5, high: 40 },
  free_t3: { low: 0.2, high: 40 },
  free_t4: { low: 0.05, high: 10 },
  // Diabetes
  glucose_fasting: { low: 10, high: 2000 },
  glucose_pp: { low: 10, high: 2000 },
  glucose_random: { low: 10, high: 2000 },
  hba1c: { low: 3, high: 20 },
  estimated_average_glucose: { low: 40, high: 500 },
  // Iron, vitamins
  serum_iron: { low: 2, high: 1000 },
  tibc: { low: 50, high: 1000 },
  transferrin_saturation: { low: 0, high: 100 },
  vitamin_d: { low: 1, high: 300 },
  // Urine
  urine_ph: { low: 4, high: 9.5 },
  urine_specific_gravity: { low: 1, high: 1.06 },
  // Coagulation
  prothrombin_time: { low: 5, high: 200 },
  pt_control: { low: 5, high: 60 },
  inr: { low: 0.5, high: 20 },
  aptt: { low: 10, high: 250 },
  aptt_control: { low: 10, high: 100 },
  fibrinogen: { low: 10, high: 2000 },
};
