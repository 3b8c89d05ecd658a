import { matchAnalyte } from './match-analyte';
import { textTokens, type Token } from './tokens';

/**
 * A page printed in two columns: two tables side by side ('HAEMATOLOGY … BIOCHEMISTRY', a row
 * 'Haemoglobin 11.2 g/dL 13-17      Urea 58 mg/dL 15-40'). Every reader takes a line for one row,
 * so the right table's results would be read as the left row's leftovers, or not at all. As a
 * layout analyser does (pdfminer's text boxes), the page is read column by column: the right
 * column's lines follow the left column's block, and each keeps the line it came from.
 *
 * The gutter is found from knowledge and geometry, not from a layout: on at least two lines a
 * known test's name starts at the same place (within a column or two), after a left part that
 * itself holds a name and a number; the block runs up and down to a blank line or a line printed
 * across the gutter.
 */

export interface ColumnsApart {
  lines: string[];
  tokens?: Array<Token[] | undefined>;
  /** For each line of the result, the line of the input it was printed on. */
  origin: number[];
}

/** How far apart (in character columns) two lines' right-hand names may start and share a gutter. */
const SLACK = 3;

function tokensOf(lines: string[], tokens: Array<Token[] | undefined> | undefined, i: number): Token[] {
  return tokens?.[i] ?? textTokens(lines[i]);
}

const known = (text: string) =>
  !!matchAnalyte(text.replace(/[:=]\s*$/, '').trim(), { section: 'general', unit: '', fuzzy: false });

/** Where a second result row starts on this line: the x of a known name after a name and a number. */
function splitPoints(cells: Token[]): number[] {
  if (cells.length < 3 || !known(cells[0].text)) return [];
  const out: number[] = [];
  let numberBefore = false;
  for (let k = 2; k < cells.length; k++) {
    numberBefore ||= /\d/.test(cells[k - 1].text);
    if (!numberBefore) continue;
    if (/\d/.test(cells[k].text) && !/[A-Za-z]{2}/.test(cells[k].text)) continue;
    if (known(cells[k].text)) out.push(cells[k].x0);
  }
  return out;
}

/** No cell of the line is printed across x (a cell ending just before it, or starting at it, is fine). */
function clearAt(cells: Token[], x: number): boolean {
  return cells.every((c) => c.x1 <= x - 1 || c.x0 >= x - SLACK);
}

function textOf(cells: Token[], from: number): string {
  let out = '';
  for (const c of cells) {
    const at = Math.max(0, Math.round(c.x0 - from));
    out += (out.length ? ' '.repeat(Math.max(2, at - out.length)) : ' '.repeat(at)) + c.text;
  }
  return out;
}

export function columnsApart(lines: string[], tokens?: Array<Token[] | undefined>): ColumnsApart {
  const cellsOf = lines.map((_, i) => tokensOf(lines, tokens, i));
  const points = cellsOf.map(splitPoints);
  // Blocks: runs of lines sharing a gutter x, seeded by lines whose both halves are results.
  const moved: Array<{ from: number; to: number; x: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    for (const x of points[i]) {
      let end = i;
      let seeds = 1;
      // Lines below: those split at the same x, or with nothing across it (a row of one side only).
      for (let j = i + 1; j < lines.length; j++) {
        const cells = cellsOf[j];
        if (!cells.length) break;
        if (!clearAt(cells, x)) break;
        if (points[j].some((p) => Math.abs(p - x) <= SLACK)) seeds++;
        end = j;
      }
      if (seeds < 2) continue;
      // Lines above, the same way: rows whose names matched nothing exactly ('TOTAL LEUKOCYTE'),
      // a heading or a header row split at the gutter ('HAEMATOLOGY   BIOCHEMISTRY').
      let start = i;
      for (let j = i - 1; j >= 0; j--) {
        const cells = cellsOf[j];
        if (!cells.length || !clearAt(cells, x)) break;
        start = j;
      }
      moved.push({ from: start, to: end, x });
      i = end;
      break;
    }
  }
  if (!moved.length) return { lines, tokens, origin: lines.map((_, i) => i) };

  // The right column's lines right after its block, a blank line between, so no row joins across
  // and the sections around keep their order ('BIOCHEMISTRY' block, then 'URINE ROUTINE').
  const outLines: string[] = [];
  const outTokens: Array<Token[] | undefined> = [];
  const origin: number[] = [];
  const put = (line: string, cells: Token[] | undefined, from: number) => {
    outLines.push(line);
    outTokens.push(cells);
    origin.push(from);
  };
  let next = 0;
  for (const block of moved) {
    for (; next < block.from; next++) put(lines[next], tokens?.[next], next);
    const gutter = (c: Token) => c.x0 >= block.x - SLACK;
    // The right column keeps its cells' alignment, moved to the page's left edge.
    const rights = cellsOf.slice(block.from, block.to + 1).map((cells) => cells.filter(gutter));
    const shift = Math.min(...rights.flatMap((r) => (r.length ? [r[0].x0] : [])));
    for (let j = block.from; j <= block.to; j++) {
      const left = cellsOf[j].filter((c) => !gutter(c));
      put(textOf(left, 0), left, j);
    }
    put('', undefined, block.to);
    for (let j = block.from; j <= block.to; j++) {
      const right = rights[j - block.from].map((c) => ({ ...c, x0: c.x0 - shift, x1: c.x1 - shift }));
      put(textOf(right, 0), right, j);
    }
    next = block.to + 1;
  }
  for (; next < lines.length; next++) put(lines[next], tokens?.[next], next);
  return { lines: outLines, tokens: tokens ? outTokens : undefined, origin };
}

/** Where each printed line now is: the first line of the result that came from it. */
export function movedIndex(origin: number[], printed: number): number {
  const at = origin.indexOf(printed);
  return at < 0 ? printed : at;
}
