import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import type { ExtractedText } from '../extract/index';
import type { WordBox } from '../extract/ocr';
import type { Crop, CropReader } from '../extract/second-reader/reader';
import { stack } from '../extract/second-reader/tesseract-crops';
import { cellNumber, layOut, withColumnValues } from './column-again';
import { analyseWithTwoReaders } from './photo-pass';

describe("a reader's text of a result cell", () => {
  it('is a number, a colon or rule before it and a mark after it at most', () => {
    expect(cellNumber('10.1')).toBe('10.1');
    expect(cellNumber(': 12,000')).toBe('12,000');
    expect(cellNumber('| 7.2 H')).toBe('7.2');
    expect(cellNumber('10.1 mg/dL')).toBeNull(); // the unit's column reached: not one cell
    expect(cellNumber('HL')).toBeNull();
    expect(cellNumber('')).toBeNull();
    expect(cellNumber(null)).toBeNull();
  });
});

describe('a number put in its line', () => {
  it('replaces the cell in the result column and lays the line out again from its cells', () => {
    const text: ExtractedText = {
      kind: 'jpg',
      source: 'ocr',
      ocrConfidence: 0.8,
      totalPages: 1,
      pagesRead: 1,
      lines: ['  Calcium      ~_E    mg/dL    8.8 - 10.6'],
      tokens: [
        [
          { text: 'Calcium', x0: 2, x1: 9 },
          { text: '~_E', x0: 15, x1: 18 },
          { text: 'mg/dL', x0: 22, x1: 27 },
          { text: '8.8 - 10.6', x0: 31, x1: 41 },
        ],
      ],
    };
    const reading = { reader: 'PP-OCRv4', first: '10.1', text: '10.1' };
    const out = withColumnValues(text, [
      { line: 0, canonical_id: 'calcium', value: '10.1', reading, cells: { x0: 15, x1: 19 } },
    ]);
    expect(out.tokens?.[0]?.map((t) => t.text)).toEqual(['Calcium', '10.1', 'mg/dL', '8.8 - 10.6']);
    expect(out.lines[0]).toBe('  Calcium      10.1   mg/dL    8.8 - 10.6');
    expect(withColumnValues(text, [])).toBe(text);
    expect(
      layOut('x', [
        { text: 'a', x0: 0, x1: 1 },
        { text: 'b', x0: 1, x1: 2 },
      ]),
    ).toBe('a  b');
  });
});

describe('crops stacked for one reading', () => {
  it('lie one under another with paper between, each in its own rows', () => {
    const crop = (w: number, h: number, v: number): Crop => ({
      data: new Uint8Array(w * h).fill(v),
      width: w,
      height: h,
    });
    const s = stack([crop(10, 5, 0), crop(20, 8, 100)]);
    expect(s.width).toBe(20 + 48);
    expect(s.slots).toEqual([
      [24, 29],
      [53, 61],
    ]);
    expect(s.data[24 * s.width + 24]).toBe(0);
    expect(s.data[53 * s.width + 24]).toBe(100);
    expect(s.data[40 * s.width + 24]).toBe(255);
  });
});

/**
 * A constructed photo: each word painted as a block of its own grey, its line's cells placed as
 * OCR places them (one character 10 px), so that a reader standing in for tesseract or PP-OCR
 * knows from a crop's darkest grey which word it was given.
 */
async function photoOf(lines: string[]): Promise<{ text: ExtractedText; words: string[] }> {
  const width = 600;
  const height = lines.length * 40;
  const pixels = Buffer.alloc(width * height, 255);
  const words: string[] = [];
  const boxes: WordBox[][] = lines.map((line, i) => {
    const out: WordBox[] = [];
    for (const m of line.matchAll(/\S+/g)) {
      const b = {
        text: m[0],
        x0: m.index * 10,
        x1: (m.index + m[0].length) * 10,
        y0: i * 40 + 10,
        y1: i * 40 + 30,
      };
      const grey = 20 + words.length;
      words.push(m[0]);
      for (let y = i * 40 + 12; y < i * 40 + 28; y++) pixels.fill(grey, y * width + b.x0, y * width + b.x1);
      out.push(b);
    }
    return out;
  });
  const tokens = lines.map((line) =>
    [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], x0: m.index, x1: m.index + m[0].length })),
  );
  const png = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return {
    words,
    text: {
      kind: 'jpg',
      source: 'ocr',
      ocrConfidence: 0.85,
      totalPages: 1,
      pagesRead: 1,
      lines,
      tokens,
      photo: { png, width, height, angle: 0, boxes },
    },
  };
}

/** Reads each crop as the word whose grey is its darkest pixel, or as `says` has it. */
function fakeReader(name: string, words: string[], says: Record<string, string>): CropReader {
  const darkest = (c: Crop) => c.data.reduce((a, b) => Math.min(a, b), 255);
  return {
    name,
    readCrops: async (crops) =>
      crops.map((c) => {
        const word = words[darkest(c) - 20] ?? '';
        return { text: says[word] ?? word, confidence: 0.9 };
      }),
  };
}

// The calcium's result read as specks on the page ('~_E'): a stamp over it.
const REPORT = [
  'Patient: Asha   Age: 40 Years   Sex: Female',
  'Test          Result   Unit     Reference Range',
  'Haemoglobin   12.5     g/dL     12.0 - 15.0',
  'Calcium       ~_E      mg/dL    8.8 - 10.6',
  'Sodium        140      mmol/L   135 - 145',
  'Potassium     4.2      mmol/L   3.5 - 5.1',
];

describe("a named test's result read again from its cell by both readers", () => {
  const analyse = analyzeLines;

  it('is shown, with a note, when both read the same number', async () => {
    const { text, words } = await photoOf(REPORT);
    expect(analyzeLines(text, 'en').values.map((v) => v.canonical_id)).not.toContain('calcium');
    const first = fakeReader('tesseract', words, { '~_E': '9.4' });
    const reader = fakeReader('PP-OCRv4', words, { '~_E': '9.4' });
    const r = await analyseWithTwoReaders(text, 'en', {
      analyse,
      secondReader: true,
      reader,
      firstReader: first,
    });
    const ca = r.values.find((v) => v.canonical_id === 'calcium');
    expect(ca).toMatchObject({ value: 9.4, unit: 'mg/dL', flag: 'normal' });
    expect(ca?.uncertain).toBeFalsy();
    expect(ca?.reading_note).toMatch(
      /read again from its cell, tesseract read '9.4' and a second reader \(PP-OCRv4\) '9.4'/,
    );
    // The other rows are still checked by the second reader as before.
    expect(r.values.find((v) => v.canonical_id === 'sodium')?.uncertain).toBeFalsy();
  });

  it('is not shown when the readers differ, or one reads no number there', async () => {
    const { text, words } = await photoOf(REPORT);
    for (const [one, two] of [
      ['9.4', '18.1'],
      ['9.4', '101'],
      ['9.4', 'HL'],
    ]) {
      const first = fakeReader('tesseract', words, { '~_E': one });
      const reader = fakeReader('PP-OCRv4', words, { '~_E': two });
      const r = await analyseWithTwoReaders(text, 'en', {
        analyse,
        secondReader: true,
        reader,
        firstReader: first,
      });
      expect(r.values.map((v) => v.canonical_id)).not.toContain('calcium');
      expect(r.unread.map((u) => u.canonical_id)).toContain('calcium');
    }
  });
});
