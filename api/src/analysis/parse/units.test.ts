import { describe, expect, it } from 'vitest';
import { canonicalUnit, glueUnits, isUnitToken, unitFactor } from './units';

describe('units', () => {
  it('treats spellings of one unit as equal', () => {
    expect(canonicalUnit('gm%')).toBe(canonicalUnit('g/dL'));
    expect(canonicalUnit('gm/dl')).toBe(canonicalUnit('g/dL'));
    expect(canonicalUnit('IU/L')).toBe(canonicalUnit('U/L'));
    expect(canonicalUnit('mEq/L')).toBe(canonicalUnit('mmol/L'));
    expect(canonicalUnit('µIU/mL')).toBe(canonicalUnit('mIU/L'));
    expect(canonicalUnit('cells/µL')).toBe(canonicalUnit('/cumm'));
    expect(canonicalUnit('x10³/µL')).toBe(canonicalUnit('10^3/µL'));
    expect(canonicalUnit('mill/cumm')).toBe(canonicalUnit('10^6/µL'));
  });

  it('converts cell counts by their multipliers', () => {
    expect(unitFactor('lakhs/cumm', '/cumm')).toBe(100000);
    expect(unitFactor('Lakh/cmm', '/cumm')).toBe(100000);
    expect(unitFactor('10^3/µL', '/cumm')).toBe(1000);
    expect(unitFactor('10^9/L', '/cumm')).toBe(1000);
    expect(unitFactor('million/cumm', '10^6/µL')).toBe(1);
    expect(unitFactor('mg/dL', 'mmol/L')).toBeNull();
    expect(unitFactor('mmol/L', 'mg/dL', { 'mmol/L': 18 })).toBe(18);
  });

  it('recognises unit tokens and not ranges or words', () => {
    for (const u of [
      'g/dL',
      '%',
      'fL',
      'pg',
      '/cumm',
      '10^3/µL',
      'mL/min/1.73m2',
      'Ratio',
      '/HPF',
      'mIU/L',
    ]) {
      expect(isUnitToken(u)).toBe(true);
    }
    for (const t of ['13-17', 'Nil', 'Negative', 'Hexokinase', '4.5']) expect(isUnitToken(t)).toBe(false);
  });

  it('glues multi-word units so a line splits into the right cells', () => {
    expect(glueUnits('eGFR   88   mL/min/1.73 m2   > 90')).toContain('mL/min/1.73m2');
    expect(glueUnits('ESR  24  mm/1 hour')).toContain('mm/1_hour');
  });
});
