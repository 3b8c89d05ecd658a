import { describe, expect, it } from 'vitest';
import {
  alignColumns,
  bandOf,
  columnOf,
  headerRole,
  readColumns,
  readTables,
  type Column,
  type TableRead,
} from './tables';
import { textTokens } from './tokens';

/** The pieces handed over: a row as 'role=text' cells joined by ' | ', a line left as printed. */
const handed = (t: TableRead) =>
  t.pieces.map((p) =>
    'row' in p
      ? p.row.cells.map((c) => `${c.role}=${c.text}`).join(' | ')
      : p.text.replace(/\s+/g, ' ').trim(),
  );
const rowLines = (t: TableRead) => t.pieces.flatMap((p) => ('row' in p ? [p.row.lines] : []));

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
  it('hands the earlier result over as such, drops the method, and joins wrapped names within their column', () => {
    const lines = [
      'Investigation        Method       Previous (12/08/2024)   Result (03/02/2025)   Unit    Reference Interval   Status',
      'Serum                Enzymatic    119                     251                   mg/dL   < 150                High',
      'Triglycerides        (GPO-PAP)',
      'Urine pH             Reflectance  6.0                     5.5                           4.6 - 8.0            Normal',
    ];
    const t = readTables(lines);
    expect(handed(t)).toEqual([
      'name=Serum Triglycerides | result=251 | previous=119 | flag=High | unit=mg/dL | range=< 150',
      'name=Urine pH | result=5.5 | previous=6.0 | range=4.6 - 8.0',
    ]);
    expect(rowLines(t)).toEqual([[1, 2], [3]]);
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
    expect(handed(t)).toEqual([
      'name=RBC Count | result=3.9 | unit=mill/µL | range=4.5 - 5.9',
      'name=Potassium | result=6.8 | unit=mmol/L | range=3.5 - 5.1',
    ]);
    expect([...t.furniture].sort()).toEqual([0, 1, 2, 5]);
  });

  it('splits tables side by side and reads each', () => {
    const lines = [
      'Test         Result  Unit    Range        Test        Result  Unit     Range',
      'Haemoglobin  9.8     g/dL    13.0 - 17.0  Sodium      128     mmol/L   136 - 145',
    ];
    const t = readTables(lines);
    expect(handed(t)).toEqual([
      'name=Haemoglobin | result=9.8 | unit=g/dL | range=13.0 - 17.0',
      'name=Sodium | result=128 | unit=mmol/L | range=136 - 145',
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
    const t = handed(readTables(lines));
    expect(t).toContain('URINE ROUTINE EXAMINATION');
    expect(t).toContain('name=Serum Calcium | result=10.1 | unit=mg/dL | range=8.5 - 10.5');
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
    expect(handed(t)).toEqual([
      'name=Haemoglobin (Hb) | result=9.8 | unit=g/dL | range=13.0 - 17.0',
      'name=Potassium | unit=mmol/L | range=3.5 - 5.1',
      'name=Sodium | result=128 | unit=mmol/L | range=136 - 145',
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
    expect(handed(t)).toEqual([
      'name=Glycated Haemoglobin (HbA1c) | result=6.8 | unit=% | range=4.0 - 5.6',
      'name=Bilirubin Direct | result=0.23 | unit=mg/dL | range=Up to 0.30',
      'name=Indirect Bilirubin | result=0.76 | unit=mg/dL | range=0.20 - 0.80',
      'name=Haemoglobin | result=13.1 | unit=g/dL | range=13.0 - 17.0',
      'LIPID PROFILE',
      'name=Total Cholesterol | result=180 | unit=mg/dL | range=< 200',
    ]);
    expect(rowLines(t)).toEqual([[1, 2], [3, 4], [5, 6], [7], [9]]);
  });

  it('reads a plain table too, and leaves lines outside tables as printed', () => {
    const lines = ['Hb : 9.8 g/dL (13 - 17)', 'Test   Result   Unit   Range', 'Hb   9.8   g/dL   13 - 17'];
    const t = readTables(lines);
    expect(handed(t)).toEqual([
      'Hb : 9.8 g/dL (13 - 17)',
      'name=Hb | result=9.8 | unit=g/dL | range=13 - 17',
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

describe('rows handed over with their cells’ roles', () => {
  it('reads twin column groups as two tables side by side, the second with the name of the first', () => {
    const lines = [
      'Test              Result    Unit       Ref. Range     Absolute   Unit        Ref. Range',
      'Neutrophils       72        %          40 - 80        6.1        10^3/µL     2.0 - 7.0',
      'Total Leucocyte Count  8.5  10^3/µL    4.0 - 10.0',
      'VITAMINS',
      'Vitamin D         8.2       ng/mL      Deficient: <10  Insufficient: 10 - 30',
    ];
    const t = readTables(lines);
    expect(handed(t)).toEqual([
      'name=Neutrophils | result=72 | unit=% | range=40 - 80',
      'name=Neutrophils | result=6.1 | unit=10^3/µL | range=2.0 - 7.0',
      'name=Total Leucocyte Count | result=8.5 | unit=10^3/µL | range=4.0 - 10.0',
      // A heading of its own ends a table with twin groups: the next line is no row of it.
      'VITAMINS',
      'Vitamin D 8.2 ng/mL Deficient: <10 Insufficient: 10 - 30',
    ]);
  });

  it('reads a table on a photo’s word boxes, cells a few characters off their headers', () => {
    const lines = ['Test Name   Result   Unit   Range', 'Potassium   6.8   mmol/L   3.5 - 5.1'];
    const boxes = [
      [
        { text: 'Test Name', x0: 2, x1: 11 },
        { text: 'Result', x0: 22, x1: 28 },
        { text: 'Unit', x0: 33, x1: 37 },
        { text: 'Range', x0: 44, x1: 49 },
      ],
      [
        { text: 'Potassium', x0: 1, x1: 10 },
        { text: '6.8', x0: 24, x1: 27 },
        { text: 'mmol/L', x0: 31, x1: 37 },
        { text: '3.5 - 5.1', x0: 41, x1: 50 },
      ],
    ];
    const t = readTables(lines, boxes, { photo: true });
    expect(handed(t)).toEqual(['name=Potassium | result=6.8 | unit=mmol/L | range=3.5 - 5.1']);
    expect(rowLines(t)).toEqual([[1]]);
  });

  it('reads a PDF’s pipe table by its fields (its text layer prints the rules as text)', () => {
    const lines = [
      '| Parameter      | Value | Units  | Normal Range |',
      '| Potassium      | 6.8   | mmol/L | 3.5 - 5.1    |',
      '| Parameter                  | Value | Units | Normal Range |',
      '| Sodium                     | 128   | mmol/L | 136 - 145   |',
    ];
    // Text items as a PDF gives them: rules glued to the words beside them.
    const items = lines.map((l) => [{ text: l.trim(), x0: 0, x1: l.trim().length }]);
    const t = readTables(lines, items);
    expect(handed(t)).toEqual([
      'name=Potassium | result=6.8 | unit=mmol/L | range=3.5 - 5.1',
      'name=Sodium | result=128 | unit=mmol/L | range=136 - 145',
    ]);
    // The second header starts a table of its own (its fields name the columns), never a row.
    expect([...t.furniture].sort()).toEqual([0, 2]);
  });
});

describe('a range beside its result', () => {
  it('gives the range a labelled range cell that word boxes put in the result column', () => {
    const lines = ['Test   Range   Result   Unit', 'Total Cholesterol   High: >= 240   140   mg/dL'];
    const boxes = [
      [
        { text: 'Test', x0: 0, x1: 4 },
        { text: 'Range', x0: 20, x1: 25 },
        { text: 'Result', x0: 40, x1: 46 },
        { text: 'Unit', x0: 50, x1: 54 },
      ],
      [
        { text: 'Total Cholesterol', x0: 0, x1: 17 },
        { text: 'High: >= 240', x0: 33, x1: 45 },
        { text: '140', x0: 41, x1: 44 },
        { text: 'mg/dL', x0: 50, x1: 55 },
      ],
    ];
    expect(handed(readTables(lines, boxes, { photo: true }))).toEqual([
      'name=Total Cholesterol | result=140 | unit=mg/dL | range=High: >= 240',
    ]);
  });
});

describe('a photo of a ragged table', () => {
  it('hands a row whose result sits under another column to the line reader as printed', () => {
    // A tab export printed as it is: a long name pushes its cells to the next tab stops.
    const lines = [
      'Test    Result  Unit    Reference Range         Flag',
      'UREA, SERUM     65      mg/dL   15-40   High',
      'PH      6.5             5.0-8.0',
    ];
    const boxes = [
      [
        { text: 'Test', x0: 0, x1: 4 },
        { text: 'Result', x0: 8, x1: 14 },
        { text: 'Unit', x0: 16, x1: 20 },
        { text: 'Reference Range', x0: 24, x1: 39 },
        { text: 'Flag', x0: 48, x1: 52 },
      ],
      [
        { text: 'UREA, SERUM', x0: 0, x1: 11 },
        { text: '65', x0: 16, x1: 18 },
        { text: 'mg/dL', x0: 24, x1: 29 },
        { text: '15-40', x0: 32, x1: 37 },
        { text: 'High', x0: 40, x1: 44 },
      ],
      [
        { text: 'PH', x0: 0, x1: 2 },
        { text: '6.5', x0: 8, x1: 11 },
        { text: '5.0-8.0', x0: 24, x1: 31 },
      ],
    ];
    expect(handed(readTables(lines, boxes, { photo: true }))).toEqual([
      'UREA, SERUM 65 mg/dL 15-40 High',
      'name=PH | result=6.5 | range=5.0-8.0',
    ]);
  });
});

describe('a photo of a semicolon export', () => {
  it("splits a row at what OCR made of its semicolons ('15.g/dL', '6:%') when that gives the header's fields", () => {
    const lines = [
      'Test Name;Result;Unit;Reference Range;Flag',
      'Haemoglobin (Hb);15.g/dL;11.5-16.0;',
      'Monocytes;6:%;1-8;',
      'Creatinine;1.2;mg/dL;M: 0.70-1.30;',
    ];
    expect(handed(readTables(lines, undefined, { photo: true }))).toEqual([
      'name=Haemoglobin (Hb) | result=15 | unit=g/dL | range=11.5-16.0',
      'name=Monocytes | result=6 | unit=% | range=1-8',
      'name=Creatinine | result=1.2 | unit=mg/dL | range=M: 0.70-1.30',
    ]);
  });
});
