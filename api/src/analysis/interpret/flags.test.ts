import { describe, expect, it } from 'vitest';
import { analyteById } from '../parse/match-analyte';
import { parseRange } from '../parse/ranges';
import type { Analyte, PatientInfo } from '../types';
import { judgeFlag } from './flags';

const male: PatientInfo = { age: 40, sex: 'male' };
const female: PatientInfo = { age: 40, sex: 'female' };

function analyte(id: string): Analyte {
  const a = analyteById(id);
  if (!a) throw new Error(`knowledge base has no ${id}`);
  return a;
}

function flag(
  id: string,
  value: number | string,
  unit: string,
  range: string,
  patient = male,
  qualifier: '<' | '>' | null = null,
) {
  return judgeFlag({
    analyte: analyte(id),
    value,
    qualifier,
    unit,
    range: parseRange(range, patient.sex),
    patient,
    printedFlag: null,
  });
}

describe('judgeFlag', () => {
  it('judges by the printed range', () => {
    expect(flag('hemoglobin', 12.5, 'g/dL', '13.0 - 17.0').flag).toBe('low');
    expect(flag('hemoglobin', 14, 'g/dL', '13.0 - 17.0')).toMatchObject({
      flag: 'normal',
      ref_source: 'report',
    });
    expect(flag('alt', 53.8, 'U/L', '5.0 - 40.0').flag).toBe('high');
  });

  it('uses the sex-specific range for the patient', () => {
    expect(flag('hemoglobin', 12.9, 'g/dL', 'Male : 13.0 - 18.0\nFemale : 11.5 - 16.0', male).flag).toBe(
      'low',
    );
    expect(flag('hemoglobin', 12.9, 'g/dL', 'Male : 13.0 - 18.0\nFemale : 11.5 - 16.0', female).flag).toBe(
      'normal',
    );
  });

  it('marks values beyond the critical limits, in any unit', () => {
    expect(flag('potassium', 7.06, 'mmol/L', '3.50-5.00').flag).toBe('critical_high');
    expect(flag('hemoglobin', 5.0, 'g/dL', '13.5 - 18.0').flag).toBe('critical_low');
    expect(flag('platelet_count', 12000, '/cumm', '1,50,000-4,10,000').flag).toBe('critical_low');
    expect(flag('platelet_count', 0.25, 'lakhs/cumm', '1.50 - 4.10').flag).toBe('critical_low');
    expect(flag('platelet_count', 0.45, 'lakhs/cumm', '1.50 - 4.10').flag).toBe('low');
    expect(flag('glucose_fasting', 32, 'mg/dL', '70-100').flag).toBe('critical_low');
  });

  it('compares censored values with the bound', () => {
    expect(flag('tsh', 0.01, 'µIU/mL', '0.27 - 4.20', male, '<').flag).toBe('low');
    expect(flag('vitamin_b12', 2000, 'pg/mL', '211 - 911', male, '>').flag).toBe('high');
  });

  it('falls back to the knowledge base when no range is printed', () => {
    const r = flag('hemoglobin', 10, 'g/dL', '');
    expect(r.ref_source).toBe('knowledge_base');
    expect(r.flag).toBe('low');
  });

  it('judges qualitative results against the printed normal answer', () => {
    expect(flag('urine_protein', 'Trace', '', 'Negative').flag).toBe('abnormal');
    expect(flag('urine_protein', 'Nil', '', 'Nil').flag).toBe('normal');
    expect(flag('urine_colour', 'Pale Yellow', '', 'Pale Yellow').flag).toBe('normal');
    expect(flag('urine_appearance', 'Slightly Turbid', '', 'Clear').flag).toBe('abnormal');
    expect(flag('urine_pus_cells', '0-1', '/hpf', '0 - 4').flag).toBe('normal');
    expect(flag('urine_pus_cells', '8-10', '/hpf', '0 - 4').flag).toBe('abnormal');
    expect(flag('urine_rbc', 'Nil', '/hpf', '0 - 2').flag).toBe('normal');
    expect(flag('urine_pus_cells', 'Plenty', 'cells/hpf', '0 - 4').flag).toBe('abnormal');
  });
});
