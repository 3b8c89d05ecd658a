import { describe, expect, it } from 'vitest';
import { scanRows } from './lab-lines';
import { explanationLines, isCutOffText } from './regions';

const rowsOf = (text: string) =>
  scanRows(text.split('\n'), { fuzzy: false }).rows.map((r) => [r.analyte.id, r.value.value]);

describe('regions that hold no results', () => {
  it('never reads a cut-off table, a heading number, a footer or a status line as a result', () => {
    const text = [
      'Test Name                 Result     Unit      Bio. Ref. Interval',
      'HbA1c (Glycated Haemoglobin)   5.1   %     4.0 - 5.6',
      'VITAMIN D, 25 - HYDROXY',
      '  Vitamin D Total          147.99     nmol/L    75 - 250',
      'Interpretation (as per ADA guidelines)',
      'HbA1c                     >6.5       %         Diabetes',
      'HbA1c                     5.7 - 6.4  %         Prediabetes',
      'Fasting plasma glucose    126        mg/dL     Diabetes',
      'eGFR 90 or above normal',
      '',
      'Note: repeats are accepted on request of Referring Physician',
    ].join('\n');
    expect(rowsOf(text)).toEqual([
      ['hba1c', 5.1],
      ['vitamin_d', 147.99],
    ]);
  });

  it('reads the rows of the next table after an interpretation block', () => {
    const text = [
      'Comments:',
      'Desirable            < 200    mg/dL',
      'Borderline High      200 - 239',
      'LIPID PROFILE',
      'Test              Result    Unit     Reference Range',
      'Total Cholesterol   245     mg/dL    < 200',
    ].join('\n');
    expect(rowsOf(text)).toEqual([['total_cholesterol', 245]]);
  });

  it('a cut-off table row outside any heading is no result; a row with its range is', () => {
    expect(isCutOffText('>6.5  %  Diabetes')).toBe(true);
    expect(isCutOffText('101 - 125 mg/dL Impaired fasting glucose')).toBe(true);
    expect(isCutOffText('90 or above')).toBe(true);
    expect(isCutOffText('< 20 ng/mL Deficiency')).toBe(true);
    expect(isCutOffText('126 mg/dL 70 - 100')).toBe(false);
    expect(isCutOffText('7.14 mEq/L (3.50-5.50) CRITICAL HIGH')).toBe(false);
    expect(isCutOffText('13.5 g/dL')).toBe(false);
  });

  it('an explanation block runs until a results header, a section heading or two blank lines', () => {
    const lines = [
      'Haemoglobin   13.5   g/dL   13 - 17',
      'Interpretation:',
      'Stage 1   90 or above',
      'Stage 2   60 - 89',
      '',
      '',
      'Platelet Count   250   10^3/uL   150 - 410',
      'Note : Values rechecked',
      'Test   Result   Unit   Range',
      'Creatinine   1.1   mg/dL   0.7 - 1.3',
    ];
    expect([...explanationLines(lines)]).toEqual([1, 2, 3, 7]);
  });
});
