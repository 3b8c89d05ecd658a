/**
 * Positioned tokens: the cells of a printed line with where they sit across the page, in
 * character columns (x0 inclusive, x1 exclusive). Every source yields them: a text file from its
 * character columns (tabs expanded to their stops; rule characters │ ┃ ┆ ║ and | separate cells,
 * runs of ─ ═ and rows of + - are rules, not text), a PDF from its text items' x positions and an
 * OCR'd image from tesseract's word boxes (both divided by the page's character width). The table
 * reader (tables.ts) finds columns from these positions instead of guessing them from spaces.
 */
export interface Token {
  text: string;
  x0: number;
  x1: number;
}

/** Characters that draw a table's vertical rules. */
const VERTICAL_RULE = /[│┃┆┇┊┋║|]/;
/** A line that only draws a horizontal rule or a box corner ('├────┼────┤', '+-----+', '====='). */
const RULE_LINE = /^[\s─━═┄┅┈┉╌╍┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╒╕╘╛╞╡╤╧╪│┃║|+=_-]*$/;

export function isRuleLine(line: string): boolean {
  return line.trim().length >= 3 && RULE_LINE.test(line) && /[─━═┄┅┈┉╌╍┼+=_-]{3}/.test(line);
}

/** A line with box-drawing vertical rules (unicode, not markdown's plain pipes). */
export function hasBoxRules(line: string): boolean {
  return /[│┃┆┇┊┋║]/.test(line);
}

/**
 * Tabs expanded to stops of eight columns. A tab always separates cells, so it is at least two
 * spaces wide (a cell ending one column before a stop would otherwise touch the next cell).
 */
export function expandTabs(line: string, stop = 8): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) {
    if (ch !== '\t') {
      out += ch;
      continue;
    }
    let next = (Math.floor(out.length / stop) + 1) * stop;
    if (next - out.length < 2) next += stop;
    out += ' '.repeat(next - out.length);
  }
  return out;
}

/**
 * A text line's cells: runs of characters separated by two or more spaces or by a vertical rule.
 * A single space joins words of one cell ('Total Cholesterol', '13.0 - 17.0').
 */
export function textTokens(line: string): Token[] {
  const expanded = expandTabs(line);
  if (isRuleLine(expanded)) return [];
  const out: Token[] = [];
  const re = /[^\s│┃┆┇┊┋║|](?:[^\s│┃┆┇┊┋║|]| (?=[^\s│┃┆┇┊┋║|]))*/g;
  for (const m of expanded.matchAll(re)) {
    const x0 = m.index ?? 0;
    out.push({ text: m[0], x0, x1: x0 + m[0].length });
  }
  return out;
}

/** A word with its box on the page (a PDF text item, an OCR word), in any unit. */
export interface PlacedWord {
  text: string;
  left: number;
  right: number;
}

/**
 * Words on one printed line grouped into cells and placed in character columns: words closer
 * than `joinGap` character widths belong to one cell.
 */
export function placedTokens(words: PlacedWord[], charWidth: number, joinGap = 1.2): Token[] {
  const sorted = words.filter((w) => w.text.trim()).sort((a, b) => a.left - b.left);
  const out: Token[] = [];
  let cur: { text: string; left: number; right: number } | null = null;
  for (const w of sorted) {
    // A rule OCR glued to a word ('|6.5', 'Nil|') is not part of it.
    const text = w.text.trim().replace(/^[|│┃]+(?=\S)|(?<=\S)[|│┃]+$/g, '');
    if (VERTICAL_RULE.test(text) && text.length === 1) {
      if (cur) out.push(toToken(cur, charWidth));
      cur = null;
      continue;
    }
    // A word starting well inside the previous one is another cell the previous overflowed into
    // (a long name drawn past its column), not the next word of it.
    const gap = cur ? w.left - cur.right : 0;
    if (cur && gap <= charWidth * joinGap && gap > -charWidth * 0.5) {
      cur.text += ` ${text}`;
      cur.right = Math.max(cur.right, w.right);
    } else {
      if (cur) out.push(toToken(cur, charWidth));
      cur = { text, left: w.left, right: w.right };
    }
  }
  if (cur) out.push(toToken(cur, charWidth));
  return out;
}

function toToken(c: { text: string; left: number; right: number }, charWidth: number): Token {
  const x0 = Math.round(c.left / charWidth);
  return { text: c.text, x0, x1: Math.max(x0 + 1, Math.round(c.right / charWidth)) };
}

/** A line drawn back from its tokens, each at its column (two spaces at least between cells). */
export function lineOf(tokens: Array<{ text: string; x0: number }>): string {
  let line = '';
  for (const t of [...tokens].sort((a, b) => a.x0 - b.x0)) {
    if (!t.text) continue;
    const pad = line.length === 0 ? t.x0 : Math.max(2, t.x0 - line.length);
    line += ' '.repeat(pad) + t.text;
  }
  return line;
}
