import { describe, expect, it } from 'vitest';
import {
  delimitedFields,
  delimiterOf,
  expandTabs,
  isRuleLine,
  lineOf,
  placedTokens,
  separatedFields,
  textTokens,
} from './tokens';

const cells = (line: string) => textTokens(line).map((t) => [t.text, t.x0, t.x1]);

describe('a delimited export (CSV)', () => {
  const texts = (line: string, d: ';' | ',') => delimitedFields(line, d)?.map((f) => f.text) ?? null;

  it("finds a header's delimiter: a semicolon or a comma between three short phrases or more", () => {
    expect(delimiterOf('Test Name;Result;Unit;Reference Range;Flag')).toBe(';');
    expect(delimiterOf('"Parameter","Value","Units","Normal Range"')).toBe(',');
    // Prose, a record line, an aligned table and a two-field line are no delimited header.
    expect(delimiterOf('Please correlate clinically, repeat if needed, and consult your doctor today.')).toBe(
      null,
    );
    expect(delimiterOf('Haemoglobin   13.5   g/dL   13.0 - 17.0')).toBeNull();
    expect(delimiterOf('Name: Ramesh Kumar, Age: 45')).toBeNull();
    expect(delimiterOf('Test;;Unit')).toBeNull();
  });

  it('splits a row at the delimiter, quotes unquoted, empty fields kept, with positions', () => {
    expect(texts('Haemoglobin;9.8;g/dL;13.0 - 17.0;L', ';')).toEqual([
      'Haemoglobin',
      '9.8',
      'g/dL',
      '13.0 - 17.0',
      'L',
    ]);
    expect(texts('"Platelet Count","1,50,000","/cumm","1,50,000 - 4,50,000",""', ',')).toEqual([
      'Platelet Count',
      '1,50,000',
      '/cumm',
      '1,50,000 - 4,50,000',
      '',
    ]);
    expect(delimitedFields('Hb;9.8;g/dL', ';')?.map((f) => [f.x0, f.x1])).toEqual([
      [0, 2],
      [3, 6],
      [7, 11],
    ]);
    expect(texts('Haemoglobin 9.8 g/dL', ';')).toBeNull();
    // A line cut short inside its last quoted field keeps its fields.
    expect(texts('"eGFR","95","mL/min","Normal: >= 90 / Mild', ',')).toEqual([
      'eGFR',
      '95',
      'mL/min',
      'Normal: >= 90 / Mild',
    ]);
  });

  it('reads a quoted row as a photo shows it: delimiters lost or doubled, curly quotes, ™, specks', () => {
    expect(texts('"Haemoglobin (Hb)","15" "g/dL","11.5-16.0",""', ',')).toEqual([
      'Haemoglobin (Hb)',
      '15',
      'g/dL',
      '11.5-16.0',
      '',
    ]);
    expect(texts('"Hematocrit","44.3""%" "36-48",', ',')).toEqual(['Hematocrit', '44.3', '%', '36-48']);
    expect(texts('"Erythrocyte Count”,"4.6",“4.2-5.4" ""', ',')).toEqual([
      'Erythrocyte Count',
      '4.6',
      '4.2-5.4',
      '',
    ]);
    expect(texts('"CHLORIDE","99.7","mmol/L","98.0-107.0",™', ',')).toEqual([
      'CHLORIDE',
      '99.7',
      'mmol/L',
      '98.0-107.0',
      '',
    ]);
    expect(delimiterOf('"Test Name","Result","Unit","Reference Range","Flag"          B')).toBe(',');
    // Words outside the quotes are no such row.
    expect(texts('"Hb" is low, "see" note', ',')).toBeNull();
  });
});

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
