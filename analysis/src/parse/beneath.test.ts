import { describe, expect, it } from 'vitest';
import { scanRows } from './lab-lines';

const rowsOf = (text: string) =>
  scanRows(text.split('\n'), { fuzzy: false }).rows.map((r) => [
    r.analyte.id,
    r.value.value,
    r.unit,
    r.rangeText,
  ]);

describe('results found from their test names', () => {
  it('pairs each value with the name above it when names run across the top of a grid', () => {
    const text = [
      'THYROID PROFILE & ELECTROLYTES',
      'T3          T4          TSH         Sodium      Potassium',
      '1.10        7.9         16.0        139         7.1',
      'ng/mL       ug/dL       uIU/mL      mmol/L      mmol/L',
      '0.8-2.0     5.1-14.1    0.27-4.2    135-145     3.5-5.1',
    ].join('\n');
    expect(rowsOf(text)).toEqual([
      ['t3', 1.1, 'ng/mL', '0.8-2.0'],
      ['t4', 7.9, 'ug/dL', '5.1-14.1'],
      ['tsh', 16, 'uIU/mL', '0.27-4.2'],
      ['sodium', 139, 'mmol/L', '135-145'],
      ['potassium', 7.1, 'mmol/L', '3.5-5.1'],
    ]);
  });

  it('reads no grid whose values cannot be placed one to one under the names', () => {
    const text = ['TSH          Sodium', '16.0   4.2   139'].join('\n');
    expect(rowsOf(text).filter((r) => r[0] === 'tsh' && r[1] === 4.2)).toEqual([]);
  });

  it('reads a result printed on the line under its test name', () => {
    const text = [
      'TEST NAME                      TECHNOLOGY        VALUE     UNITS',
      'HbA1c',
      '                               H.P.L.C           7.7       %',
      'Reference Range :',
      'Below 5.7%        : Normal',
    ].join('\n');
    expect(rowsOf(text).map((r) => r.slice(0, 3))).toEqual([['hba1c', 7.7, '%']]);
  });

  it('reads a message line: name, result, unit, range in brackets, a critical mark', () => {
    const text = 'K 7.14 mEq/L (3.50-5.50) CRITICAL HIGH\nNa 128 mEq/L (135-145) LOW';
    expect(rowsOf(text).map((r) => r.slice(0, 2))).toEqual([
      ['potassium', 7.14],
      ['sodium', 128],
    ]);
  });
});

describe('results sent as records and phrases', () => {
  it('reads an HL7 OBX segment and a JSON line by their result fields, never a code or set id', () => {
    const text = [
      'OBX|1|NM|718-7^Haemoglobin^LN||9.8|g/dL|13.0-17.0|L|||F',
      '{"code":"T0102","test":"Serum Potassium","result":"6.9","unit":"mmol/L","range":"3.5 - 5.1"}',
    ].join('\n');
    expect(rowsOf(text)).toEqual([
      ['hemoglobin', 9.8, 'g/dL', '13.0-17.0'],
      ['potassium', 6.9, 'mmol/L', '3.5 - 5.1'],
    ]);
  });

  it('reads several results on one line, a sentence, and a test code before the name', () => {
    const text = [
      'Haemoglobin 9.8 g/dL; Serum Potassium 6.9 mmol/L',
      'Your TSH is 16.0 uIU/mL (normal range 0.27 - 4.2).',
      'T0101    Serum Creatinine    0.9    mg/dL    0.7 - 1.3',
    ].join('\n');
    expect(rowsOf(text).map((r) => r.slice(0, 2))).toEqual([
      ['hemoglobin', 9.8],
      ['potassium', 6.9],
      ['tsh', 16],
      ['creatinine', 0.9],
    ]);
  });
});
