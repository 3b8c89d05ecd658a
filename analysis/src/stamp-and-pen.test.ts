import { describe, expect, it } from 'vitest';
import { analyzeLines } from './engine';
import type { ExtractedText } from './extract/index';
import { withoutMarks } from './extract/second-reader/inkless';
import { answerlessReference } from './interpret/answerless-range';
import { getAnalyte } from './knowledge';
import type { SecondReading } from './verify/agree';
import { namePrefix, nameWords } from './verify/name-again';
import { seenThrough } from './verify/through-ink';
import { sameWords } from './verify/word-answer';

// Decision 265: what a stamp and a pen cost on a photo, class by class. Each test is written
// from the rule (knowledge and geometry), with its own tests and numbers, not from a fixture.

function photo(lines: string[], extra: Partial<ExtractedText> = {}): ExtractedText {
  return { kind: 'jpg', lines, source: 'ocr', ocrConfidence: 0.85, totalPages: 1, pagesRead: 1, ...extra };
}

describe("a pen's or a stamp's coloured ink taken out of a crop", () => {
  // A 40 x 10 crop: paper, a black bar (print) at columns 5-9, a blue stroke across rows 4-5, and
  // a red bar (a lab's red result) at columns 30-34. Light is absorbed by dye and print in turn.
  const width = 40;
  const height = 10;
  const paper = [225, 225, 225];
  const blue = [0.18, 0.22, 0.4]; // a ballpoint's transmittance per channel
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const print = x >= 5 && x < 10 ? 0.2 : 1;
      const red = x >= 30 && x < 35 ? [0.9, 0.15, 0.15] : [1, 1, 1];
      const stroke = y >= 4 && y < 6 && x < 25 ? blue : [1, 1, 1];
      for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = paper[c] * print * red[c] * stroke[c];
    }
  const grey = withoutMarks({ data, width, height }, { x0: 0, x1: width, y0: 0, y1: height });
  const at = (x: number, y: number) => grey.data[y * width + x];

  it('makes the stroke over paper paper again', () => {
    expect(at(15, 4)).toBeGreaterThan(200);
    expect(at(20, 5)).toBeGreaterThan(200);
  });
  it('keeps black print dark, under the stroke and beside it', () => {
    expect(at(7, 1)).toBeLessThan(80);
    expect(at(7, 4)).toBeLessThan(80);
  });
  it('leaves red print (a lab mark) as it is', () => {
    expect(at(32, 2)).toBeLessThan(160);
  });
});

describe('a value a mark crosses, read again with the mark taken out', () => {
  const v = (value: number | string) => ({
    canonical_id: typeof value === 'number' ? 'calcium' : 'urine_appearance',
    loinc: null,
    name: 'x',
    value,
    unit: typeof value === 'number' ? 'mg/dL' : '',
    ref_low: null,
    ref_high: null,
    ref_text: '',
    ref_source: 'report' as const,
    flag: 'normal' as const,
    flag_printed: null,
  });
  const read = (first: string, text: string | null): SecondReading => ({ reader: 'PP-OCRv4', first, text });

  it('is read as read when the second reader reads the same number there', () => {
    expect(seenThrough(v(9.4), '9.4', read('9.4', '9.4'), read('9.4', 'g.'))).toBe(true);
    expect(seenThrough(v('Clear'), 'Clear', read('Clear', 'Clear'), undefined)).toBe(true);
  });
  it('stays "check it" when a reading stops where the mark crosses it', () => {
    expect(seenThrough(v(9), '9:', read('9:', '9.'), undefined)).toBe(false);
    expect(seenThrough(v(9), '9', read('9', '9.'), undefined)).toBe(false);
  });
  it('stays "check it" when the crop with the mark left in reads another number', () => {
    expect(seenThrough(v(9), '9', read('9', '9'), read('9', '9.7'))).toBe(false);
  });
  it('stays "check it" when the second reader reads another number', () => {
    expect(seenThrough(v(9.4), '9.4', read('9.4', '8.4'), undefined)).toBe(false);
  });
});

