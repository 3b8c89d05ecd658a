import type { ExtractedText, OcrPage } from '../extract/index';
import type { WordBox } from '../extract/ocr';
import { cropRuns, inklessCropRuns, type WordRun } from '../extract/second-reader/crops';
import { ppOcr } from '../extract/second-reader/pp-ocr';
import type { CropReader } from '../extract/second-reader/reader';
import { damagedNameCandidates, matchAnalyte, normaliseName } from '../parse/match-analyte';
import type { Token } from '../parse/tokens';
import type { Analyte } from '../types';

/**
 * A test's name the first reader mangled ('“iateleterit', '@oiymorphs', 'M.CH.C.'), read again by
 * the second reader (issue 31 item 3, decision 252). On phone photos a row whose value reads is
 * lost when its name matches no test: the row is dropped or listed as unread. The name's crop is
 * read by PP-OCR, and its text is taken for the name only when it names one test confidently and
 * alone — one the report does not already show — so that the row is then parsed like any other,
 * its value going through the same agreement rules (agree.ts).
 */

/** A line whose name the second reader is asked for: its index and the first reader's name words. */
export interface NameCandidate {
  line: number;
  /** The name's words on the line (from the first word). */
  run: WordRun;
  /** The first reader's text of the name, as on the line ('“iateleterit'). */
  first: string;
  /** A pen's or a stamp's coloured ink crosses the name (extract/ink.ts). */
  inked?: boolean;
}

/** What the second reader made of a name: its text, and the test it names. */
export interface NameReading {
  line: number;
  first: string;
  second: string;
  analyte: Analyte;
  /**
   * The name put in the text when the second reading itself does not read as the test there
   * ('Monogyres', a range unlike the knowledge base's): the test's own name (photo-pass.ts).
   */
  used?: string;
}

/** Below this the recogniser's own confidence in a name is too low to name a test from. */
export const NAME_CONFIDENCE = 0.75;

/** The longest name worth reading again, in characters. */
const MAX_NAME = 48;

/** A word that is a table's rule or a speck: no letter or digit. */
const RULE_WORD = /^[^\p{L}\p{N}]+$/u;

