import { describe, expect, it } from 'vitest';
import type { ExtractedValue } from '../types';
import { checkedBySecondReader, confirms, numberRead, secondReaderSaw } from './agree';
import { locate } from './second-reading';

const wbc: ExtractedValue = {
  canonical_id: 'wbc',
  loinc: null,
  name: 'Total WBC Count',
  value: 2000,
  unit: '/cumm',
  ref_low: 4000,
  ref_high: 11000,
  ref_text: '4000 - 11000',
  ref_source: 'report',
  flag: 'low',
  flag_printed: null,
};

describe('the number a second reader saw', () => {
  it('drops the marks before a value and reads O and l between digits as digits', () => {
    expect(numberRead(': 12000')?.value).toBe(12000);
    expect(numberRead('|12.5')?.value).toBe(12.5);
    // Dot leaders before it; a single point stays a decimal point.
    expect(numberRead('..149')?.value).toBe(149);
    expect(numberRead('... 31')?.value).toBe(31);
    expect(numberRead('.5')?.value).toBe(0.5);
    expect(numberRead('1O5')?.value).toBe(105);
    expect(numberRead('1l.2')?.value).toBe(11.2);
    expect(numberRead('1,50,000')?.value).toBe(150000);
    expect(numberRead('4,5')?.value).toBe(4.5);
    expect(numberRead('.3')).toEqual({ value: 0.3, point: true, digits: '3' });
    expect(numberRead('Nil')).toBeNull();
    expect(numberRead('O')?.value).toBe(0);
    expect(numberRead('６')?.value).toBe(6);
    expect(numberRead('○')?.value).toBe(0);
    expect(numberRead('1〇5')?.value).toBe(105);
    expect(numberRead('Oto')).toBeNull();
  });
});

describe('agreement of two readers', () => {
  it('agrees on equal numbers, whatever marks each read around them', () => {
    expect(confirms(12000, ':12000')).toBe(true);
    expect(confirms(0.3, '0.3')).toBe(true);
    expect(confirms(0.3, '.3')).toBe(true);
  });

  it('does not agree when the second reader sees another number, or a point the first lost', () => {
    expect(confirms(2000, ':12000')).toBe(false);
    expect(confirms(11.2, '12')).toBe(false);
    expect(confirms(3, '0.3')).toBe(false);
    expect(confirms(10.2, '02')).toBe(false);
    expect(confirms(12, null)).toBe(false);
    expect(confirms(12, '')).toBe(false);
  });

  it('agrees when a thousands separator was read as a comma by one and a point by the other', () => {
    expect(confirms(3620, '3.620', '3,620')).toBe(true);
    expect(confirms(3620, '3.62', '3,620')).toBe(false);
    expect(confirms(3620, '3.620', '3620')).toBe(false);
  });

  it('lets a point the engine put back stand when both readers lost it', () => {
    expect(confirms(4.5, '45')).toBe(true);
    expect(confirms(4.5, '4.8')).toBe(false);
  });
});

describe('a value the readers disagree on', () => {
  it('is "check it", with no flag computed from it, quoting what each reader saw', () => {
    const out = checkedBySecondReader(wbc, { reader: 'PP-OCRv4', first: '2000', text: ': 12000' });
    expect(out.uncertain).toBe(true);
    expect(out.flag).toBe('normal');
    expect(out.value).toBe(2000);
    expect(out.reading_note).toContain("'2000'");
    expect(out.reading_note).toContain("'12000'".replace("'12000'", "': 12000'"));
    expect(secondReaderSaw(out.reading_note)).toMatchObject({ first: '2000', second: ': 12000' });
  });

  it("keeps the lab's printed mark as the row's direction", () => {
    const out = checkedBySecondReader(
      { ...wbc, flag_printed: 'L' },
      { reader: 'PP-OCRv4', first: '2000', text: null },
    );
    expect(out.flag).toBe('low');
    expect(out.reading_note).toContain('found no number there');
  });

  it('is left as shown when the readers agree, or when it was already "check it"', () => {
    expect(checkedBySecondReader(wbc, { reader: 'PP-OCRv4', first: '2000', text: '2000' })).toBe(wbc);
    const doubtful = { ...wbc, uncertain: true, reading_note: 'x' };
    expect(checkedBySecondReader(doubtful, { reader: 'PP-OCRv4', first: '2000', text: '9' })).toBe(doubtful);
  });
});

describe('a unit the readers disagree on', () => {
  const hb: ExtractedValue = {
    ...wbc,
    canonical_id: 'hemoglobin',
    value: 12.5,
    unit: 'g/dL',
    flag: 'normal',
  };

  it('makes the value "check it" when both read a unit there and they are other units', () => {
    const out = checkedBySecondReader(hb, {
      reader: 'PP-OCRv4',
      first: '12.5',
      text: '12.5',
      unit: { first: 'g/dL', text: 'mg/dL' },
    });
    expect(out.uncertain).toBe(true);
    expect(secondReaderSaw(out.reading_note)).toMatchObject({ what: 'unit', first: 'g/dL', second: 'mg/dL' });
  });

  it('keeps it when the units are one unit spelt two ways, or the second reading is no unit', () => {
    for (const text of ['gm/dl', 'g/dL', 'g/d']) {
      const out = checkedBySecondReader(hb, {
        reader: 'PP-OCRv4',
        first: '12.5',
        text: '12.5',
        unit: { first: 'g/dL', text },
      });
      expect(out.uncertain, text).toBeUndefined();
    }
  });
});

describe("finding a value's words on its line", () => {
  const box = (text: string, x0: number) => ({ text, x0, x1: x0 + 10, y0: 0, y1: 10 });
  const words = [box('Haemoglobin', 0), box(':', 20), box('12.5', 30), box('g/dL', 50), box('12-16', 70)];

  it('takes the word that is the cell, before a range that holds the same digits', () => {
    expect(locate(words, '12.5')).toEqual({ line: 0, from: 2, to: 2 });
    expect(locate([box('12', 0), box('12-16', 20)], '12')).toEqual({ line: 0, from: 0, to: 0 });
  });

  it('joins words a reader split, and finds a number a rule was glued to', () => {
    expect(locate([box('1', 0), box('2.5', 12)], '12.5')).toEqual({ line: 0, from: 0, to: 1 });
    expect(locate([box('|12.5', 0)], '12.5')).toEqual({ line: 0, from: 0, to: 0 });
  });

  it("finds a unit after its value's words", () => {
    expect(locate(words, 'g/dL', 3)).toEqual({ line: 0, from: 3, to: 3 });
    expect(locate([box('g/dL', 0), box('5', 10), box('g/dL', 20)], 'g/dL', 2)).toEqual({
      line: 0,
      from: 2,
      to: 2,
    });
  });
});
