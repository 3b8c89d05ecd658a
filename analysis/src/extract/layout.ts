import { placedTokens, type Token } from '../parse/tokens';

/**
 * Turns positioned text fragments (PDF text items, OCR words) into plain lines that keep the
 * page's columns: fragments on one baseline become one line, sorted left to right, and a wide
 * horizontal gap becomes two or more spaces, the same column separator a plain-text LIS export
 * uses. The lab-value parser then reads every format the same way.
 */
export interface Fragment {
  text: string;
  x: number;
  /** Baseline; larger is further down the page (callers flip PDF coordinates). */
  y: number;
  width: number;
  height: number;
}

/** The median width of a character over fragments (of one page or of a whole document). */
export function charWidthOf(fragments: Fragment[]): number {
  const items = fragments.filter((f) => f.text.trim().length > 0);
  return Math.max(1, median(items.map((f) => f.width / Math.max(1, f.text.length))));
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function fragmentsToLines(fragments: Fragment[]): string[] {
  return fragmentsToRows(fragments).lines;
}

/**
 * The lines, and for each line its cells with their positions (parse/tokens.ts): x divided by
 * the page's character width, so a cell sits at its true column even where the spaced line's
 * text drifted (a wide uppercase name pushing the next cell along).
 */
export function fragmentsToRows(
  fragments: Fragment[],
  /** The document's character width, so the cells of every page share one scale. */
  tokenCharWidth?: number,
): { lines: string[]; tokens: Token[][] } {
  const items = fragments.filter((f) => f.text.trim().length > 0);
  if (items.length === 0) return { lines: [], tokens: [] };
  // Average character width, used to turn x positions into text columns.
  const charWidth = Math.max(1, median(items.map((f) => f.width / Math.max(1, f.text.length))));
  const lineHeight = Math.max(1, median(items.map((f) => f.height)));
  const tolerance = lineHeight * 0.45;

  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Fragment[][] = [];
  let rowY = Number.NEGATIVE_INFINITY;
  for (const f of sorted) {
    const current = rows[rows.length - 1];
    if (current && Math.abs(f.y - rowY) <= tolerance) current.push(f);
    else {
      rows.push([f]);
      rowY = f.y;
    }
  }

  const lines: string[] = [];
  const tokens: Token[][] = [];
  let previousY: number | null = null;
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let line = '';
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (const f of row) {
      const column = Math.round(f.x / charWidth);
      const gap = f.x - lastEnd;
      if (line.length === 0) line = ' '.repeat(Math.max(0, column));
      else if (gap > charWidth * 1.2) line += ' '.repeat(Math.max(2, column - line.length));
      else if (gap > charWidth * 0.2 && !line.endsWith(' ') && !f.text.startsWith(' ')) line += ' ';
      line += f.text;
      lastEnd = f.x + f.width;
    }
    // A blank line where the vertical gap is large keeps paragraphs and tables apart.
    if (previousY !== null && row[0].y - previousY > lineHeight * 2.2) {
      lines.push('');
      tokens.push([]);
    }
    lines.push(line.replace(/\s+$/, ''));
    tokens.push(
      placedTokens(
        row.map((f) => ({ text: f.text, left: f.x, right: f.x + f.width })),
        tokenCharWidth ?? charWidth,
      ),
    );
    previousY = row[0].y;
  }
  return { lines, tokens };
}
