import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import { getAnalyte } from '../knowledge';
import type { ExtractedValue } from '../types';
import { checkedBySecondReader } from './agree';
import { misreadAnswer, sameWords } from './word-answer';

const appearance = getAnalyte('urine_appearance')!;
const clear: ExtractedValue = {
  canonical_id: 'urine_appearance',
  loinc: null,
  name: 'Appearance',
  value: 'Clear',
  unit: '',
  ref_low: null,
  ref_high: null,
  ref_text: 'Clear',
  ref_source: 'report',
  flag: 'normal',
  flag_printed: null,
};

describe('two readings of a result in words', () => {
  it('agree on the same words after spelling, or on the same answer of the test', () => {
    expect(sameWords('Clear', 'clear', appearance, '')).toBe(true);
    expect(sameWords('Nil.', 'NIL', appearance, '')).toBe(true);
    expect(sameWords('Not seen', 'Not Seen', appearance, '')).toBe(true);
    expect(sameWords('2 - 3', '2-3', appearance, '')).toBe(true);
    // One slip in a long word, the same answer either way.
    expect(sameWords('Transparant', 'Transparent', appearance, '')).toBe(true);
    // The glyphs any reader confuses, and the second reader's Chinese letters.
    expect(sameWords('Nil', 'NiI', appearance, '')).toBe(true);
    expect(sameWords('Nil', '頔Nil', appearance, '')).toBe(true);
    expect(sameWords('Nil', '.Nil-', appearance, '')).toBe(true);
    // The end of a dashed leader the crop took in ('COLOUR ---- Pale Yellow'); a sign stays.
    expect(sameWords('Pale Yellow', '-- Pale Yellow', appearance, '')).toBe(true);
    expect(sameWords('++', '-++', appearance, '')).toBe(true);
    expect(sameWords('+ve', '- -ve', appearance, '')).toBe(false);
    // Thin last glyphs lost at the crop's edge ('Ni', 'NI', 'N' for 'Nil': issue 31, decisions 252
    // and 268), when no other answer of the test is the shorter reading with thin glyphs after it;
    // never a thicker letter.
    expect(sameWords('Nil', 'Ni', appearance, '')).toBe(true);
    expect(sameWords('Nil', 'NI', appearance, '')).toBe(true);
    expect(sameWords('Nil', 'N', appearance, '')).toBe(true);
    expect(sameWords('Negative', 'N', appearance, '')).toBe(false);
    expect(sameWords('Nil', 'Ne', appearance, '')).toBe(false);
    expect(sameWords('Nil', 'Nif', appearance, '')).toBe(false);
    expect(sameWords('Clear', 'Clea', appearance, '')).toBe(false);
    expect(sameWords('Straw', 'Stra', appearance, '')).toBe(false);
    expect(sameWords('+ve', '-ve', appearance, '')).toBe(false);
    expect(sameWords('Clear', 'fear', appearance, '')).toBe(false);
    expect(sameWords('Clear', null, appearance, '')).toBe(false);
    expect(sameWords('Nil', 'Trace', appearance, '')).toBe(false);
  });

  it("agree when the second reader put a pen's or a stamp's glyph before the word (decision 268)", () => {
    expect(sameWords('Nil', 'ZNil -', appearance, '')).toBe(true);
    expect(sameWords('Nil', 'HNil', appearance, '')).toBe(true);
    expect(sameWords('Clear', 'iClear', appearance, '')).toBe(true);
    // Two glyphs, or a second reading that is not the first's word after the glyph.
    expect(sameWords('Nil', 'HZNil', appearance, '')).toBe(false);
    expect(sameWords('Nil', 'ZNit', appearance, '')).toBe(false);
  });

  it('make a word the readers disagree on "check it", quoting both', () => {
    const out = checkedBySecondReader(
      { ...clear, value: 'fear', flag: 'abnormal' },
      { reader: 'PP-OCRv4', first: 'fear', text: 'Clear' },
    );
    expect(out).toMatchObject({ uncertain: true, flag: 'normal', value: 'fear' });
    expect(out.reading_note).toContain("read as 'fear', but a second reader (PP-OCRv4) read 'Clear'");
    expect(checkedBySecondReader(clear, { reader: 'PP-OCRv4', first: 'Clear', text: 'CLEAR' })).toBe(clear);
    const none = checkedBySecondReader(clear, { reader: 'PP-OCRv4', first: 'Clear', text: null });
    expect(none.reading_note).toContain('found no word there');
  });
});

describe('a word that is no answer of its test', () => {
  it('is a misreading when a letter or two from one of its answers', () => {
    expect(misreadAnswer('fear', appearance, '')).toBe('clear');
    expect(misreadAnswer('Clear', appearance, '')).toBeNull();
    expect(misreadAnswer('Turbid', appearance, '')).toBeNull();
    // Far from every answer: a word of the lab's own, not judged here.
    expect(misreadAnswer('Straw', appearance, '')).toBeNull();
    expect(misreadAnswer('O Positive', getAnalyte('blood_group') ?? appearance, '')).toBeNull();
  });

  it('is "check it" on a photo even with one reader, not a finding', () => {
    const r = analyzeLines(
      {
        kind: 'png',
        lines: [
          'Name: Asha Devi   Age/Sex: 61 Y / F',
          'URINE ROUTINE EXAMINATION',
          'Test          Result   Unit     Reference',
          'Colour        Pale Yellow       Pale Yellow',
          'Appearance    fear              Clear',
          'pH            6.0               4.6 - 8.0',
        ],
        source: 'ocr',
        ocrConfidence: 0.9,
        totalPages: 1,
        pagesRead: 1,
      },
      'en',
    );
    const a = r.values.find((v) => v.canonical_id === 'urine_appearance');
    expect(a).toMatchObject({ uncertain: true, flag: 'normal' });
    expect(a?.reading_note).toMatch(/'fear' is no answer this test has; it may be 'clear' misread/);
  });
});
