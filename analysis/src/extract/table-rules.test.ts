import { describe, expect, it } from 'vitest';
import { rulePlaces, withRuledCellsJoined, withRulesRead, type RuleWord } from './table-rules';

const CW = 10;
/** Words of one line at character columns: [text, column] pairs, line `row` (30 px apart). */
function line(row: number, ...cells: Array<[string, number]>): RuleWord[] {
  return cells.map(([text, col]) => ({
    text,
    bbox: {
      x0: col * CW,
      y0: row * 30,
      x1: col * CW + text.length * CW * (text === '|' ? 0.3 : 1),
      y1: row * 30 + 20,
    },
  }));
}
const texts = (lines: RuleWord[][]) => lines.map((l) => l.map((w) => w.text).join(' '));

// A boxed table: rules at columns 0, 20 and 30.
const boxed = [
  line(0, ['|', 0], ['Haemoglobin', 2], ['|', 20], ['13.2', 22], ['|', 30]),
  line(1, ['|', 0], ['WBC', 2], ['|', 20], ['7800', 22], ['|', 30]),
  line(2, ['|', 0], ['Platelets', 2], ['|', 20], ['2.5', 22], ['|', 30]),
];

describe('rulePlaces', () => {
  it('finds a rule where three lines read one, with the lines it spans', () => {
    const places = rulePlaces(boxed, CW);
    expect(places.map((p) => Math.round(p.x / CW))).toEqual([0, 20, 30]);
    expect(places[0]).toMatchObject({ top: -30, bottom: 110 });
  });

  it('finds none from a rule read on two lines only', () => {
    expect(rulePlaces(boxed.slice(0, 2), CW)).toEqual([]);
  });
});

describe('withRulesRead', () => {
  it('takes a lone letter at a rule place for the rule', () => {
    const read = withRulesRead(
      [...boxed, line(3, ['I', 0], ['MCV', 2], ['l', 20], ['88', 22], ['!', 30])],
      CW,
    );
    expect(texts(read)[3]).toBe('| MCV | 88 |');
  });

  it('cuts a rule read as a digit or a bracket off the value it is glued to', () => {
    const read = withRulesRead([...boxed, line(3, ['|', 0], ['TG', 2], ['1109.2', 20], ['|', 30])], CW);
    expect(texts(read)[3]).toBe('| TG | 109.2 |');
    const bracket = withRulesRead([...boxed, line(3, ['|', 0], ['K', 2], ['[7.06', 20], ['|', 30])], CW);
    expect(texts(bracket)[3]).toBe('| K | 7.06 |');
    const after = withRulesRead(
      [...boxed, line(3, ['|', 0], ['Nil', 2], ['|', 20], ['Reactivel', 21.4])],
      CW,
    );
    expect(texts(after)[3]).toBe('| Nil | Reactive |');
  });

  it('leaves a value that starts with a 1 a character after the rule alone', () => {
    const read = withRulesRead(
      [...boxed, line(3, ['|', 0], ['TG', 2], ['|', 20], ['109.2', 21], ['|', 30])],
      CW,
    );
    expect(texts(read)[3]).toBe('| TG | 109.2 |');
    const one = withRulesRead(
      [...boxed, line(3, ['|', 0], ['Urea', 2], ['|', 20], ['11', 22], ['|', 30])],
      CW,
    );
    expect(texts(one)[3]).toBe('| Urea | 11 |');
  });

  it('leaves the lines outside the table alone, and a page without rules', () => {
    const below = line(7, ['Nil', 18], ['I', 30]);
    expect(texts(withRulesRead([...boxed, below], CW))[3]).toBe('Nil I');
    const plain = [line(0, ['Iron', 0], ['1120', 20])];
    expect(withRulesRead(plain, CW)).toBe(plain);
  });
});

describe('withRuledCellsJoined', () => {
  const ruled = (row: number, name: Array<[string, number]>, value: string) =>
    line(row, ['|', 0], ...name, ['|', 30], [value, 32], ['|', 40]);

  it('joins a cell OCR split between two rules of a table ruled by column', () => {
    const page = [
      ruled(0, [['Haemoglobin', 2]], '13.2'),
      ruled(1, [['WBC', 2]], '7800'),
      ruled(
        2,
        [
          ['Glucose', 2],
          ['(Fasting)', 12],
        ],
        '32',
      ),
      ruled(3, [['Urea', 2]], '30'),
    ];
    expect(texts(withRuledCellsJoined(page, CW))[2]).toBe('| Glucose (Fasting) | 32 |');
  });

  it('does not join a result to the name beside it (a rule OCR lost)', () => {
    const page = [
      ruled(0, [['Haemoglobin', 2]], '13.2'),
      ruled(1, [['WBC', 2]], '7800'),
      ruled(
        2,
        [
          ['Vitamin D', 2],
          ['139.1', 14],
        ],
        'ng/mL',
      ),
      ruled(3, [['Urea', 2]], '30'),
    ];
    expect(texts(withRuledCellsJoined(page, CW))[2]).toBe('| Vitamin D 139.1 | ng/mL |');
    expect(withRuledCellsJoined(page, CW)[2]).toHaveLength(6);
  });

  it('leaves a table ruled around groups of columns alone', () => {
    const page = [0, 1, 2, 3].map((row) =>
      line(row, ['|', 0], ['Urea', 2], ['30', 12], ['mg/dL', 18], ['|', 30], ['K', 32], ['|', 40]),
    );
    expect(withRuledCellsJoined(page, CW)).toEqual(page);
  });
});
