import { describe, expect, it } from 'vitest';
import { alignColumns, bandOf, columnOf, headerRole, readColumns, readTables, type Column } from './tables';
import { textTokens } from './tokens';

const roles = (line: string) => readColumns(textTokens(line))?.map((c) => c.role) ?? null;

describe('column roles from header words', () => {
  it('names every column of a cumulative report; an earlier date is never the result', () => {
    expect(
      roles(
        'Investigation   Method   Previous (12/08/2024)   Result (03/02/2025)   Unit   Reference Interval   Status',
      ),
    ).toEqual(['name', 'method', 'previous', 'result', 'unit', 'range', 'flag']);
  });

  it('gives dated columns their roles by date, newest the result, wherever it stands', () => {
    expect(roles('Test   Units   03-Feb-2025   11-Sep-2024   Ref. Range')).toEqual([
      'name',
      'unit',
      'result',
      'previous',
      'range',
    ]);
    expect(roles('Test   Units   11/09/2024   03/02/2025   Ref. Range')).toEqual([
      'name',
      'unit',
      'previous',
      'result',
      'range',
    ]);
  });

  it('knows serial numbers, specimens, remarks and last results', () => {
    expect(roles('S.No.   Test   Specimen   Result   Last Result   Unit   Range   Remarks')).toEqual([
      'sno',
      'name',
      'specimen',
      'result',
      'previous',
      'unit',
      'range',
      'remark',
    ]);
    expect(headerRole('Bio. Ret. Interval').role).toBe('range');
  });

  it('is no header without a result column or with several unknown words', () => {
    expect(roles('Patient Name   Age   Sex')).toBeNull();
    expect(roles('Test   Result   Foo   Bar   Unit')).toBeNull();
  });
});

describe('column bands', () => {
  const cols: Column[] = [
    { role: 'name', x0: 20, x1: 31, header: 'TEST NAME' },
    { role: 'result', x0: 48, x1: 56, header: 'RESULT' },
    { role: 'unit', x0: 65, x1: 70, header: 'UNITS' },
    { role: 'range', x0: 84, x1: 100, header: 'NORMAL RANGE' },
    { role: 'method', x0: 116, x1: 125, header: 'METHOD' },
  ];
  it('places cells under headers centred over their columns', () => {
    const at = (text: string, x0: number) => cols[columnOf(cols, { text, x0, x1: x0 + text.length })].role;
    expect(at('VITAMIN D (25-OH)', 7)).toBe('name');
    expect(at('39.1', 46)).toBe('result');
    expect(at('ng/mL', 61)).toBe('unit');
    expect(at('Deficiency: Less than 20,', 76)).toBe('range');
    expect(at('CLIA', 109)).toBe('method');
  });
});

