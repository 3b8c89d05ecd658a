import type { ExtractedText, OcrPage } from '../extract/index';
import { cropBoxes } from '../extract/second-reader/crops';
import type { CropReader } from '../extract/second-reader/reader';
import type { Token } from '../parse/tokens';
import { numberRead, type SecondReading } from './agree';
import { locate, type ValueSource } from './second-reading';

/**
 * A photo's row whose test's name was read but whose result was not (under a stamp or a pen
 * stroke the page's reading lost it, or read it as specks: 'I»', '~_E'), read again: the result
 * column's cell on that line is cut out (the column's place taken from the values read on the
 * nearest lines) and read by both readers, tesseract and PP-OCR, on the crop alone. The number is
 * put in the line only when both read the same number (issue 31 item 2's agreement, with no repair
 * of either reading); the row is then read like any other, against its range, mark and relations.
 */

/** A line to read again: a test named there whose result was not read. */
export interface ColumnCandidate {
  line: number;
  canonical_id: string;
}

/** A cell both readers read as the same number. */
export interface ColumnReading {
  line: number;
  canonical_id: string;
  /** The number as both read it ('9.4'). */
  value: string;
  /** What each reader saw on the crop. */
  reading: SecondReading;
  /** The result column's cells on the line (character units, as the line's tokens). */
  cells: { x0: number; x1: number };
}

/** Lines nearest a candidate whose values say where the result column is. */
const NEIGHBOURS = 3;

/** A result cell's text: a number, a colon or a rule before it at most, a lab's mark after it. */
const CELL = /^[:;|[(]*\s*(\d[\d,]*(?:\.\d+)?)\s*(?:[HL*]|↑|↓)?[)\]|.]*$/;

/** The number a reader's text of a result cell holds, as printed, or null when it is not one. */
export function cellNumber(text: string | null): string | null {
  const t = (text ?? '').normalize('NFKC').trim();
  const m = CELL.exec(t);
  return m ? m[1] : null;
}

/** Where a shown value's cell is on its line: in pixels (its words) and in the line's character units. */
interface Placed {
  line: number;
  px: { x0: number; x1: number; y0: number; y1: number };
  cells: { x0: number; x1: number } | null;
}

