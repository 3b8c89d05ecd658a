import { describe, expect, it } from 'vitest';
import { checkRelation } from '../interpret/cross-check';
import { getAnalyte } from './index';
import { ckdEpi2021, RELATIONS, type Values } from './relations';

const adult = { age: 45, sex: 'male' as const };

/**
 * One relation at a time: a set of results as a lab prints them (rounded), which must hold, and
 * the same set with one value misread the way OCR misreads it, which must fail.
 */
const CASES: Record<string, { printed: Values; half: Values; misread: [string, number] }> = {
  mcv: {
    printed: { mcv: 87.8, hematocrit: 40.5, rbc_count: 4.61 },
    half: { mcv: 0.05, hematocrit: 0.05, rbc_count: 0.005 },
    misread: ['hematocrit', 140.5],
  },
  mch: {
    printed: { mch: 29.1, hemoglobin: 13.4, rbc_count: 4.61 },
    half: { mch: 0.05, hemoglobin: 0.05, rbc_count: 0.005 },
    misread: ['hemoglobin', 3.4],
  },
  // The scanned CBC: 6.7 ÷ 20.4 = 33 g/dL; read as 16.7 it would be 82.
  mchc: {
    printed: { mchc: 33, hemoglobin: 6.7, hematocrit: 20.4 },
    half: { mchc: 0.5, hemoglobin: 0.05, hematocrit: 0.05 },
    misread: ['hemoglobin', 16.7],
  },
  differential: {
    printed: { neutrophils: 60, lymphocytes: 30, monocytes: 7, eosinophils: 2, basophils: 1 },
    half: { neutrophils: 0.5, lymphocytes: 0.5, monocytes: 0.5, eosinophils: 0.5, basophils: 0.5 },
    misread: ['monocytes', 17],
  },
  absolute_neutrophil_count: {
    printed: { absolute_neutrophil_count: 4560, neutrophils: 60, wbc_count: 7600 },
    half: { absolute_neutrophil_count: 5, neutrophils: 0.5, wbc_count: 50 },
    misread: ['absolute_neutrophil_count', 14560],
  },
  absolute_lymphocyte_count: {
    printed: { absolute_lymphocyte_count: 2280, lymphocytes: 30, wbc_count: 7600 },
    half: {},
    misread: ['lymphocytes', 3],
  },
  absolute_monocyte_count: {
    printed: { absolute_monocyte_count: 532, monocytes: 7, wbc_count: 7600 },
    half: {},
    misread: ['monocytes', 0.7],
  },
  absolute_eosinophil_count: {
    printed: { absolute_eosinophil_count: 152, eosinophils: 2, wbc_count: 7600 },
    half: {},
    misread: ['eosinophils', 12],
  },
  absolute_basophil_count: {
    printed: { absolute_basophil_count: 76, basophils: 1, wbc_count: 7600 },
    half: {},
    misread: ['wbc_count', 17600],
  },
  lipid_sum: {
    printed: {
      total_cholesterol: 189,
      hdl_cholesterol: 48,
      ldl_cholesterol: 116,
      vldl_cholesterol: 25,
      triglycerides: 127,
    },
    half: {
      total_cholesterol: 0.5,
      hdl_cholesterol: 0.5,
      ldl_cholesterol: 0.5,
      vldl_cholesterol: 0.5,
      triglycerides: 0.5,
    },
    misread: ['ldl_cholesterol', 16],
  },
  non_hdl: {
    printed: { non_hdl_cholesterol: 141, total_cholesterol: 189, hdl_cholesterol: 48 },
    half: {},
    misread: ['hdl_cholesterol', 18],
  },
  chol_hdl_ratio: {
    printed: { chol_hdl_ratio: 3.9, total_cholesterol: 189, hdl_cholesterol: 48 },
    half: { chol_hdl_ratio: 0.05 },
    misread: ['chol_hdl_ratio', 39],
  },
  ldl_hdl_ratio: {
    printed: { ldl_hdl_ratio: 2.4, ldl_cholesterol: 116, hdl_cholesterol: 48 },
    half: { ldl_hdl_ratio: 0.05 },
    misread: ['ldl_hdl_ratio', 12.4],
  },
  globulin: {
    printed: { globulin: 3.1, total_protein: 7.2, albumin: 4.1 },
    half: { globulin: 0.05, total_protein: 0.05, albumin: 0.05 },
    misread: ['albumin', 1.1],
  },
  ag_ratio: {
    printed: { ag_ratio: 1.32, albumin: 4.1, globulin: 3.1 },
    half: { ag_ratio: 0.005, albumin: 0.05, globulin: 0.05 },
    misread: ['ag_ratio', 13.2],
  },
  bilirubin_indirect: {
    printed: { bilirubin_indirect: 0.6, bilirubin_total: 0.8, bilirubin_direct: 0.2 },
    half: { bilirubin_indirect: 0.05, bilirubin_total: 0.05, bilirubin_direct: 0.05 },
    misread: ['bilirubin_total', 1.8],
  },
  bun: { printed: { urea: 26.5, bun: 12.4 }, half: { urea: 0.05, bun: 0.05 }, misread: ['urea', 126.5] },
  egfr: {
    printed: { egfr: 74, creatinine: 1.2 },
    half: { egfr: 0.5, creatinine: 0.05 },
    misread: ['creatinine', 12],
  },
  estimated_average_glucose: {
    printed: { estimated_average_glucose: 154, hba1c: 7 },
    half: { estimated_average_glucose: 0.5, hba1c: 0.05 },
    misread: ['hba1c', 17],
  },
};

