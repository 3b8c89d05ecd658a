import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Fixture, Truth, TruthTest } from '../eval/fixtures';
import { renderShape, SHAPES } from '../eval/layouts';
import { linesToImage, linesToPdf } from '../eval/render';

/**
 * Synthetic lab reports kept in the repository, for the tests: every value below is made up (no
 * patient's data). Each sample is a ground truth; its documents are printed by the evaluation's
 * own generators (eval/layouts.ts for the text, eval/render.ts for PDFs and images), so the tests
 * need nothing beside the repository. The development corpus beside the repository stays for the
 * evaluation scripts (`npm run eval:analysis`).
 */
type Row = [
  name: string,
  canonical: string,
  value: number | string,
  unit: string,
  low: number | null,
  high: number | null,
  range: string,
  flag: string,
];

function truth(file: string, patient: { age: number; sex: 'male' | 'female' }, rows: Row[]): Fixture {
  const tests: TruthTest[] = rows.map(([name, canonical, value, unit, low, high, range, flag]) => ({
    name_as_printed: name,
    canonical,
    value,
    unit_as_printed: unit,
    ref_low: low,
    ref_high: high,
    ref_text: range,
    flag_expected: flag,
  }));
  const t: Truth = {
    file,
    format: 'txt',
    report_type: 'blood_test',
    document_kind: 'lab_report',
    lab_values_expected: true,
    tests,
    impressions: [],
    patient,
  };
  return { file, rel: file, path: file, truth: t };
}

export const SAMPLES = {
  /** Thyroid profile: FT4 low, TSH high. */
  thyroid: truth('thyroid.txt', { age: 46, sex: 'female' }, [
    ['FT3', 'free_t3', 3.12, 'pg/mL', 2.3, 4.2, '2.3 - 4.2', 'normal'],
    ['FT4', 'free_t4', 0.47, 'ng/dL', 0.93, 1.7, '0.93 - 1.70', 'low'],
    ['TSH (Ultrasensitive)', 'tsh', 12.6, 'mIU/L', 0.4, 4, '0.4 - 4.0', 'high'],
  ]),
  /** Sugar (fasting glucose, HbA1c, eAG), liver tests with AST and ALT high, and TSH. */
  sugar: truth('sugar.txt', { age: 50, sex: 'male' }, [
    ['Glucose - Fasting', 'glucose_fasting', 131, 'mg/dL', 70, 100, '70 - 100', 'high'],
    ['HbA1c', 'hba1c', 7.2, '%', 4, 5.6, '4.0 - 5.6', 'high'],
    ['eAG', 'estimated_average_glucose', 159.9, 'mg/dL', 90, 120, '90.0 - 120.0', 'high'],
    ['Bilirubin - Total', 'bilirubin_total', 0.84, 'mg/dL', 0.2, 1.2, '0.20 - 1.20', 'normal'],
    ['SGOT (AST)', 'ast', 97, 'U/L', 15, 37, '15 - 37', 'high'],
    ['ALT (SGPT)', 'alt', 58.3, 'U/L', 5, 40, '5.0 - 40.0', 'high'],
    ['ALP', 'alkaline_phosphatase', 88, 'U/L', 40, 129, '40 - 129', 'normal'],
    ['TSH', 'tsh', 2.71, 'mIU/L', 0.27, 4.2, '0.27 - 4.20', 'normal'],
  ]),
  /** Blood count with low haemoglobin, and a lipid profile with LDL high. */
  bloodCount: truth('blood-count.txt', { age: 38, sex: 'male' }, [
    ['Haemoglobin', 'hemoglobin', 11.1, 'g/dL', 13.5, 18, '13.5-18.0', 'low'],
    ['RBC Count', 'rbc_count', 4.9, 'million/cumm', 4.5, 5.9, '4.5-5.9', 'normal'],
    ['PCV', 'hematocrit', 36.4, '%', 40, 52, '40-52', 'low'],
    ['MCV', 'mcv', 74.3, 'fL', 80, 100, '80-100', 'low'],
    ['Total Leucocyte Count', 'wbc_count', 7.2, '10^3/µL', 4, 10, '4.0-10.0', 'normal'],
    ['Total Cholesterol', 'total_cholesterol', 236, 'mg/dL', null, 200, '< 200', 'high'],
    ['Triglycerides', 'triglycerides', 182, 'mg/dL', null, 150, '< 150', 'high'],
    ['HDL Cholesterol', 'hdl_cholesterol', 38, 'mg/dL', 40, 60, '40-60', 'low'],
    ['LDL Cholesterol', 'ldl_cholesterol', 161.6, 'mg/dL', null, 100, '< 100', 'high'],
  ]),
  /** Kidney function with a critical potassium. */
  kidney: truth('kidney.txt', { age: 57, sex: 'male' }, [
    ['Urea, Serum', 'urea', 71, 'mg/dL', 15, 40, '15-40', 'high'],
    ['Creatinine', 'creatinine', 3.42, 'mg/dL', 0.7, 1.3, '0.70-1.30', 'high'],
    ['Sodium', 'sodium', 138.4, 'mmol/L', 136, 146, '136.0-146.0', 'normal'],
    ['Potassium', 'potassium', 7.06, 'mmol/L', 3.5, 5, '3.50-5.00', 'critical_high'],
    ['Chloride', 'chloride', 101.2, 'mmol/L', 98, 107, '98.0-107.0', 'normal'],
    ['Calcium', 'calcium', 9.3, 'mg/dL', 8.5, 10.5, '8.5-10.5', 'normal'],
  ]),
  /** Vitamins: D low, B12 in range. */
  vitamins: truth('vitamins.txt', { age: 47, sex: 'female' }, [
    ['25(OH) Vitamin D', 'vitamin_d', 14.2, 'ng/mL', 30, 100, '30.0 - 100.0', 'low'],
    ['Vitamin B12', 'vitamin_b12', 268, 'pg/mL', 197, 771, '197.0 - 771.0', 'normal'],
  ]),
} satisfies Record<string, Fixture>;

export type SampleId = keyof typeof SAMPLES;

/** The sample printed as a lab's text export (the first generated layout: result, unit, range). */
export function sampleLines(id: SampleId): string[] {
  return renderShape(SAMPLES[id], SHAPES[0], 0);
}

export function sampleText(id: SampleId): Buffer {
  return Buffer.from(sampleLines(id).join('\n') + '\n');
}

/** The same report as a PDF with a text layer. */
export function samplePdf(id: SampleId): Buffer {
  return linesToPdf(sampleLines(id));
}

/** The same report as a clean PNG render (read through OCR). */
export function samplePng(id: SampleId): Promise<Buffer> {
  return linesToImage(sampleLines(id), 'clean');
}

/** A chest X-ray report: no values, two impressions. */
export const XRAY_TEXT = `SAMPLE IMAGING CENTRE
Patient : Mr. Test Patient          Age/Sex : 52 Yrs / Male
Ref. By : Dr. Sample                Date    : 01/01/2025

                       X-RAY CHEST PA VIEW

FINDINGS:
Patchy opacity is seen in the left lower zone.
Right lung field is clear. Both costophrenic angles are clear.
Cardiac silhouette is enlarged; cardiothoracic ratio is about 0.55.
Trachea is central. Bony thorax is unremarkable.

IMPRESSION:
  1. Left lower zone consolidation, likely infective.
  2. Mild cardiomegaly.

Clinical correlation is suggested.
`;

/** Writes files to a new temporary folder and answers each one's path, for tools that read paths. */
export function writeTemp(files: Record<string, Buffer | string>): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reportsaathi-sample-'));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      return [name, file];
    }),
  );
}