describe('the table reader', () => {
  it('drops the previous and method columns and joins wrapped names within their column', () => {
    const lines = [
      'Investigation        Method       Previous (12/08/2024)   Result (03/02/2025)   Unit    Reference Interval   Status',
      'Serum                Enzymatic    119                     251                   mg/dL   < 150                High',
      'Triglycerides        (GPO-PAP)',
      'Urine pH             Reflectance  6.0                     5.5                           4.6 - 8.0            Normal',
    ];
    const t = readTables(lines);
    expect(t.lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'Test Result Flag Unit Reference Range',
      'Serum Triglycerides 251 High mg/dL < 150',
      'Urine pH 5.5 4.6 - 8.0',
    ]);
    expect(t.origin).toEqual([[], [1, 2], [3]]);
    expect(t.furniture.has(0)).toBe(true);
  });

  it('reads a box-drawn table and counts its rules as furniture', () => {
    const lines = [
      '┌───────────┬────────┬────────┬───────────┐',
      '│ Test Name │ Result │ Unit   │ Range     │',
      '├───────────┼────────┼────────┼───────────┤',
      '│ RBC Count │ 3.9    │ mill/µL│ 4.5 - 5.9 │',
      '│ Potassium │ 6.8    │ mmol/L │ 3.5 - 5.1 │',
      '└───────────┴────────┴────────┴───────────┘',
    ];
    const t = readTables(lines);
    expect(t.lines.slice(1).map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'RBC Count 3.9 mill/µL 4.5 - 5.9',
      'Potassium 6.8 mmol/L 3.5 - 5.1',
    ]);
    expect([...t.furniture].sort()).toEqual([0, 1, 2, 5]);
  });

  it('splits tables side by side and reads each', () => {
    const lines = [
      'Test        Result  Unit    Range        Test        Result  Unit     Range',
      'Haemoglobin 9.8     g/dL    13.0 - 17.0  Sodium      128     mmol/L   136 - 145',
    ];
    const t = readTables(lines);
    expect(t.lines.slice(1).map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'Haemoglobin 9.8 g/dL 13.0 - 17.0',
      'Sodium 128 mmol/L 136 - 145',
    ]);
  });

  it('takes the line right before the next header as its heading, not a wrap of the last row', () => {
    const head = 'Test Name        Method        Result   Unit     Range';
    const lines = [
      head,
      'Serum Calcium    Arsenazo      10.1     mg/dL    8.5 - 10.5',
      'URINE ROUTINE EXAMINATION',
      head,
      'R.B.C.           Microscopy    Nil      /HPF     0 - 2',
    ];
    const t = readTables(lines).lines.map((l) => l.replace(/\s+/g, ' ').trim());
    expect(t).toContain('URINE ROUTINE EXAMINATION');
    expect(t).toContain('Serum Calcium 10.1 mg/dL 8.5 - 10.5');
  });

  it('reads rows with drawn separators by field order, however their cells are padded', () => {
    const lines = [
      '| Test | Result | Unit | Reference Range |',
      '|:-----|-------:|------|-----------------|',
      '| Haemoglobin (Hb) |                 **9.8** | g/dL | 13.0 - 17.0 |',
      '| Potassium |  | mmol/L | 3.5 - 5.1 |',
      '| Sodium | 128 |mmol/L| 136 - 145 |',
    ];
    const t = readTables(lines);
    expect(t.lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'Test Result Flag Unit Reference Range',
      'Haemoglobin (Hb) 9.8 g/dL 13.0 - 17.0',
      'Potassium mmol/L 3.5 - 5.1',
      'Sodium 128 mmol/L 136 - 145',
    ]);
    expect([...t.furniture].sort()).toEqual([0, 1]);
  });

  it('joins a name whose first line is printed above the line of its result', () => {
    const lines = [
      'Test Description            Result   Units    Reference Interval',
      'Glycated',
      'Haemoglobin (HbA1c)         6.8      %        4.0 - 5.6',
      'Bilirubin',
      'Direct                      0.23     mg/dL    Up to 0.30',
      'Indirect',
      'Bilirubin                   0.76     mg/dL    0.20 - 0.80',
      'Haemoglobin                 13.1     g/dL     13.0 - 17.0',
      'LIPID PROFILE',
      'Total Cholesterol           180      mg/dL    < 200',
    ];
    const t = readTables(lines);
    expect(t.lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'Test Result Flag Unit Reference Range',
      'Glycated Haemoglobin (HbA1c) 6.8 % 4.0 - 5.6',
      'Bilirubin Direct 0.23 mg/dL Up to 0.30',
      'Indirect Bilirubin 0.76 mg/dL 0.20 - 0.80',
      'Haemoglobin 13.1 g/dL 13.0 - 17.0',
      'LIPID PROFILE',
      'Total Cholesterol 180 mg/dL < 200',
    ]);
    expect(t.origin.slice(1, 6)).toEqual([[1, 2], [3, 4], [5, 6], [7], [8]]);
  });

  it('reads a plain table too, and leaves lines outside tables as printed', () => {
    const lines = ['Hb : 9.8 g/dL (13 - 17)', 'Test   Result   Unit   Range', 'Hb   9.8   g/dL   13 - 17'];
    const t = readTables(lines);
    expect(t.lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'Hb : 9.8 g/dL (13 - 17)',
      'Test Result Flag Unit Reference Range',
      'Hb 9.8 g/dL 13 - 17',
    ]);
  });
});

describe('bands aligned to the cells below', () => {
  const header: Column[] = [
    { role: 'name', x0: 20, x1: 31, header: 'TEST NAME' },
    { role: 'result', x0: 48, x1: 56, header: 'RESULT' },
    { role: 'unit', x0: 65, x1: 70, header: 'UNITS' },
    { role: 'range', x0: 84, x1: 100, header: 'NORMAL RANGE' },
  ];
  const row = (...cells: Array<[string, number]>) =>
    cells.map(([text, x0]) => ({ text, x0, x1: x0 + text.length }));
  it('moves a centred header to where the cells of full rows start', () => {
    const aligned = alignColumns(header, [
      row(['Haemoglobin', 7], ['9.8', 46], ['g/dL', 61], ['13 - 17', 76]),
      row(['Sodium', 7], ['140', 46], ['mmol/L', 61], ['136 - 145', 76]),
      row(['Potassium', 7]),
    ]);
    expect(aligned.map((c) => c.x0)).toEqual([7, 46, 61, 76]);
    // A short range cell is in the range column, not the unit one its centre is nearer.
    expect(aligned[bandOf(aligned, { text: '3.5-5.0', x0: 76, x1: 83 })].role).toBe('range');
  });

  it('on a photo, takes the column starting nearest a cell a few characters off', () => {
    const cols: Column[] = [
      { role: 'name', x0: 8, x1: 17, header: 'PARAMETER' },
      { role: 'result', x0: 38, x1: 43, header: 'VALUE' },
      { role: 'unit', x0: 48, x1: 53, header: 'UNITS' },
    ];
    expect(cols[bandOf(cols, { text: '22', x0: 34, x1: 36 }, true)].role).toBe('result');
    expect(cols[bandOf(cols, { text: 'mmol/L', x0: 45, x1: 51 }, true)].role).toBe('unit');
    expect(cols[bandOf(cols, { text: '22', x0: 34, x1: 36 })].role).toBe('name');
  });
});