describe('relations between results, one at a time', () => {
  it('has a case for every relation, over analytes the knowledge base knows', () => {
    expect(Object.keys(CASES).sort()).toEqual(RELATIONS.map((r) => r.id).sort());
    for (const rel of RELATIONS) {
      for (const id of [...rel.members, ...(rel.optional ?? [])])
        expect(getAnalyte(id), `${rel.id}: ${id}`).toBeDefined();
      expect(rel.source.length, rel.id).toBeGreaterThan(10);
    }
  });

  for (const rel of RELATIONS) {
    it(`${rel.id}: holds as printed, fails with one value misread`, () => {
      const c = CASES[rel.id];
      expect(checkRelation(rel, c.printed, c.half, adult)).toBe('holds');
      const [id, wrong] = c.misread;
      expect(checkRelation(rel, { ...c.printed, [id]: wrong }, c.half, adult)).toBe('fails');
    });
  }

  it('checks nothing when a member is missing or the relation does not apply', () => {
    const mchc = RELATIONS.find((r) => r.id === 'mchc')!;
    expect(checkRelation(mchc, { mchc: 33, hemoglobin: 6.7 }, {}, adult)).toBe('unknown');
    // A measured (direct) LDL: VLDL is not triglycerides ÷ 5, so the sum is not checked.
    const lipid = RELATIONS.find((r) => r.id === 'lipid_sum')!;
    expect(checkRelation(lipid, { ...CASES.lipid_sum.printed, triglycerides: 300 }, {}, adult)).toBe(
      'unknown',
    );
    // eGFR needs the patient's age and sex.
    const egfr = RELATIONS.find((r) => r.id === 'egfr')!;
    expect(checkRelation(egfr, CASES.egfr.printed, {}, { age: null, sex: null })).toBe('unknown');
  });

  it('computes CKD-EPI 2021 as published', () => {
    // Inker 2021: a 50-year-old man with creatinine 1.0 mg/dL has an eGFR of about 92.
    expect(Math.round(ckdEpi2021(1.0, 50, 'male'))).toBe(92);
    expect(Math.round(ckdEpi2021(0.7, 50, 'female'))).toBe(105);
  });
});