describe('a reference in words garbled under a mark', () => {
  it('is not used when none of its words is an answer a report writes', () => {
    expect(answerlessReference('Ne', getAnalyte('urine_ketones')!)).toBe(true);
    expect(answerlessReference('Strw Yelow%', getAnalyte('urine_colour')!)).toBe(true);
    expect(answerlessReference('Absent', getAnalyte('urine_ketones')!)).toBe(false);
    expect(answerlessReference('Negative / Trace', getAnalyte('urine_ketones')!)).toBe(false);
    expect(answerlessReference('0 - 2', getAnalyte('urine_rbc')!)).toBe(false);
  });

  it("judges 'Absent' by the test's own normal answers then, not abnormal against the garble", () => {
    const r = analyzeLines(
      photo([
        'URINE EXAMINATION',
        'Test                 Result           Unit         Reference',
        'KETONES              Absent                        Ne',
        'BILE SALTS           Absent                        Absent',
      ]),
      'en',
    );
    expect(r.values.find((x) => x.canonical_id === 'urine_ketones')?.flag).toBe('normal');
  });
});

describe('the second reader of a word result', () => {
  it("takes a dotless 'i' for the thin upright it stands beside ('NII' for 'Nil')", () => {
    expect(sameWords('Nil', 'NII', getAnalyte('urine_glucose'), 'Nil')).toBe(true);
    expect(sameWords('Nil', 'Nit', getAnalyte('urine_glucose'), 'Nil')).toBe(false);
  });
});

describe("a name's words behind a table's rule", () => {
  const box = (text: string, x0: number) => ({ text, x0, x1: x0 + text.length * 10, y0: 0, y1: 20 });
  it('leaves the rule out of the crop and of the name put back', () => {
    const words = [box('|', 0), box('Bsaphlls', 30), box('1', 300), box('%', 400)];
    expect(nameWords(words)).toEqual({ from: 1, to: 1, text: 'Bsaphlls' });
    expect(namePrefix(' |   Bsaphlls      1     %', words.slice(1, 2))).toBe('Bsaphlls');
  });
});

describe("the relations between results prove a second reader's number", () => {
  const lines = [
    'Patient: B   Age: 30 Years   Sex: Female',
    'Test                        Result     Unit     Reference',
    'Neutrophils                 7          %        40-75',
    'Lymphocytes                 28         %        20-40',
    'Monocytes                   5          %        2-10',
    'Eosinophils                 2          %        1-6',
    'Basophils                   0          %        0-2',
  ];
  it('is "check it" from the first reader alone: the differential does not add up', () => {
    const r = analyzeLines(photo(lines), 'en');
    expect(r.values.find((x) => x.canonical_id === 'neutrophils')?.uncertain).toBe(true);
  });
  it("is the differential's only reading that adds up when the second reader read it (65)", () => {
    const r = analyzeLines(photo(lines), 'en', {
      secondReading: (s) => (s.line === 2 ? { value: 65, second: 'PP-OCRv4' } : null),
    });
    const n = r.values.find((x) => x.canonical_id === 'neutrophils');
    expect(n).toMatchObject({ value: 65, flag: 'normal' });
    expect(n?.uncertain).toBeFalsy();
    expect(n?.reading_note).toContain('a second reader (PP-OCRv4) read 65');
    expect(r.values.filter((x) => x.uncertain)).toEqual([]);
  });
});

describe("an analyser's lone '-' between its result and unit", () => {
  it('is its low mark', () => {
    const r = analyzeLines(photo(['Test   Result   Unit   Range', 'K     3.1   -   mmol/L   3.5-5.1']), 'en');
    expect(r.values[0]).toMatchObject({ canonical_id: 'potassium', flag_printed: '-', flag: 'low' });
  });
  it('is no mark before a range or between two numbers', () => {
    const r = analyzeLines(
      photo(['Test   Result   Unit   Range', 'pH     6.5   -   5.0-8.0', 'Sodium   140   135  -  145']),
      'en',
    );
    expect(r.values.map((x) => x.flag_printed)).toEqual([null, null]);
  });
});
