import { describe, expect, it } from 'vitest';
import { expandTabs, isRuleLine, lineOf, placedTokens, separatedFields, textTokens } from './tokens';

const cells = (line: string) => textTokens(line).map((t) => [t.text, t.x0, t.x1]);

describe('positioned tokens from a text file', () => {
  it('splits cells on two spaces, keeps single-spaced words together, with their columns', () => {
    expect(cells('Total Cholesterol   245 H   mg/dL   < 200')).toEqual([
      ['Total Cholesterol', 0, 17],
      ['245 H', 20, 25],
      ['mg/dL', 28, 33],
      ['< 200', 36, 41],
    ]);
  });

  it('treats box-drawing and pipe rules as separators, not text', () => {
    expect(cells('│ Potassium │ 6.8 │ mmol/L │ 3.5 - 5.1 │').map((c) => c[0])).toEqual([
      'Potassium',
      '6.8',
      'mmol/L',
      '3.5 - 5.1',
    ]);
    expect(cells('|Hb|9.8|g/dL|').map((c) => c[0])).toEqual(['Hb', '9.8', 'g/dL']);
  });

  it("gives a separated row's fields in order, empty ones kept, none outside the end rules", () => {
    const fields = (line: string) => separatedFields(line)?.map((f) => f.text) ?? null;
    expect(fields('│ Potassium │ 6.8 │ mmol/L │ 3.5 - 5.1 │')).toEqual([
      'Potassium',
      '6.8',
      'mmol/L',
      '3.5 - 5.1',
    ]);
    expect(fields('| Hb | **9.8** |  | 13 - 17 |')).toEqual(['Hb', '9.8', '', '13 - 17']);
    expect(fields('Glucose\t95\tmg/dL\t70 - 100\t')).toEqual(['Glucose', '95', 'mg/dL', '70 - 100', '']);
    expect(separatedFields('Hb\t9.8')?.map((f) => f.x0)).toEqual([0, 8]);
    expect(fields('Haemoglobin   9.8   g/dL')).toBeNull();
    expect(fields('|---|:---:|')).toBeNull();
  });

  it('reads horizontal rules as rules (no tokens)', () => {
    for (const rule of ['├──────┼─────┤', '+------+-----+', '==========', '|---|---|', '|:---|---:|'])
      expect(isRuleLine(rule)).toBe(true);
    expect(isRuleLine('Hb  -  9.8')).toBe(false);
    expect(textTokens('└────┴────┘')).toEqual([]);
  });

  it('expands tabs to their stops, at least two spaces wide', () => {
    expect(expandTabs('Hb\t9.8')).toBe('Hb      9.8');
    expect(expandTabs('Glucose\t95')).toBe('Glucose         95');
    expect(cells('Glucose\t95\tmg/dL').map((c) => [c[0], c[1]])).toEqual([
      ['Glucose', 0],
      ['95', 16],
      ['mg/dL', 24],
    ]);
  });
});

describe('positioned tokens from placed words (PDF items, OCR boxes)', () => {
  it('joins close words into a cell and places cells by x over the character width', () => {
    const t = placedTokens(
      [
        { text: 'Haemoglobin', left: 10, right: 65 },
        { text: '(Hb)', left: 70, right: 90 },
        { text: '9.8', left: 200, right: 215 },
        { text: 'g/dL', left: 300, right: 320 },
      ],
      5,
    );
    expect(t.map((x) => [x.text, x.x0])).toEqual([
      ['Haemoglobin (Hb)', 2],
      ['9.8', 40],
      ['g/dL', 60],
    ]);
  });

  it('splits a word drawn over the end of the previous one (a name overflowing its column)', () => {
    const t = placedTokens(
      [
        { text: 'ASPARTATE AMINOTRANSFERASE (AST/SGOT)', left: 0, right: 200 },
        { text: '32', left: 180, right: 190 },
      ],
      5,
    );
    expect(t.map((x) => x.text)).toEqual(['ASPARTATE AMINOTRANSFERASE (AST/SGOT)', '32']);
  });

  it('a lone rule character between words separates cells', () => {
    const t = placedTokens(
      [
        { text: 'Hb', left: 0, right: 10 },
        { text: '|', left: 12, right: 13 },
        { text: '9.8', left: 15, right: 30 },
      ],
      5,
    );
    expect(t.map((x) => x.text)).toEqual(['Hb', '9.8']);
  });

  it('draws a line back from tokens at their columns', () => {
    expect(
      lineOf([
        { text: 'Hb', x0: 0 },
        { text: '9.8', x0: 10 },
        { text: 'g/dL', x0: 11 },
      ]),
    ).toBe('Hb        9.8  g/dL');
  });
});

describe('tab-separated exports', () => {
  it('are read as rows of fields, an empty field kept', async () => {
    const { splitLines } = await import('../extract');
    expect(
      splitLines('Test\tResult\tUnit\tRange\nColour\tPale Yellow\t\tPale Yellow\nIndented\tline'),
    ).toEqual([
      '| Test | Result | Unit | Range |',
      '| Colour | Pale Yellow |  | Pale Yellow |',
      'Indented        line',
    ]);
  });
});
