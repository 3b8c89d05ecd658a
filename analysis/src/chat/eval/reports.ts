import type { ExtractedValue } from '../../types';
import type { ChatReport } from '../answer';

/**
 * Two made-up reports for the chat test set, with values chosen so that no value equals another
 * value or a range bound: a value quoted in an answer can be told from any other number in it.
 */
type Row = [id: string, name: string, value: number, unit: string, low: number | null, high: number | null];

function values(rows: Row[]): ExtractedValue[] {
  return rows.map(([canonical_id, name, value, unit, ref_low, ref_high]) => ({
    canonical_id,
    loinc: null,
    name,
    value,
    qualifier: null,
    unit,
    ref_low,
    ref_high,
    ref_text:
      ref_low !== null && ref_high !== null
        ? `${ref_low} - ${ref_high}`
        : ref_high !== null
          ? `< ${ref_high}`
          : `> ${ref_low}`,
    ref_source: 'report',
    flag:
      ref_high !== null && value > ref_high ? 'high' : ref_low !== null && value < ref_low ? 'low' : 'normal',
    flag_printed: null,
  }));
}

/** A full-body check-up: high sugar and lipids, high TSH, low vitamin D; kidney and liver normal. */
export const CHECKUP: ChatReport = {
  report_type: 'blood_test',
  summary: null,
  key_findings: [],
  impressions: [],
  values: values([
    ['glucose_fasting', 'Glucose Fasting', 131, 'mg/dL', 70, 100],
    ['glucose_pp', 'Glucose PP', 187, 'mg/dL', 70, 140],
    ['hba1c', 'HbA1c', 6.9, '%', 4, 5.6],
    ['estimated_average_glucose', 'Estimated Average Glucose', 151.3, 'mg/dL', 90, 120],
    ['total_cholesterol', 'Cholesterol Total', 236, 'mg/dL', null, 200],
    ['ldl_cholesterol', 'LDL Cholesterol', 162, 'mg/dL', null, 130],
    ['hdl_cholesterol', 'HDL Cholesterol', 37, 'mg/dL', 40, null],
    ['triglycerides', 'Triglycerides', 183, 'mg/dL', null, 150],
    ['tsh', 'TSH', 6.71, 'µIU/mL', 0.27, 4.2],
    ['free_t4', 'Free T4', 1.13, 'ng/dL', 0.93, 1.7],
    ['creatinine', 'Creatinine', 0.94, 'mg/dL', 0.7, 1.3],
    ['urea', 'Urea', 27.4, 'mg/dL', 17, 43],
    ['egfr', 'eGFR', 97, 'mL/min/1.73m2', 90, null],
    ['uric_acid', 'Uric Acid', 7.9, 'mg/dL', 3.5, 7.2],
    ['alt', 'SGPT (ALT)', 33.6, 'U/L', 0, 41],
    ['ast', 'SGOT (AST)', 29.2, 'U/L', 0, 40],
    ['bilirubin_total', 'Bilirubin Total', 0.82, 'mg/dL', 0.3, 1.2],
    ['alkaline_phosphatase', 'Alkaline Phosphatase', 88, 'U/L', 40, 129],
    ['albumin', 'Albumin', 4.31, 'g/dL', 3.5, 5.2],
    ['vitamin_d', 'Vitamin D (25-OH)', 14.6, 'ng/mL', 30, 100],
    ['vitamin_b12', 'Vitamin B12', 412, 'pg/mL', 211, 911],
    ['calcium', 'Calcium', 9.35, 'mg/dL', 8.6, 10.2],
  ]),
};

/** A blood count with iron studies: anaemia, low platelets, raised white cells and CRP. */
export const CBC: ChatReport = {
  report_type: 'blood_test',
  summary: null,
  key_findings: [],
  impressions: [],
  values: values([
    ['hemoglobin', 'Haemoglobin', 9.6, 'g/dL', 12, 15],
    ['rbc_count', 'RBC Count', 3.86, 'million/cumm', 3.8, 4.8],
    ['mcv', 'MCV', 71.4, 'fL', 83, 101],
    ['wbc_count', 'Total Leucocyte Count', 11800, '/cumm', 4000, 10000],
    ['platelet_count', 'Platelet Count', 96000, '/cumm', 150000, 410000],
    ['ferritin', 'Ferritin', 7.3, 'ng/mL', 13, 150],
    ['serum_iron', 'Serum Iron', 38.5, 'µg/dL', 50, 170],
    ['crp', 'CRP', 14.2, 'mg/L', null, 5],
  ]),
};

/** High sugar and low haemoglobin, everything else normal: "what should I eat?" is about those three. */
export const SUGAR_ANAEMIA: ChatReport = {
  report_type: 'blood_test',
  summary: null,
  key_findings: [],
  impressions: [],
  values: values([
    ['hemoglobin', 'Haemoglobin', 10.8, 'g/dL', 12, 15.5],
    ['platelet_count', 'Platelet Count', 243000, '/cumm', 150000, 410000],
    ['glucose_fasting', 'Glucose Fasting', 142, 'mg/dL', 70, 100],
    ['hba1c', 'HbA1c', 7.3, '%', 4, 5.6],
    ['creatinine', 'Creatinine', 0.81, 'mg/dL', 0.6, 1.1],
    ['tsh', 'TSH', 2.46, 'µIU/mL', 0.27, 4.2],
  ]),
};

export const CHAT_REPORTS = { checkup: CHECKUP, cbc: CBC, sugar_anaemia: SUGAR_ANAEMIA } as const;
export type ChatReportName = keyof typeof CHAT_REPORTS;
