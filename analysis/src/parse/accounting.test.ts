import { describe, expect, it } from 'vitest';
import { accountLines, resultLooking } from './accounting';

describe('result-looking lines', () => {
  it('a known test with a value, or a value with a unit and a range', () => {
    expect(resultLooking('Potassium     6.8     mmol/L')).toBe('named test');
    expect(resultLooking('Xyzzy factor   12.5   mg/dL   10 - 20')).toBe('value with unit and range');
    expect(resultLooking('Patient Name : Mr. Test   Age : 45 Years')).toBeNull();
    expect(resultLooking('Sample collected at home')).toBeNull();
  });
});

describe('every line accounted for', () => {
  const lines = [
    'CITY LAB',
    'Age : 45 Years',
    'Haemoglobin   9.8   g/dL   13 - 17',
    'Potassium     6.8   mmol/L 3.5 - 5.1',
    'Interpretation:',
    'Haemoglobin   below 13 suggests anaemia   13 - 17',
  ];
  it('names result-looking lines no row came from, skipping notes and read tests', () => {
    const used = new Set([2]);
    expect(accountLines(lines, used, new Set(), new Set(['hemoglobin'])).unread).toEqual([
      'Potassium  6.8  mmol/L 3.5 - 5.1',
    ]);
    expect(
      accountLines(lines, new Set([2, 3]), new Set(), new Set(['hemoglobin', 'potassium'])).unread,
    ).toEqual([]);
  });
});

describe('a result glued to its name', () => {
  it('looks like a result whatever the spacing OCR gave it', () => {
    expect(resultLooking('URINE GLUCOSE Nil        Nil')).toBe('named test');
    expect(resultLooking('Serum Calcium 10.1')).toBe('named test');
    expect(resultLooking('Glucose Tolerance Test')).toBeNull();
  });
});

describe("a delimited export's line", () => {
  it('looks like a result with its semicolons, quotes or glued leader dots read as cell separators', () => {
    expect(resultLooking('Serum Potassium;6.9;mmol/L;3.5 - 5.1;High')).toBe('named test');
    expect(resultLooking('“Haemoglobin“,"9.8","g/dL","13.0 - 17.0","Low"')).toBe('named test');
    expect(resultLooking('R.B.C..Nil;/HPF.0 - 2;')).toBe('named test');
    expect(resultLooking('Test Name;Result;Unit;Reference Range;Flag')).toBeNull();
  });
});
