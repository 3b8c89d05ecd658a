import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import type { ExtractedText } from '../extract/index';
import type { WordBox } from '../extract/ocr';
import type { Crop, CropReader } from '../extract/second-reader/reader';
import {
  cleanName,
  nameFromSecondReading,
  namePrefix,
  nameWords,
  renamedCells,
  withNames,
} from './name-again';
import { analyseWithTwoReaders } from './photo-pass';

const box = (text: string, x0: number): WordBox => ({ text, x0, x1: x0 + text.length * 10, y0: 0, y1: 20 });

describe("a name's words on a line", () => {
  it('are the words before the first number, when they hold letters', () => {
    expect(nameWords([box('Mean', 0), box('Corpuscular', 60), box('H)', 300), box('32.6', 400)])).toEqual({
      from: 0,
      to: 2,
      text: 'Mean Corpuscular H)',
    });
    expect(nameWords([box('12.5', 0), box('g/dL', 60)])).toBeNull();
    expect(nameWords([box('Hb', 0), box('12.5', 60)])).toBeNull(); // two letters: nothing to read
    expect(nameWords([box('Remarks', 0), box('none', 100)])).toBeNull(); // no value after it
    const patient = 'Patient: Mrs. Vandana Hegde, w/o Shri Ramesh Hegde, Age:'
      .split(' ')
      .map((w, i) => box(w, i * 80));
    expect(nameWords([...patient, box('71', 2000)])).toBeNull(); // longer than any test's name
  });

  it("are found at the line's start however OCR spaced them", () => {
    const words = [box('Mean', 0), box('Corpuscular', 60), box('H)', 300)];
    expect(namePrefix('   Mean Corpuscular        H)   32.6  pg', words)).toBe('Mean Corpuscular        H)');
    expect(namePrefix('   MCV  Mean Corpuscular H)', words)).toBeNull();
  });
});

describe("the test a second reader's name names", () => {
  const none = new Set<string>();
  it('is taken only from a confident reading naming one test the report does not show', () => {
    expect(nameFromSecondReading('Mean Corpuscular Hb (MCH)', 0.97, none)?.id).toBe('mch');
    expect(nameFromSecondReading('Polymorphs', 0.9, none)?.id).toBe('neutrophils');
    expect(nameFromSecondReading('Polymorphs', 0.5, none)).toBeNull();
    expect(nameFromSecondReading('Polymorphs', 0.9, new Set(['neutrophils']))).toBeNull();
    expect(nameFromSecondReading('Mosre', 0.9, none)).toBeNull();
    expect(nameFromSecondReading('Patient: Mrs. Vandana Hegde Age:', 0.9, none)).toBeNull();
  });

  it('takes a name a stamp cut short when it can be one test only', () => {
    expect(nameFromSecondReading('POTASS', 0.95, none)?.id).toBe('potassium');
  });

  it("drops the second reader's specks and other scripts round it", () => {
    expect(cleanName('　MCHC_')).toBe('MCHC');
    expect(cleanName(' Basophil .')).toBe('Basophil');
  });
});

describe('a name put in the text', () => {
  it("replaces the first reader's words on the line and joins the cells they were split into", () => {
    const cells = [
      { text: 'Mean Corpuscular', x0: 6, x1: 22 },
      { text: 'H)', x0: 30, x1: 32 },
      { text: '32.6', x0: 45, x1: 49 },
    ];
    expect(renamedCells(cells, 'Mean Corpuscular        H)', 'MCH')).toEqual([
      { text: 'MCH', x0: 6, x1: 32 },
      { text: '32.6', x0: 45, x1: 49 },
    ]);
    expect(renamedCells([{ text: 'Pota 7.06', x0: 0, x1: 9 }], 'Pota', 'POTASS')).toEqual([
      { text: 'POTASS 7.06', x0: 0, x1: 9 },
    ]);
  });
});

/**
 * A constructed photo: each word painted as a block of its own grey on white paper, so that a
 * reader standing in for PP-OCR knows from a crop's middle grey which word it was given.
 */
