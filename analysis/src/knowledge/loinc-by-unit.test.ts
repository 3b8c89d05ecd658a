import { describe, expect, it } from 'vitest';
import { isSubstanceUnit, loincForUnit } from './loinc-by-unit';

describe('LOINC by the unit reported (decision 196)', () => {
  it('tells substance units from mass units', () => {
    for (const u of ['mmol/L', 'mmol/l', 'µmol/L', 'umol/L', 'μmol/L', 'nmol/L', 'mmol/mol'])
      expect(isSubstanceUnit(u), u).toBe(true);
    for (const u of ['mg/dL', 'g/dL', '%', 'mg/dl', 'mEq/L', 'IU/L', ''])
      expect(isSubstanceUnit(u), u).toBe(false);
  });

  it('codes fasting glucose in mmol/L as moles per volume, in mg/dL as mass', () => {
    expect(loincForUnit('glucose_fasting', '1558-6', 'mmol/L')).toBe('14771-0');
    expect(loincForUnit('glucose_fasting', '1558-6', 'mg/dL')).toBe('1558-6');
    expect(loincForUnit('creatinine', '2160-0', 'µmol/L')).toBe('14682-9');
    expect(loincForUnit('hba1c', '4548-4', 'mmol/mol')).toBe('59261-8');
    // A test with no substance code keeps its own.
    expect(loincForUnit('potassium', '2823-3', 'mmol/L')).toBe('2823-3');
  });
});