/** A word that is a value cell's start: a number, after a colon or a bracket at most. */
const NUMBER_WORD = /^[:;|([<>=]*\d/;

/**
 * The name's words of a line: its leading words up to the first number, when those hold letters
 * (three at least) and a number follows them. A line starting with a number has no name to read.
 */
export function nameWords(words: WordBox[]): { from: number; to: number; text: string } | null {
  const at = words.findIndex((w) => NUMBER_WORD.test(w.text));
  // A table's rule before the name ('|') is no part of it: the parser's cells leave it out.
  const from = words.findIndex((w) => !RULE_WORD.test(w.text));
  if (at <= 0 || from < 0 || from >= at) return null;
  const text = words
    .slice(from, at)
    .map((w) => w.text)
    .join(' ');
  if ((text.match(/[A-Za-z]/g) ?? []).length < 3) return null;
  // Longer than any test's name ('Mean Corpuscular Haemoglobin Concentration' is 42): a patient's
  // details or a sentence, and a wide crop costs the recogniser memory for nothing.
  if (text.length > MAX_NAME) return null;
  return { from, to: at - 1, text };
}

/**
 * The lines to ask about: on a photo, each line no value was shown from (or whose value was
 * shown under a name the knowledge base does not know) that starts with a name and has a number
 * after it.
 */
export function nameCandidates(
  text: ExtractedText,
  shown: ReadonlyMap<number, { known: boolean }>,
): NameCandidate[] {
  const page = text.photo;
  if (!page) return [];
  const out: NameCandidate[] = [];
  for (const [line, words] of page.boxes.entries()) {
    const s = shown.get(line);
    if (s?.known) continue;
    const name = nameWords(words);
    if (!name) continue;
    // The name must start the line's text (its words as OCR spaced them), or it cannot be rewritten.
    const first = namePrefix(text.lines[line] ?? '', words.slice(name.from, name.to + 1));
    if (!first) continue;
    const inked = new Set(text.inkedWords?.[line] ?? []);
    out.push({
      line,
      run: { line, from: name.from, to: name.to },
      first,
      ...(words.slice(name.from, name.to + 1).some((w) => inked.has(w.text)) ? { inked: true } : {}),
    });
  }
  return out;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of a line's start that holds these words, however many spaces OCR put between them. */
export function namePrefix(line: string, words: WordBox[]): string | null {
  // After a table's rule at most ('|   MQugéyres').
  const m = new RegExp(`^[^\\p{L}\\p{N}]*?(${words.map((w) => escape(w.text)).join('\\s+')})`, 'u').exec(
    line,
  );
  return m ? m[1] : null;
}

/**
 * The test a second reading of a name stands for, or null: the reader sure of its text, the text
 * naming exactly one test (match-analyte.ts's fuzzy match refuses a tie), not one of the tests
 * the report already shows. The first reader's name may have named it too: its row was lost all
 * the same (its words split into cells: 'Mean Corpuscular', 'H)'), and the clean name mends that.
 */
export function nameFromSecondReading(
  second: string,
  confidence: number,
  present: ReadonlySet<string>,
): Analyte | null {
  if (confidence < NAME_CONFIDENCE) return null;
  const text = cleanName(second);
  if (normaliseName(text).replace(/\s/g, '').length < 3) return null;
  const ctx = { section: 'general' as const, unit: '', fuzzy: true };
  // A name a stamp cut short ('POTASS'): the one test it may be a damaged form of, which the
  // engine then takes only where the row's unit, range and value fit it (interpret/damaged-name.ts).
  const damaged = damagedNameCandidates(text).filter((a) => !present.has(a.id));
  const analyte = matchAnalyte(text, ctx) ?? (damaged.length === 1 ? damaged[0] : null);
  if (!analyte || present.has(analyte.id)) return null;
  return analyte;
}

/** A name as the second reader read it, without the specks and colons round it. */
export function cleanName(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[^\p{Script=Latin}\d\s.,()/%+\-&]/gu, ' ')
    .replace(/^[\s.,-]+|[\s:.,-]+$/g, '')
    .replace(/\s+/g, ' ');
}

/** Reads the candidates' names again; the readings that name a test, by line. */
export async function readNamesAgain(
  page: OcrPage,
  candidates: NameCandidate[],
  present: ReadonlySet<string>,
  reader: CropReader = ppOcr,
): Promise<NameReading[]> {
  if (candidates.length === 0) return [];
  const read = await reader.readCrops(
    await cropRuns(
      page,
      candidates.map((c) => c.run),
    ),
  );
  const named_ = (r: { text: string; confidence: number } | undefined) =>
    r ? nameFromSecondReading(r.text, r.confidence, present) : null;
  // A name a pen or a stamp crosses that was not read is read again with the mark's colour taken
  // out (decision 265), in a call of its own so that the other crops are read as before.
  const again = candidates.filter((c, i) => c.inked && !named_(read[i]));
  const inkless = again.length
    ? await reader.readCrops(
        await inklessCropRuns(
          page,
          again.map((c) => c.run),
        ),
      )
    : [];
  const out: NameReading[] = [];
  const named = new Set<string>();
  const twice = new Set<string>();
  for (const [i, c] of candidates.entries()) {
    const k = again.indexOf(c);
    const r = k >= 0 && inkless[k] ? inkless[k] : read[i];
    const analyte = named_(r);
    if (!analyte) continue;
    if (named.has(analyte.id)) twice.add(analyte.id);
    named.add(analyte.id);
    out.push({ line: c.line, first: c.first, second: cleanName(r.text), analyte });
  }
  // Two lines read as the same test: neither name is sure.
  return out.filter((n) => !twice.has(n.analyte.id));
}

/**
 * The text with each re-read name put in place of the first reader's: on its line, and in the
 * line's first cell (the parser reads cells from `tokens` where OCR placed them).
 */
export function withNames(text: ExtractedText, names: NameReading[]): ExtractedText {
  if (names.length === 0) return text;
  const lines = [...text.lines];
  const tokens = text.tokens ? [...text.tokens] : undefined;
  for (const n of names) {
    const line = lines[n.line];
    const at = line.indexOf(n.first);
    if (at < 0) continue;
    const rest = line.slice(at + n.first.length);
    // The name stays its own cell: two spaces at least before what followed it.
    const name = n.used ?? n.second;
    lines[n.line] = line.slice(0, at) + name + (rest.startsWith('  ') ? rest : `  ${rest.trimStart()}`);
    const cells = tokens?.[n.line];
    if (tokens && cells?.length) tokens[n.line] = renamedCells(cells, n.first, name);
  }
  return { ...text, lines, ...(tokens ? { tokens } : {}) };
}

/**
 * A line's cells with the name's in place of the first reader's: the cells that together were
 * the name become one ('Mean Corpuscular', 'H)'), or a name glued to the value in one cell has
 * its start replaced. Cells that do not start with the name are left as they are.
 */
export function renamedCells(cells: Token[], first: string, second: string): Token[] {
  const want = first.replace(/\s+/g, ' ').trim();
  let joined = '';
  for (let k = 0; k < cells.length; k++) {
    joined = (joined ? `${joined} ` : '') + cells[k].text.trim();
    if (joined === want) return [{ ...cells[0], x1: cells[k].x1, text: second }, ...cells.slice(k + 1)];
    if (!want.startsWith(joined)) break;
  }
  if (cells[0].text.startsWith(first))
    return [{ ...cells[0], text: second + cells[0].text.slice(first.length) }, ...cells.slice(1)];
  return cells;
}

/** The note on a row whose name the second reader gave. */
export function nameNote(n: { first: string; second: string; used?: string }, reader = ppOcr.name): string {
  if (n.used)
    return `The test's name was read as '${n.first.trim()}'; a second reader (${reader}) read '${n.second}', which names ${n.used}.`;
  return `The test's name was read as '${n.first.trim()}'; a second reader (${reader}) read '${n.second}', which is the name used.`;
}