async function photoOf(lines: string[]): Promise<{ text: ExtractedText; words: string[] }> {
  const width = 1200;
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
      for (let y = i * 40 + 4; y < i * 40 + 36; y++)
        pixels.fill(grey, y * width + b.x0 - 4, y * width + b.x1 + 4);
      out.push(b);
    }
    return out;
  });
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
      photo: { png, width, height, angle: 0, boxes },
    },
  };
}

/** Reads each crop as the word whose grey is its darkest pixel, or as `says` has it. */
function fakeReader(words: string[], says: Record<string, { text: string; confidence: number }>): CropReader {
  const middle = (c: Crop) => c.data.reduce((a, b) => Math.min(a, b), 255);
  return {
    name: 'PP-OCRv4',
    readCrops: async (crops) =>
      crops.map((c) => {
        const word = words[middle(c) - 20] ?? '';
        return says[word] ?? { text: word, confidence: 0.95 };
      }),
  };
}

const REPORT = [
  'SHREE DIAGNOSTIC CENTRE',
  'Patient: Asha   Age: 40 Years   Sex: Female',
  'Test              Result     Unit     Reference Range',
  'Haemoglobin       12.5       g/dL     12.0 - 15.0',
  '@oiymorphs        62         %        40 - 75',
  'Lymphocytes       30         %        20 - 40',
];

describe('a photographed name only the second reader reads', () => {
  const analyse = analyzeLines;

  it('brings the row back under that test, with a note, its value checked by both readers', async () => {
    const { text, words } = await photoOf(REPORT);
    expect(analyzeLines(text, 'en').values.map((v) => v.canonical_id)).not.toContain('neutrophils');
    const reader = fakeReader(words, { '@oiymorphs': { text: 'Polymorphs', confidence: 0.93 } });
    const r = await analyseWithTwoReaders(text, 'en', { analyse, secondReader: true, reader });
    const n = r.values.find((v) => v.canonical_id === 'neutrophils');
    expect(n).toMatchObject({ value: 62, name: 'Polymorphs', flag: 'normal' });
    expect(n?.uncertain).toBeFalsy();
    expect(n?.reading_note).toContain(
      "The test's name was read as '@oiymorphs'; a second reader (PP-OCRv4) read 'Polymorphs'",
    );
    expect(r.unread_lines ?? []).toHaveLength(0);
  });

  it('still makes the row\'s value "check it" when the readers disagree on it', async () => {
    const { text, words } = await photoOf(REPORT);
    const reader = fakeReader(words, {
      '@oiymorphs': { text: 'Polymorphs', confidence: 0.93 },
      '62': { text: '82', confidence: 0.9 },
    });
    const r = await analyseWithTwoReaders(text, 'en', { analyse, secondReader: true, reader });
    expect(r.values.find((v) => v.canonical_id === 'neutrophils')).toMatchObject({
      value: 62,
      uncertain: true,
    });
  });

  it('leaves the line unread when the second reader is unsure of the name, or it is switched off', async () => {
    const { text, words } = await photoOf(REPORT);
    const unsure = fakeReader(words, { '@oiymorphs': { text: 'Polymorphs', confidence: 0.4 } });
    const r = await analyseWithTwoReaders(text, 'en', { analyse, secondReader: true, reader: unsure });
    expect(r.values.map((v) => v.canonical_id)).not.toContain('neutrophils');
    const sure = fakeReader(words, { '@oiymorphs': { text: 'Polymorphs', confidence: 0.93 } });
    const off = await analyseWithTwoReaders(text, 'en', { analyse, secondReader: false, reader: sure });
    expect(off.values.map((v) => v.canonical_id)).not.toContain('neutrophils');
  });

  it('does not take a name for a test the report already shows', async () => {
    const { text, words } = await photoOf(REPORT);
    const reader = fakeReader(words, { '@oiymorphs': { text: 'Lymphocytes', confidence: 0.99 } });
    const r = await analyseWithTwoReaders(text, 'en', { analyse, secondReader: true, reader });
    expect(r.values.filter((v) => v.canonical_id === 'lymphocytes')).toHaveLength(1);
    expect(withNames(text, []).lines).toBe(text.lines);
  });
});
