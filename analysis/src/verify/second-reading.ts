import type { OcrPage } from '../extract/index';
import type { WordBox } from '../extract/ocr';
import { cropRuns, inklessCropRuns, type WordRun } from '../extract/second-reader/crops';
import { ppOcr } from '../extract/second-reader/pp-ocr';
import type { CropReader } from '../extract/second-reader/reader';
import type { SecondReading } from './agree';

/** Where a value shown was read: its line of the OCR text and the cell's text as read. */
export interface ValueSource {
  line: number;
  raw: string;
  /** The row's unit as read ('' when none). */
  unit: string;
}

export function sourceKey(s: ValueSource): string {
  return `${s.line}\u0000${s.raw}\u0000${s.unit}`;
}

/** A word without the marks a reader puts round a number: a colon, a rule, a bracket. */
function bare(text: string): string {
  return text.replace(/^[:;|[\](){}!]+|[:;|[\](){}!]+$/g, '');
}

/**
 * The words of a line that hold a value's cell as read: a word that is the cell, or else the
 * fewest words (up to three) whose text joined holds it. The cell's own text comes from those
 * words, so it is found unless a table's rule was split off it (table-rules.ts) — then its number
 * alone is looked for.
 */
export function locate(words: WordBox[], raw: string, after = 0): WordRun | null {
  const target = raw.replace(/\s+/g, '');
  if (!target) return null;
  const exact = words.findIndex((w, i) => i >= after && bare(w.text) === bare(target));
  if (exact >= 0) return { line: 0, from: exact, to: exact };
  const number = /\d[\d.,]*/.exec(target)?.[0];
  for (const want of number && number !== target ? [target, number] : [target]) {
    for (let len = 1; len <= 3; len++) {
      for (let i = after; i + len <= words.length; i++) {
        const joined = words
          .slice(i, i + len)
          .map((w) => w.text)
          .join('');
        if (joined.includes(want)) return { line: 0, from: i, to: i + len - 1 };
      }
    }
  }
  return null;
}

/**
 * The second reader's reading of every value's crop (decision 200): the words the first reader
 * read the value from, cut out of the image it read, recognised again by another reader. A value
 * whose words cannot be found on its line gets a reading of nothing (`text` null).
 */
export async function readValuesAgain(
  page: OcrPage,
  sources: ValueSource[],
  reader: CropReader = ppOcr,
  /** Cut the crops from the page with a pen's and a stamp's colour taken out (inkless.ts). */
  inkless = false,
): Promise<Map<string, SecondReading>> {
  const out = new Map<string, SecondReading>();
  const runs: Array<{ key: string; run: WordRun; first: string; unit?: { run: WordRun; first: string } }> =
    [];
  const text = (words: WordBox[], run: WordRun) =>
    words
      .slice(run.from, run.to + 1)
      .map((w) => w.text)
      .join(' ');
  for (const s of sources) {
    const key = sourceKey(s);
    if (out.has(key) || runs.some((r) => r.key === key)) continue;
    const words = page.boxes[s.line] ?? [];
    const at = locate(words, s.raw);
    if (!at) {
      out.set(key, { reader: reader.name, first: s.raw, text: null });
      continue;
    }
    // The unit: its words after the value's (a unit glued to the value is read with it).
    const unitAt = s.unit.trim() ? locate(words, s.unit, at.to + 1) : null;
    const unit = unitAt ? { run: { ...unitAt, line: s.line }, first: text(words, unitAt) } : undefined;
    runs.push({ key, run: { ...at, line: s.line }, first: text(words, at), unit });
  }
  const all = runs.flatMap((r) => (r.unit ? [r.run, r.unit.run] : [r.run]));
  const crops = inkless ? await inklessCropRuns(page, all) : await cropRuns(page, all);
  if (crops.length < all.length) return out;
  const read = await reader.readCrops(crops);
  let k = 0;
  for (const r of runs) {
    const value = read[k++];
    const unit = r.unit ? { first: r.unit.first, text: read[k++].text } : undefined;
    out.set(r.key, { reader: reader.name, first: r.first, text: value.text, ...(unit ? { unit } : {}) });
  }
  return out;
}
