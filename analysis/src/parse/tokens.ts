import Papa from 'papaparse';

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
export const VERTICAL_RULE = /[│┃┆┇┊┋║|]/;
/** A line that only draws a horizontal rule or a box corner ('├────┼────┤', '+-----+', '=====', '|:---|'). */
const RULE_LINE = /^[\s─━═┄┅┈┉╌╍┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╒╕╘╛╞╡╤╧╪│┃║|+=_:-]*$/;

export function isRuleLine(line: string): boolean {
  return line.trim().length >= 3 && RULE_LINE.test(line) && /[─━═┄┅┈┉╌╍┼+=_-]{3}/.test(line);
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

/** A field separator a row draws explicitly: a tab or a vertical rule (│ ┃ ┆ ║ |). */
const SEPARATOR = /\t|[│┃┆┇┊┋║|]/;

/**
 * A row's fields between its explicit separators (tabs, │ | rules), in order, empty fields kept
 * (an empty result cell stays empty); null when the line has none. Such rows pad their cells
 * unevenly (a cell starts anywhere between its rules), so field i belongs to the column of the
 * header's field i, whatever its position; x0 and x1 are where the field's text sits (or where
 * the empty field is). Markdown emphasis ('**13.5**') is no part of a field's text.
 */
export function separatedFields(line: string): Token[] | null {
  if (!SEPARATOR.test(line) || isRuleLine(expandTabs(line))) return null;
  const out: Token[] = [];
  let col = 0;
  let field = '';
  let start = 0;
  const close = () => {
    const lead = field.length - field.trimStart().length;
    const text = field.trim().replace(/\*\*(.+?)\*\*/g, '$1');
    out.push({ text, x0: start + lead, x1: start + lead + Math.max(text.length, 0) });
  };
  for (const ch of line) {
    if (ch === '\t' || /[│┃┆┇┊┋║|]/.test(ch)) {
      close();
      col = ch === '\t' ? (Math.floor(col / 8) + 1) * 8 + (8 - (col % 8) < 2 ? 8 : 0) : col + 1;
      field = '';
      start = col;
      continue;
    }
    field += ch;
    col++;
  }
  close();
  // The rules drawn at the row's two ends open and close it: no field lies outside them.
  if (out.length > 1 && !out[0].text && /^\s*[│┃┆┇┊┋║|]/.test(line)) out.shift();
  if (out.length > 1 && !out[out.length - 1].text && /[│┃┆┇┊┋║|]\s*$/.test(line)) out.pop();
  return out.length >= 2 ? out : null;
}

/**
 * Field delimiters of a delimited export (a LIS's 'export to CSV' printed or saved as text): a
 * semicolon (what spreadsheets write in Indian and European locales) or a comma.
 */
const DELIMITERS = [';', ','] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * A line of a delimited export split at its delimiter, quoted fields unquoted (RFC 4180, by
 * papaparse: '"1,50,000"' is one field), in order, empty fields kept; null when the line is not one.
 * x0 and x1 are where each field's text sits on the line.
 */
export function delimitedFields(line: string, delimiter: Delimiter): Token[] | null {
  if (!line.includes(delimiter)) return null;
  line = photoQuotes(line);
  const parsed = Papa.parse<string[]>(line.trim(), { delimiter, quoteChar: '"', newline: '\n' });
  const row = parsed.data[0];
  // A quote left open is a line cut short (at the page's edge, or by OCR): its fields still stand.
  const broken = parsed.errors.some((e) => e.code !== 'MissingQuotes');
  if (!row || row.length < 2 || broken) return quotedFields(line);
  const out: Token[] = [];
  let at = 0;
  for (const raw of row) {
    const text = raw.trim();
    const x0 = text ? Math.max(at, line.indexOf(text, at)) : at;
    out.push({ text, x0, x1: x0 + text.length });
    at = Math.max(at, line.indexOf(delimiter, x0 + text.length) + 1);
  }
  return out;
}

/**
 * A quoted export's line as a photo's OCR reads it, put back: a straight quote read as a curly one
 * ('“Haemoglobin“'), an empty field '""' read as '™', and a speck of the page's edge set apart
 * before or after the quoted fields ('"Test Name","Result"      B'), which no export prints.
 */
function photoQuotes(line: string): string {
  return line
    .replace(/[“”„‟″]/g, '"')
    .replace(/(^|[,;])\s*™\s*(?=[,;]|$)/g, '$1""')
    .replace(/^\s*[^"\s]{1,2}\s{2,}(?=")/, '')
    .replace(/"\s{3,}[^"\s]{1,2}\s*$/, '"');
}

/**
 * A line of quoted fields whose delimiters a photo's OCR lost or doubled ('"15" "g/dL"',
 * '"44.3""%"'): the quoted runs are its fields, when nothing but delimiters and spaces lies between
 * them. null for any other line.
 */
function quotedFields(line: string): Token[] | null {
  const runs = [...line.matchAll(/"([^"]*)"/g)];
  if (runs.length < 2 || !/^\s*"/.test(line)) return null;
  if (!/^[\s,;]*$/.test(line.replace(/"[^"]*"/g, ''))) return null;
  return runs.map((m) => {
    const text = m[1].trim();
    const x0 = (m.index ?? 0) + 1 + m[1].indexOf(text);
    return { text, x0, x1: x0 + text.length };
  });
}

/**
 * The delimiter of a delimited export's header line ('Test Name;Result;Unit;Reference Range',
 * '"Parameter","Value","Units"'): the one that splits it into three fields or more, each a short
 * phrase and none empty (a sentence with commas is no header). null for any other line.
 */
export function delimiterOf(line: string): Delimiter | null {
  if (/\S {2,}\S|\t|[│┃┆┇┊┋║|]/.test(photoQuotes(line).trim())) return null;
  for (const d of DELIMITERS) {
    const f = delimitedFields(line, d);
    if (f && f.length >= 3 && f.every((x) => x.text && x.text.length <= 40 && x.text.split(' ').length <= 4))
      return d;
  }
  return null;
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
