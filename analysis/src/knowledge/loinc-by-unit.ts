/**
 * LOINC codes name the property measured, so a result reported in a substance unit (mmol/L,
 * µmol/L, mmol/mol) has another code than the same test in a mass unit (mg/dL, g/dL, %)
 * (decision 196). The analytes' own `loinc` is the mass (or percent) code, the one Indian labs
 * mostly report in; these are the substance codes, used when the reported unit is one.
 */
const SUBSTANCE_LOINC: Record<string, string> = {
  glucose_fasting: '14771-0', // Fasting glucose [Moles/volume] in Serum or Plasma
  glucose_random: '14749-6', // Glucose [Moles/volume] in Serum or Plasma
  total_cholesterol: '14647-2', // Cholesterol [Moles/volume] in Serum or Plasma
  triglycerides: '14927-8', // Triglyceride [Moles/volume] in Serum or Plasma
  hdl_cholesterol: '14646-4', // Cholesterol in HDL [Moles/volume] in Serum or Plasma
  ldl_cholesterol: '22748-8', // Cholesterol in LDL [Moles/volume] in Serum or Plasma
  creatinine: '14682-9', // Creatinine [Moles/volume] in Serum or Plasma
  calcium: '2000-8', // Calcium [Moles/volume] in Serum or Plasma
  bilirubin_total: '14631-6', // Bilirubin.total [Moles/volume] in Serum or Plasma
  uric_acid: '14933-6', // Urate [Moles/volume] in Serum or Plasma
  hemoglobin: '59260-0', // Hemoglobin [Moles/volume] in Blood
  hba1c: '59261-8', // Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol (mmol/mol)
};

/** A substance unit: moles per volume, or the IFCC's mmol/mol. */
export function isSubstanceUnit(unit: string): boolean {
  return /(?:^|[^a-z])(?:[mµun]?mol)\b|^(?:[mµun]?mol)\//i.test(
    unit.trim().replace(/μ/g, 'µ').replace(/^u/, 'µ'),
  );
}

/** The LOINC for a test as reported in this unit: the substance code for a substance unit. */
export function loincForUnit(id: string, defaultLoinc: string | null, unit: string): string | null {
  if (unit && isSubstanceUnit(unit) && SUBSTANCE_LOINC[id]) return SUBSTANCE_LOINC[id];
  return defaultLoinc;
}
