import type { EngineOptions } from '../engine';
import type { ExtractedText, OcrPage } from '../extract/index';
import type { CropReader } from '../extract/second-reader/reader';
import { sameInkWord } from '../interpret/check-row';
import { isNoResult } from '../knowledge/findings';
import type { AnalysisResult, ExtractedValue, Language } from '../types';
import { checkedBySecondReader, numberRead, type SecondReading } from './agree';
import { readValuesAgain, sourceKey, type ValueSource } from './second-reading';

/**
 * A value a pen stroke or a stamp crosses is "check it" on a photo (interpret/check-row.ts,
 * decision 141): the stroke may hide a digit, or be read as one. Stamps and ballpoint pens are
 * coloured dye over black print, so the second reader can read the value's crop with the mark's
 * colour taken out (extract/second-reader/inkless.ts). Where it reads there what the first reader
 * read on the page, two readers of different families saw the same value, through the mark and
 * in spite of it: the value is read like any other — its range, mark and relations — with a note
 * that the mark crosses it (decision 265). Where it reads anything else, or nothing, the value
 * stays "check it".
 */

/** A number ending in a point, a colon or a comma: the reading stops where the mark crosses it. */
const CUT_SHORT = /\d[.:,;]$/;

/** The words of the value's cell are among the line's words coloured ink crosses. */
function inkedValue(inkedWords: string[][], source: ValueSource): boolean {
  const words = inkedWords[source.line];
  if (!words?.length) return false;
  return source.raw
    .trim()
    .split(/\s+/)
    .some((token) => words.some((w) => sameInkWord(token, w)));
}

export async function seenThroughInk(
  text: ExtractedText,
  page: OcrPage,
  language: Language,
  analyse: (text: ExtractedText, language: Language, options?: EngineOptions) => AnalysisResult,
  reader: CropReader,
): Promise<{ text: ExtractedText; readings: Map<string, SecondReading> }> {
  const inkedWords = text.inkedWords;
  const none = { text, readings: new Map<string, SecondReading>() };
  if (!page.colour || !inkedWords?.some((w) => w.length)) return none;
  // The values the ink alone makes "check it": those the text shows as read when it is not counted.
  const found: Array<{ v: ExtractedValue; source: ValueSource }> = [];
  analyse({ ...text, inkedWords: undefined }, language, {
    eachValue: (v, source) => {
      const result = typeof v.value === 'number' || !isNoResult(v.value);
      if (!v.uncertain && result && inkedValue(inkedWords, source)) found.push({ v, source });
      return v;
    },
  });
  if (found.length === 0) return none;
  const sources = found.map((f) => f.source);
  const read = await readValuesAgain(page, sources, reader, true);
  // The crops as they are too: where the mark is taken out, print under it may go with it.
  const plain = await readValuesAgain(page, sources, reader);
  const left = inkedWords.map((words) => [...words]);
  const readings = new Map<string, SecondReading>();
  for (const { v, source } of found) {
    const key = sourceKey(source);
    const reading = read.get(key);
    if (!reading || !seenThrough(v, source.raw, reading, plain.get(key))) continue;
    readings.set(key, reading);
    const tokens = source.raw.trim().split(/\s+/);
    left[source.line] = left[source.line].filter((w) => !tokens.some((t) => sameInkWord(t, w)));
  }
  return readings.size ? { text: { ...text, inkedWords: left }, readings } : none;
}

/**
 * Whether the second reader's reading of a value's crop with the mark taken out (`inkless`)
 * shows the value as the first reader read it: the same value by the agreement rules (agree.ts),
 * neither reading cut short where the mark crosses it ('10.' or '10:' for 10.1: a digit may be
 * lost under the mark, whatever the readers agree on), and the crop as it is (`plain`, the mark
 * left in) read as no other number (print under a stroke can go with the stroke).
 */
export function seenThrough(
  v: ExtractedValue,
  raw: string,
  inkless: SecondReading,
  plain: SecondReading | undefined,
): boolean {
  if (checkedBySecondReader(v, inkless).uncertain) return false;
  if (typeof v.value !== 'number') return true;
  if ([raw, inkless.text ?? ''].some((t) => CUT_SHORT.test(t.trim()))) return false;
  return !(plain?.text && numberRead(plain.text) && checkedBySecondReader(v, plain).uncertain);
}

/** The note on a value a mark crosses that both readers read the same. */
export function seenThroughNote(reader: string): string {
  return `A pen stroke or a stamp crosses the value; a second reader (${reader}) read the same with the mark's colour taken out.`;
}