function placed(page: OcrPage, tokens: ExtractedText['tokens'], s: ValueSource): Placed | null {
  const words = page.boxes[s.line] ?? [];
  const at = locate(words, s.raw);
  if (!at) return null;
  const run = words.slice(at.from, at.to + 1);
  const cell = tokens?.[s.line]?.find((t) => t.text.replace(/\s+/g, '').includes(s.raw.replace(/\s+/g, '')));
  return {
    line: s.line,
    px: {
      x0: Math.min(...run.map((w) => w.x0)),
      x1: Math.max(...run.map((w) => w.x1)),
      y0: Math.min(...run.map((w) => w.y0)),
      y1: Math.max(...run.map((w) => w.y1)),
    },
    cells: cell ? { x0: cell.x0, x1: cell.x1 } : null,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
}

/**
 * The result column's box on a candidate's line: across, the values read on the nearest lines
 * (from the leftmost start to the rightmost end of their cells); down, the line's own words.
 */
export function columnOnLine(
  page: OcrPage,
  line: number,
  values: Placed[],
): { box: { x0: number; x1: number; y0: number; y1: number }; cells: { x0: number; x1: number } } | null {
  const words = page.boxes[line] ?? [];
  const near = values
    .filter((v) => v.line !== line && v.cells)
    .sort((a, b) => Math.abs(a.line - line) - Math.abs(b.line - line))
    .slice(0, NEIGHBOURS);
  if (words.length === 0 || near.length < 2) return null;
  const box = {
    x0: Math.min(...near.map((v) => v.px.x0)),
    x1: Math.max(...near.map((v) => v.px.x1)),
    // The name's band (its words' middle top and bottom): a speck or a pen stroke read as a word
    // makes a word's box tall.
    y0: median(words.filter((w) => w.x1 < near[0].px.x0).map((w) => w.y0)),
    y1: median(words.filter((w) => w.x1 < near[0].px.x0).map((w) => w.y1)),
  };
  // The name's words end before the column: a line whose name runs into it is not this table's.
  if (words[0].x1 >= box.x0 || !(box.y1 > box.y0)) return null;
  return {
    box,
    cells: { x0: Math.min(...near.map((v) => v.cells!.x0)), x1: Math.max(...near.map((v) => v.cells!.x1)) },
  };
}

/**
 * The candidates' result cells read by both readers; the ones they read as the same number.
 * `shown`: the values shown as read on the page (their cells place the column).
 */
export async function readColumnAgain(
  text: ExtractedText,
  candidates: ColumnCandidate[],
  shown: ValueSource[],
  readers: { first: CropReader; second: CropReader },
): Promise<ColumnReading[]> {
  const page = text.photo;
  if (!page || !text.tokens || candidates.length === 0) return [];
  const values = shown.flatMap((s) => placed(page, text.tokens, s) ?? []);
  const asked = candidates.flatMap((c) => {
    const col = columnOnLine(page, c.line, values);
    return col ? [{ ...c, ...col }] : [];
  });
  if (asked.length === 0) return [];
  // Half a line's height of paper each side: a digit the page's reading lost at the cell's edge.
  const crops = await cropBoxes(
    page,
    asked.map((a) => ({ ...a.box, pad: (a.box.y1 - a.box.y0) * 0.5 })),
  );
  const first = await readers.first.readCrops(crops);
  const second = await readers.second.readCrops(crops);
  const out: ColumnReading[] = [];
  for (const [i, a] of asked.entries()) {
    const one = cellNumber(first[i]?.text ?? null);
    const two = cellNumber(second[i]?.text ?? null);
    if (!one || !two) continue;
    const x = numberRead(one);
    const y = numberRead(two);
    // The same number, printed alike (a point in both or in neither): no confusion repaired.
    if (!x || !y || x.value !== y.value || x.point !== y.point) continue;
    out.push({
      line: a.line,
      canonical_id: a.canonical_id,
      value: one.replace(/,/g, ''),
      reading: { reader: readers.second.name, first: first[i].text, text: second[i].text },
      cells: a.cells,
    });
  }
  return out;
}

/**
 * The text with each agreed number put in its line's result column: the line's cells there (the
 * specks read in its place) replaced by the number, and the line's text laid out again from its
 * cells, as OCR lays out a line (two spaces at least between cells).
 */
export function withColumnValues(text: ExtractedText, readings: ColumnReading[]): ExtractedText {
  if (readings.length === 0 || !text.tokens) return text;
  const lines = [...text.lines];
  const tokens = [...text.tokens];
  for (const r of readings) {
    const cells = tokens[r.line] ?? [];
    const inColumn = (t: Token) => (t.x0 + t.x1) / 2 >= r.cells.x0 - 1 && (t.x0 + t.x1) / 2 <= r.cells.x1 + 1;
    const kept = cells.filter((t) => !inColumn(t));
    const at = Math.max(r.cells.x0, (kept.filter((t) => t.x1 <= r.cells.x0).pop()?.x1 ?? 0) + 2);
    const next = [...kept, { text: r.value, x0: at, x1: at + r.value.length }].sort((a, b) => a.x0 - b.x0);
    tokens[r.line] = next;
    lines[r.line] = layOut(lines[r.line] ?? '', next);
  }
  return { ...text, lines, tokens };
}

/** A line's text from its cells: its indent kept, each cell at its place, two spaces at least apart. */
export function layOut(line: string, cells: Token[]): string {
  let out = /^\s*/.exec(line)![0];
  let end = -Infinity;
  for (const c of cells) {
    if (out.trim()) out += ' '.repeat(Math.max(2, c.x0 - end));
    out += c.text;
    end = c.x1;
  }
  return out;
}

/** The note on a value read only on the second reading of its cell. */
export function columnNote(r: ColumnReading): string {
  return `The value was not read on the page; read again from its cell, tesseract read '${r.reading.first.trim()}' and a second reader (${r.reading.reader}) '${(r.reading.text ?? '').trim()}', which agree.`;
}
