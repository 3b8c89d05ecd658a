import { labelledRange } from './cells';
import { matchAnalyte } from './match-analyte';
import { devanagariKey } from './devanagari';
import { isNumberToken, isPlainNumber } from './numbers';
import {
  delimitedFields,
  delimiterOf,
  isRuleLine,
  lineOf,
  separatedFields,
  textTokens,
  type Delimiter,
  type Token,
} from './tokens';
import { isUnitToken, unitInBrackets } from './units';
import { placeByKind, placingContradicted } from './cell-kinds';
import { isFlagToken, isValueWithUnit, readValueCell } from './values';

/**
 * The table reader: positioned tokens → tables → columns with roles → rows.
 *
 * A table starts at its header, the line whose words name columns. Each header word gives its
 * column a role (HEADER_WORDS below: test name, result, earlier result, method, specimen, serial
 * number, unit, reference interval, flag/status, remark); a header cell holding a date is the
 * result when it is the newest date of the header and an earlier result otherwise. The columns'
 * bands come from where the header's words sit; every cell of the lines below goes to the band it
 * overlaps most. A row that draws its separators (pipes, box rules, tabs) under a header that
 * draws them too is read by field order instead: field i is in the column of the header's field i
 * and an empty field stays empty, however unevenly the cells are padded. A line with a cell in
 * the result column starts a row ("a row starts where its result starts"); a line right below it
 * with cells only in the name, method or range columns continues it (a wrapped name or method, a
 * second range line) — or, in a table that prints a wrapped name's first line above its result,
 * a name-only line joins the row under it. Two name columns on one header are two tables side by
 * side, read one after the other; so are twin column groups (a percentage and an absolute
 * count per row), the second taking the name of the row beside it.
 *
 * Its output is the document in reading order: each row with its cells' roles and the lines it
 * came from (`TableRow`, turned into the row reader's cells by table-rows.ts, which reads no column
 * that is never the result: an earlier visit's, a method, a specimen, a serial number, a remark),
 * and the lines it left for the other readers (lab-lines.ts), as printed.
 */
export type ColumnRole =
  | 'sno'
  | 'name'
  | 'result'
  | 'previous'
  | 'method'
  | 'specimen'
  | 'unit'
  | 'range'
  | 'low'
  | 'high'
  | 'flag'
  | 'remark'
  | 'other';

/**
 * What a header's words say a column holds, in English and in Hindi ('जाँच', 'परिणाम', 'इकाई',
 * 'सामान्य सीमा'). Add a layout's header words here (after OCR's usual
 * slips are undone in `normalise`); the first matching role wins.
 */
export const HEADER_WORDS: Array<[ColumnRole, RegExp]> = [
  ['sno', /^(?:s\.?\s*no\.?|sr\.?\s*no\.?|sl\.?\s*no\.?|#|no\.?|serial(?:\s+no\.?)?)$/i],
  [
    'previous',
    /^(?:(?:previous|prev\.?|last|earlier|old|past|prior)\s*(?:results?|values?|reading|visit|report)?|(?:results?|values?)\s*\(?(?:previous|prev\.?|last|earlier)\)?|cumulative)$/i,
  ],
  [
    'result',
    /^(?:results?|values?|observed(?:\s+values?)?|observations?|your\s+(?:results?|values?)|test\s+(?:results?|values?)|result\s+values?|obs\.?\s*values?|patient\s+(?:results?|values?)|reading|patient|patient'?s\s+(?:results?|values?)|current(?:\s+(?:results?|values?))?|present(?:\s+(?:results?|values?))?|today|%|percent(?:age)?|परिणाम|नतीजा|रिज़?ल्ट|आपका\s+परिणाम)$/i,
  ],
  ['unit', /^(?:units?|uom|unit\s+of\s+measure|इकाई|यूनिट)$/i],
  // A reference range printed as two columns, its lower and its upper limit.
  [
    'low',
    /^(?:min(?:imum)?\.?(?:\s+(?:value|limit))?|(?:low(?:er)?|min)\s+(?:limit|value|normal)|(?:ref(?:erence)?\.?|normal|bio\.?\s*ref\.?)\s+(?:low|lower|min)(?:\s+limit)?|lower)$/i,
  ],
  [
    'high',
    /^(?:max(?:imum)?\.?(?:\s+(?:value|limit))?|(?:high(?:er)?|upper|max)\s+(?:limit|value|normal)|(?:ref(?:erence)?\.?|normal|bio\.?\s*ref\.?)\s+(?:high|upper|max)(?:\s+limit)?|upper)$/i,
  ],
  [
    'range',
    /^(?:(?:bio(?:logical)?\.?\s*)?(?:ref(?:erence)?\.?|normal|expected)\s*(?:range|interval|values?|limits?|ranges|intervals)?|bio\.?\s*ref\.?\s*(?:range|interval)?|reference|range|normal\s+range|ref\.?\s*range|(?:normal|reference)\s+values?|bio(?:logical)?\.?|(?:सामान्य|संदर्भ)\s*(?:सीमा|मान|रेंज)?|सीमा|ref(?:erence)?\.?\s*(?:range\s*)?(?:%|abs(?:olute)?\.?))$/i,
  ],
  ['flag', /^(?:flags?|status|h\s*\/\s*l|abnormal|indicator|result\s+status)$/i],
  ['remark', /^(?:remarks?|comments?|notes?|interpretation)$/i],
  ['method', /^(?:methods?|methodology|technique|principle|विधि)$/i],
  ['specimen', /^(?:specimens?|samples?(?:\s+type)?|sample\s+type)$/i],
  [
    'name',
    /^(?:tests?(?:\s+(?:names?|descriptions?|parameters?|done))?|investigations?|parameters?|test\s+description|descriptions?|examinations?|analytes?|particulars|component|determination|name\s+of\s+(?:the\s+)?test|(?:जा[ँं]च|परीक्षण|टेस्ट)(?:\s+का\s+नाम)?)$/i,
  ],
];

/** The header words compared by their Devanagari key (parse/devanagari.ts), as the text is. */
const HEADER_KEYS = HEADER_WORDS.map(([role, re]): [ColumnRole, RegExp] => [
  role,
  new RegExp(devanagariKey(re.source), re.flags),
]);

const MAX_LINE = 600;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// A whole date: not part of a longer number ('1.003-1.035' is a range, not 3 Jan 2035).
const DATE = /(?<![\d.])(\d{1,2})[/.-](\d{1,2}|[A-Za-z]{3})[/.-](\d{4}|\d{2})(?![\d.])/;

/** A date with a separator lost ('14/1126', '1411/26', '141126'). */
const DAMAGED_DATE = /^(?:\d{1,2}[/.-]\d{3,4}|\d{3,4}[/.-]\d{2,4}|\d{6,8})$/;

/** A printed date as a sortable number (day-first, as Indian reports print them), or null. */
export function dateValue(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const month = /\d/.test(m[2]) ? Number(m[2]) : MONTHS.indexOf(m[2].toLowerCase()) + 1;
  if (month < 1 || month > 12) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return year * 10000 + month * 100 + Number(m[1]);
}

function normalise(text: string): string {
  return (
    devanagariKey(text)
      // OCR's usual slips in a header: 'Resuit', 'Bio. Ret. Interval', 'lnterval', 'Unlts'.
      .replace(/\bresu[il1|]t/gi, 'result')
      .replace(/\b[l1|]nterval/gi, 'interval')
      .replace(/\bre[tf7]\.?(?=\s*(?:range|interval|values?)\b)/gi, 'ref.')
      .replace(/\bun[il1|]t/gi, 'unit')
      .replace(/[:*]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export interface Column {
  role: ColumnRole;
  x0: number;
  x1: number;
  header: string;
}

/** The role a header cell names, and the date it carries ('Result (03/02/2025)', '11-Sep-2024'). */
export function headerRole(text: string): { role: ColumnRole | null; date: number | null } {
  const date = dateValue(text);
  const t = normalise(text.replace(DATE, ' ').replace(/[()[\]]/g, ' '));
  if (date !== null && (t === '' || /^(?:on|dated|date)$/i.test(t))) return { role: null, date };
  for (const [role, re] of HEADER_KEYS) if (re.test(t)) return { role, date };
  return { role: null, date };
}

/**
 * A header cell as the columns it names: headings a single space apart are one token ('RESULT
 * UNIT' where a narrow table's text layer kept one space), and each word of it names its own
 * column when the words together name none.
 */
function headerCells(t: Token): Token[] {
  if (!/\s/.test(t.text) || headerRole(t.text).role !== null) return [t];
  const words = [...t.text.matchAll(/\S+/g)];
  if (words.some((w) => headerRole(w[0]).role === null)) return [t];
  return words.map((w) => ({
    text: w[0],
    x0: t.x0 + (w.index ?? 0),
    x1: t.x0 + (w.index ?? 0) + w[0].length,
  }));
}

/**
 * Reads a header line's tokens into columns; null when the line is not a header. A date column
 * is the result when it is the newest date and no column is named the result, else an earlier
 * result: a column of an earlier date is never the result.
 */
export function readColumns(printed: Token[]): Column[] | null {
  const tokens = printed.flatMap(headerCells);
  if (tokens.length < 3 || tokens.length > 14) return null;
  const read = tokens.map((t) => ({ t, ...headerRole(t.text) }));
  const dated = read.filter((r) => r.date !== null && (r.role === null || r.role === 'result'));
  // A date OCR damaged ('14/1126') beside the others: the visits can no longer be put in order, so
  // no column can be called the latest.
  if (dated.length && read.some((r) => r.date === null && DAMAGED_DATE.test(r.t.text.trim()))) return null;
  if (dated.length) {
    const named = read.some((r) => r.role === 'result' && r.date === null);
    const newest = Math.max(...dated.map((r) => r.date as number));
    for (const r of dated) r.role = !named && r.date === newest ? 'result' : 'previous';
  }
  const columns: Column[] = read.map((r) => ({
    role: r.role ?? 'other',
    x0: r.t.x0,
    x1: r.t.x1,
    header: r.t.text,
  }));
  const unknown = columns.filter((c, i) => c.role === 'other' && i > 0).length;
  if (columns[0].role === 'other') columns[0].role = 'name';
  // 'Observation  Result  Unit …': two columns named as results, and none as the test's name. The
  // first column of a results table is its tests' names (after a serial number).
  const first = columns[0].role === 'sno' ? 1 : 0;
  if (
    columns[first]?.role === 'result' &&
    !columns.some((c) => c.role === 'name') &&
    columns.some((c, i) => i > first && c.role === 'result')
  )
    columns[first].role = 'name';
  if (columns[0].role === 'sno' && columns[1]?.role === 'other') columns[1].role = 'name';
  const roles = columns.map((c) => c.role);
  if (!roles.includes('result') || !roles.includes('name')) return null;
  const known = columns.filter((c) => c.role !== 'other').length;
  if (known < 3 || unknown > 1) return null;
  return columns;
}

/**
 * A table read as one: its columns (indices into the header) with each one's role in it. A twin
 * group has no name column of its own: it reads the name of the row beside it (`twinOf`, the
 * index of that group).
 */
interface Group {
  roles: Map<number, ColumnRole>;
  twinOf?: number;
}

/** Splits a header into tables side by side: each starts at a name column (after a result). */
function sideBySide(columns: Column[]): number[][] {
  const groups: number[][] = [[]];
  for (const [i, c] of columns.entries()) {
    const cur = groups[groups.length - 1];
    if (c.role === 'name' && cur.some((j) => columns[j].role === 'result')) groups.push([i]);
    else cur.push(i);
  }
  return groups;
}

/**
 * The tables of a header: tables side by side, and within one, twin column groups — a second
 * result, unit and range for the same test, as a differential's percentage and absolute count
 * print ('Test  Result  Unit  Ref. Range  Absolute  Unit  Ref. Range'). The second group starts
 * after the first range column, holds a second range column and between them a result or an
 * unnamed column ('Absolute'), which is its result.
 */
function groupsOf(columns: Column[]): Group[] {
  const out: Group[] = [];
  for (const table of sideBySide(columns)) {
    const role = (j: number) => columns[j].role;
    const first = table.findIndex((j) => role(j) === 'range');
    const second = table.findIndex((j, n) => n > first + 1 && role(j) === 'range');
    const twin = table.slice(first + 1, second);
    const name = table.find((j) => role(j) === 'name');
    if (
      first < 0 ||
      second < 0 ||
      name === undefined ||
      !twin.some((j) => ['other', 'result'].includes(role(j)))
    ) {
      out.push({ roles: new Map(table.map((j) => [j, role(j)])) });
      continue;
    }
    const main = table.slice(0, first + 1);
    const rest = table.slice(first + 1);
    const hasResult = rest.some((j) => role(j) === 'result');
    const unnamed = rest.find((j) => role(j) === 'other');
    out.push({ roles: new Map(main.map((j) => [j, role(j)])) });
    out.push({
      roles: new Map([
        [name, 'name'],
        ...rest.map((j): [number, ColumnRole] => [j, !hasResult && j === unnamed ? 'result' : role(j)]),
      ]),
      twinOf: out.length - 1,
    });
  }
  return out;
}

/**
 * The column a cell sits in. A cell aligned with a header word — starting where it starts (left
 * aligned) or ending where it ends (numbers aligned right) — is in its column; otherwise the
 * column whose header is centred nearest the cell's centre (headers centred over their column,
 * as many lab templates print them, start well right of the cells below).
 */
export function columnOf(columns: Column[], cell: Token): number {
  for (const [i, c] of columns.entries()) if (Math.abs(cell.x0 - c.x0) <= 1) return i;
  for (const [i, c] of columns.entries())
    if (Math.abs(cell.x1 - c.x1) <= 1 && cell.x0 > (columns[i - 1]?.x1 ?? -1)) return i;
  const mid = (cell.x0 + cell.x1) / 2;
  let best = 0;
  let bestDistance = Infinity;
  for (const [i, c] of columns.entries()) {
    const d = Math.abs(mid - (c.x0 + c.x1) / 2);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

/**
 * The columns' bands as the cells below draw them: each column starts where its cells start
 * (headers are often centred over left-aligned cells). A row with a cell for every column says
 * which cell is whose by order alone; the commonest start of each column's cells over such rows,
 * when left of the header word, becomes the column's start.
 */
export function alignColumns(columns: Column[], rows: Token[][], photo = false): Column[] {
  const starts = columns.map(() => new Map<number, number>());
  let full = 0;
  for (const cells of rows) {
    if (cells.length !== columns.length) continue;
    full++;
    cells.forEach((cell, j) => starts[j].set(cell.x0, (starts[j].get(cell.x0) ?? 0) + 1));
  }
  if (full === 0) return columns;
  const common = columns.map((c, j) => {
    const best = [...starts[j].entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    return best ? { ...c, x0: Math.min(c.x0, best[0]) } : c;
  });
  // A photo's word boxes place a column's cells a few characters apart: no river is that exact.
  const out = photo ? common : toRivers(common, rows);
  // Starts stay in the header's order.
  for (let j = 1; j < out.length; j++)
    if (out[j].x0 <= out[j - 1].x1 - 1 && out[j].x0 <= out[j - 1].x0) return columns;
  return out;
}

/**
 * Each column's start moved left to the whitespace between it and the column before: cells centred
 * under their header, and numbers aligned on their right edge or decimal point ('  9.8', '14,088'),
 * start left of where most of the column's cells start. The river is the nearest character column
 * left of the start that no cell of a row covers (lines of one cell, headings and notes, do not
 * count), never left of the end of the previous column's header word; with none, the start stays.
 */
function toRivers(columns: Column[], rows: Token[][]): Column[] {
  const covered = new Map<number, number>();
  for (const cells of rows)
    if (cells.length >= 2)
      for (const c of cells) for (let x = c.x0; x < c.x1; x++) covered.set(x, (covered.get(x) ?? 0) + 1);
  return columns.map((c, j) => {
    if (j === 0) return c;
    const floor = columns[j - 1].x1;
    let x = c.x0 - 1;
    while (x >= floor && covered.has(x)) x--;
    return x >= floor && x < c.x0 - 1 ? { ...c, x0: x + 1 } : c;
  });
}

/**
 * The column of a cell once bands are aligned: the band its start falls in (a cell may start a
 * little early). On a photo, where word boxes put a column's cells a few characters apart, the
 * column starting nearest the cell.
 */
export function bandOf(columns: Column[], cell: Token, photo = false): number {
  if (photo) {
    let best = 0;
    for (const [j, c] of columns.entries())
      if (Math.abs(cell.x0 - c.x0) < Math.abs(cell.x0 - columns[best].x0)) best = j;
    return best;
  }
  for (let j = columns.length - 1; j >= 0; j--) if (cell.x0 >= columns[j].x0 - 1) return j;
  return 0;
}

/** Lines that end a results table: comments, interpretation blocks, the end of the report. */
export const TABLE_END =
  /^(?:interpretation|comments?|notes?|clinical\s+(?:significance|notes?)|remarks?|advice|impression|suggestions?|[-~*\s]*end\s+of\s+(?:the\s+)?report)\b/i;

/**
 * A section's heading inside a table ('LIPID PROFILE', 'URINE ROUTINE EXAMINATION', 'Kidney
 * Function Test'): words that name a group of tests, never part of one test's name.
 */
const SECTION_HEADING =
  /\b(?:profile|panel|examination|haematology|hematology|biochemistry|serology|immunoassay|immunology|urinalysis|clinical\s+pathology|haemogram|hemogram|complete\s+blood\s+count|function\s+tests?|routine|lft|kft|rft)\b/i;

/**
 * A heading under a row rather than the rest of its name: section words, or words all in
 * capitals ('PERIPHERAL BLOOD SMEAR') under a name printed in small letters.
 */
function isHeadingUnder(rowName: string[], text: string): boolean {
  const capitals = /^[A-Z][A-Z&/-]*(?:\s+[A-Z][A-Z&/-]*)+$/.test(text) && /[a-z]/.test(rowName.join(' '));
  return capitals || SECTION_HEADING.test(text);
}

/** A method printed under the name ('Method: CLIA', '(Enzymatic)'), not a wrapped part of it. */
const METHOD_PART = /^(?:method\b|\(.*\)$)/i;

interface Row {
  /** Original line indices the row was printed on. */
  lines: number[];
  /** The line of its result (or of its name, when it has none). */
  at: number;
  name: string[];
  result: string[];
  previous: string[];
  flag: string[];
  unit: string[];
  range: string[];
}

/** A result cell: a value (number, word result, censored number) or a 'no result' mark. */
function isResultCell(text: string): boolean {
  return (
    readValueCell(text, true) !== null ||
    /^(?:-{2,}|n\/?a|not\s+done|pending|awaited|sample\s+\w+)$/i.test(text.trim())
  );
}

function isRangeText(text: string): boolean {
  return /\d\s*(?:-|–|to)\s*\d|[<>≤≥]=?\s*\d|up\s*to\s*\d|^\s*(?:male|female|m|f)\b/i.test(text);
}

/** A whole result in one cell ('Potassium : 4,,2 mmol/L (3.5 - 5.1)'), not part of a name. */
function looksLikeRecord(text: string): boolean {
  return /\d/.test(text) && (isRangeText(text) || /:\s*[<>]?\d/.test(text));
}

/** The printed name of a row whose name wrapped: the whole when it names a test, else its first line. */
function named(text: string): boolean {
  return !!text && !!matchAnalyte(text, { section: 'general', unit: '', fuzzy: false });
}

function testOf(text: string): string | null {
  return text ? (matchAnalyte(text, { section: 'general', unit: '', fuzzy: false })?.id ?? null) : null;
}

/** 'CHOLESTEROL -' + 'HDL' is another test than its first line: the second line is part of the name. */
function joinChangesTest(first: string[], more: string[]): boolean {
  const before = testOf(first.join(' '));
  const after = testOf([...first, ...more].join(' '));
  return before === null || (after !== null && after !== before);
}

/** 'Alanine' + 'Aminotransferase (ALT/SGPT)': the joined name names a test its first part does not. */
function completesName(first: string[], more: string[]): boolean {
  const after = testOf([...first, ...more].join(' '));
  return after !== null && after !== testOf(first.join(' '));
}

function joinName(parts: string[]): string {
  // A line labelled as the method ('Method : ABG - Derived from HbA1c') is never part of the name.
  parts = parts.filter((p, i) => i === 0 || !/^method(?:ology)?\s*[:-]/i.test(p));
  const whole = parts.join(' ');
  if (parts.length === 1 || named(whole)) return whole;
  const withoutMethod = parts.filter((p, i) => i === 0 || !METHOD_PART.test(p)).join(' ');
  if (named(withoutMethod)) return withoutMethod;
  if (named(parts[0])) return parts[0];
  return whole;
}

/** A cell of a table row, with the role of the column it was printed in. */
export interface RoledCell {
  text: string;
  role: ColumnRole;
}

/**
 * A row as the table reader read it: its cells with their columns' roles — the name (a wrapped
 * name's lines joined), the result, earlier results, the flag, the unit and the reference range (a
 * part per line or per labelled tier, in order) — and the printed lines it came from.
 */
export interface TableRow {
  lines: number[];
  /** The line of its result: where the row's value is printed. */
  at: number;
  cells: RoledCell[];
}

/** A document in reading order: rows the table reader read, and lines left for the other readers. */
export type TablePiece = { row: TableRow } | { text: string; origin: number[] };

export interface TableRead {
  pieces: TablePiece[];
  /** Original lines that are known not to be results: table headers and drawn rules. */
  furniture: Set<number>;
}

/** Reads the tables of a document; `tokens[i]` are line i's positioned cells (from text if absent). */
export function readTables(
  lines: string[],
  tokens?: Array<Token[] | undefined>,
  options: {
    /** Positions from a photo's word boxes: a column's cells start a few characters apart. */
    photo?: boolean;
    /** Blank lines that separate pages. */
    pageBreaks?: number[];
  } = {},
): TableRead {
  const { photo = false } = options;
  const breaks = new Set(options.pageBreaks ?? []);
  // No printed row is longer than MAX_LINE characters (binary-ish text, minified data are cut).
  const tok = (i: number) => tokens?.[i] ?? textTokens(lines[i].slice(0, MAX_LINE));
  // A line's fields between its drawn separators: a text file's, and a PDF's, whose text layer
  // prints a pipe table's rules as text. A photo's bars are OCR's guesses; its word boxes place
  // its cells. A delimited export's (CSV) at the delimiter its header uses, in any source (the
  // delimiter is text).
  const fields = (i: number, delimiter: Delimiter | null = null, header: Token[] | null = null) => {
    const line = lines[i].slice(0, MAX_LINE);
    if (!delimiter) return photo && tokens?.[i] ? null : separatedFields(line);
    const read = delimitedFields(line, delimiter);
    // OCR reads many a semicolon as a comma, a colon or a point: on a photo, a row that does not
    // split into the header's fields at semicolons alone is split at commas too, and failing that
    // at colons and points as well, when that gives the header's fields ('15.g/dL', '6:%'; a colon
    // before a space, 'M: 0.70-1.30', and a decimal point are the report's own).
    let fixed = read;
    if (photo && delimiter === ';' && header && read?.length !== header.length) {
      const commas = line.replace(/,/g, ';');
      const all = commas.replace(/:(?=\S)/g, ';').replace(/(?<=\d)\.(?=[A-Za-zµ%/])/g, ';');
      const split = delimitedFields(all, ';');
      fixed = split?.length === header.length ? split : (delimitedFields(commas, ';') ?? read);
    }
    // An export may leave out a row's empty fields at its end ('Hb;9.8;g/dL' under five columns).
    if (fixed && header && fixed.length < header.length) {
      const end = fixed[fixed.length - 1].x1 + 1;
      return [...fixed, ...header.slice(fixed.length).map(() => ({ text: '', x0: end, x1: end }))];
    }
    return fixed;
  };
  const delimiterAt = (i: number) => delimiterOf(lines[i].slice(0, MAX_LINE));
  const out: TableRead = { pieces: [], furniture: new Set() };
  const keep = (i: number) => out.pieces.push({ text: lines[i], origin: [i] });
  // A header's cells: its fields when it draws its separators, else its tokens.
  const columnsAt = (i: number) => readColumns(fields(i, delimiterAt(i))?.filter((f) => f.text) ?? tok(i));
  const isHeader = (i: number) => !!columnsAt(i);
  let i = 0;
  while (i < lines.length) {
    if (isRuleLine(lines[i]) && /[─━═┼┬┴]/.test(lines[i])) {
      out.furniture.add(i++);
      continue;
    }
    const delimiter = delimiterAt(i);
    const headerFields = fields(i, delimiter);
    const columns = columnsAt(i);
    if (!columns) {
      keep(i++);
      continue;
    }
    const groups = groupsOf(columns);
    out.furniture.add(i);
    const twin = groups.some((g) => g.twinOf !== undefined);
    const end = tableEnd(lines, i + 1, tok, isHeader, twin);
    for (let k = i + 1; k < end; k++) if (isRuleLine(lines[k])) out.furniture.add(k);
    const layout: Layout = {
      all: columns,
      tok,
      isHeader,
      photo,
      breaks,
      byField: byField(headerFields, (k) => fields(k, delimiter, headerFields)),
      oneGroup: groups.length === 1,
    };
    const reads = groups.map((group) => readRows(lines, group, layout, i + 1, end));
    // A twin group's row is the test of the row beside it: it takes that row's whole name.
    for (const [g, group] of groups.entries()) {
      if (group.twinOf === undefined) continue;
      for (const row of reads[g].rows) {
        const beside = reads[group.twinOf].rows.find((r) => r.lines.includes(row.lines[0]));
        if (beside) row.name = [...beside.name];
      }
    }
    const inRow = new Set(reads.flatMap((r) => r.rows.flatMap((row) => row.lines)));
    // Lines of the table that are no row of any of its tables stay lines of their own: with cells
    // in two columns or more, each cell under the column it was printed in; else as printed (a
    // sub-heading, a note, a row the line reader may read by itself).
    const others = [...new Set(reads.flatMap((r) => r.others))]
      .filter((k) => !inRow.has(k))
      .map((k) => {
        // A twin group's name cell is its table's: once.
        const cells = reads
          .flatMap((r) => r.cellsOf.get(k) ?? [])
          .filter((p, n, all) => all.findIndex((q) => q.cell === p.cell) === n);
        return new Set(cells.map((p) => p.role)).size > 1 ? { k, cells } : { k, text: lines[k] };
      });
    // On a line another table's row used, this table's cells that made no row stay a line of
    // their own, as printed (so they are read by the line reader or named as unread, never
    // dropped with the line).
    const leftovers = reads.flatMap((r) =>
      r.others
        .filter((k) => inRow.has(k))
        .map((k) => ({ k, text: lineOf((r.cellsOf.get(k) ?? []).map((p) => p.cell)) })),
    );
    handOver(
      out,
      reads.flatMap((r) => r.rows),
      [...others, ...leftovers.filter((o) => o.text.trim())],
    );
    i = end;
  }
  return out;
}

/**
 * Where a table ends: a new header, a comment block, the end of the report, or three blank lines;
 * a table with twin column groups also at a heading of its own ('VITAMINS'), which starts a table
 * without them.
 */
function tableEnd(
  lines: string[],
  from: number,
  tok: (i: number) => Token[],
  isHeader: (i: number) => boolean,
  twin: boolean,
): number {
  let blanks = 0;
  for (let k = from; k < lines.length; k++) {
    const t = lines[k].trim();
    if (!t) {
      if (++blanks >= 3) return k;
      continue;
    }
    blanks = 0;
    const cells = tok(k);
    if (cells.length && TABLE_END.test(cells[0].text)) return k;
    if (twin && cells.length === 1) return k;
    if (isHeader(k)) return k;
  }
  return lines.length;
}

interface GroupRead {
  rows: Row[];
  /** Lines inside the table that are no row of this group: kept as printed. */
  others: number[];
  /** This group's cells of those lines, with their columns' roles. */
  cellsOf: Map<number, Placed>;
}

/** How a table's lines are laid out: its columns, each line's cells, where its pages break. */
interface Layout {
  all: Column[];
  tok: (i: number) => Token[];
  isHeader: (i: number) => boolean;
  photo: boolean;
  breaks: Set<number>;
  /** A line's cells with the column of each when the line is read by field order, else null. */
  byField: (k: number) => Array<{ cell: Token; col: number }> | null;
  /** One table under the header (no tables side by side, no twin column groups). */
  oneGroup: boolean;
}

/**
 * Field order for a table whose header draws its separators (pipes, box rules, tabs): a row with
 * as many fields as the header is read field by field (field i is in the column of the header's
 * field i; an empty field stays empty), whatever its padding. Other rows go by geometry.
 */
function byField(
  header: Token[] | null,
  fields: (k: number) => Token[] | null,
): (k: number) => Array<{ cell: Token; col: number }> | null {
  if (!header) return () => null;
  const colOf: number[] = [];
  let n = 0;
  for (const f of header) colOf.push(f.text ? n++ : -1);
  return (k) => {
    const row = fields(k);
    if (!row || row.length !== header.length) return null;
    return row.map((cell, j) => ({ cell, col: colOf[j] })).filter((p) => p.cell.text && p.col >= 0);
  };
}

/**
 * A result glued by one space to the cell before it, across the start of the result column
 * ('Jaffe's kinetic (IDMS traceable) 1.0' under 'Method' and 'Result'; a name that fills its column,
 * 'Transferrin Saturation 8.2 %', with its unit in the result cell): split where the header
 * says the result column starts, when the row has no result cell of its own and the part there is
 * a value. Geometry, not a layout: the header's column start is where the value was printed.
 */
function resultUnglued(
  cells: Token[],
  columns: Column[],
  group: Group,
  colOf: (cell: Token) => number,
): Token[] {
  const isResult = (cell: Token) => group.roles.get(colOf(cell)) === 'result';
  if (cells.some(isResult)) return cells;
  const starts = columns.flatMap((c, j) => (group.roles.get(j) === 'result' ? [c.x0] : []));
  const ctx = { section: 'general' as const, unit: '', fuzzy: false };
  return cells.flatMap((cell) => {
    const inName = group.roles.get(colOf(cell)) === 'name' && !matchAnalyte(cell.text, ctx);
    for (const m of cell.text.matchAll(/ (?=\S)/g)) {
      let x = cell.x0 + (m.index ?? 0) + 1;
      const rest = cell.text.slice((m.index ?? 0) + 1);
      const head = cell.text.slice(0, m.index).trimEnd();
      if (!isValueWithUnit(rest)) continue;
      // Never inside a range or after a label ('Female : 11.5 - 16.4', 'Interval : 16.4').
      if (/(?:[-–:/=<>]|\bto|\d)$/i.test(head)) continue;
      // A text layer's proportional letters put no character at its column: there, a name cell
      // that is a test's name and a value ('Transferrin Saturation 8.2 %') is split the same way.
      if (!starts.some((s) => Math.abs(s - x) <= 1)) {
        if (!inName || !starts.length || !matchAnalyte(head, { ...ctx, unit: rest.split(' ')[1] ?? '' }))
          continue;
        x = starts[0];
      }
      return [
        { text: head, x0: cell.x0, x1: cell.x0 + head.length },
        { text: rest, x0: x, x1: x + rest.length },
      ];
    }
    return [cell];
  });
}

function readRows(lines: string[], group: Group, layout: Layout, from: number, end: number): GroupRead {
  const { all, tok, photo, breaks } = layout;
  const rows: Row[] = [];
  const others: number[] = [];
  const cellsOf = new Map<number, Placed>();
  // The last line before the next table's header is that table's heading ('URINE ROUTINE
  // EXAMINATION'), never a wrapped part of this table's last row (OCR drops the blank between).
  // A line set apart from the header by a blank one is a heading only when it is set apart from
  // the row above too: glued to that row, it is the rest of the row's name ('Alanine' over
  // 'Aminotransferase (ALT/SGPT)').
  let heading = -1;
  if (end < lines.length && layout.isHeader(end)) {
    let k = end - 1;
    while (k >= from && !lines[k].trim()) k--;
    const apart = k < end - 1;
    if (k >= from && (!apart || k === from || !lines[k - 1].trim())) heading = k;
  }
  const below: Token[][] = [];
  for (let k = from; k < end; k++) if (!isRuleLine(lines[k])) below.push(tok(k));
  const aligned = alignColumns(all, below, photo);
  let open: Row | null = null;
  // The open row was cut by a page break: only its name's rest can follow on the next page.
  let cut = false;
  const colOf = (cell: Token) => (aligned === all ? columnOf(all, cell) : bandOf(aligned, cell, photo));
  const place = (k: number): Placed => {
    const cells =
      layout.byField(k) ??
      resultUnglued(tok(k), aligned, group, colOf).map((cell) => ({ cell, col: colOf(cell) }));
    let placed: Placed = cells.flatMap((p) => {
      const role = group.roles.get(p.col);
      return role ? [{ cell: p.cell, role }] : [];
    });
    // A row whose cells read plainly as name, result, mark, unit, range is read so when its
    // columns say otherwise (cell-kinds.ts): the header's positions did not fit this row.
    if (layout.oneGroup) {
      const byKind = placeByKind(cells.map((p) => p.cell));
      if (byKind && placingContradicted(placed, byKind)) placed = byKind;
    }
    // A twin group's line is one with a cell of its own: its name is the table's.
    return group.twinOf !== undefined && placed.every((p) => p.role === 'name') ? [] : placed;
  };
  const wrapAbove = wrapsAbove(from, end, place, breaks);
  // A name's first line printed above the line of its result, waiting for that line.
  let above: { k: number; name: string[] } | null = null;
  // A line naming a test alone that no row took ('Urea' over '16.00  Normal  13 - 43  mg/dL'),
  // and the rows whose result line printed no name: their name can only be the one above them.
  let loneName: { k: number; name: string[] } | null = null;
  const bare = new Set<Row>();
  for (let k = from; k < end; k++) {
    if (isRuleLine(lines[k])) {
      open = null;
      continue;
    }
    if (breaks.has(k)) {
      cut = !!open;
      continue;
    }
    const placed = place(k);
    if (placed.length === 0) {
      if (!lines[k].trim()) open = null;
      continue;
    }
    const wasCut = cut;
    cut = false;
    const of = (role: ColumnRole) => placed.filter((p) => p.role === role).map((p) => p.cell.text);
    // A range printed just left of its row's result ('High: >= 240' beside '140' under 'Range
    // Result'), which a photo's word boxes can put nearer the result's column: a cell of the result
    // band that is range text and no result, beside one that is a result, is the range's.
    const inResult = of('result');
    const strays = inResult.some(isResultCell)
      ? inResult.filter((c) => !isResultCell(c) && isRangeText(c))
      : [];
    const results = inResult.filter((c) => !strays.includes(c));
    // A status word in the result or range band ('140.00  Normal' under a header without a status
    // column) is the row's mark, not part of its result or range.
    const [value, ...marks] = results;
    const status =
      value !== undefined && isResultCell(value) && marks.length > 0 && marks.every(isStatusWord);
    const result = status ? value : results.join(' ');
    const range = [
      ...strays,
      ...of('range').filter((c) => !isStatusWord(c)),
      ...limits(of('low'), of('high')),
    ];
    const name = of('name');
    // 'Bio. Ref. Interval : 4.0 - 11.0' on a line of its own under a row: that row's range, never
    // a name (issue 29); its tiers may run on under other columns ('Desirable: < 200   High: >= 240').
    const labelled = placed[0]?.role === 'name' && !isResultCell(result) ? labelledRange(lines[k]) : null;
    if (labelled !== null) {
      if (open && open.range.length === 0) {
        open.range.push(labelled);
        open.lines.push(k);
      } else others.push(k);
      above = null;
      continue;
    }
    const nameAbove = name.length === 0 && loneName?.k === k - 1 ? loneName : null;
    const wrappedAbove = above?.k === k - 1 ? above : nameAbove;
    above = null;
    loneName = null;
    // 'Triglycerides  ...  mg/dL' over '100.00   < 150.00': a named row without its result, and the
    // result on the line under it with no name of its own, are one row.
    if (
      result &&
      isResultCell(result) &&
      name.length === 0 &&
      !wrappedAbove &&
      open &&
      open.result.length === 0 &&
      open.lines[open.lines.length - 1] === k - 1
    ) {
      open.lines.push(k);
      open.at = k;
      open.result.push(result);
      open.range.push(...range);
      if (!open.unit.length) open.unit.push(...of('unit'));
      flagCells(open, [...of('flag'), ...(status ? marks : []), ...of('range').filter(isStatusWord)]);
      continue;
    }
    if (result && isResultCell(result)) {
      open = {
        lines: wrappedAbove ? [wrappedAbove.k, k] : [k],
        at: k,
        name: wrappedAbove ? [...wrappedAbove.name, ...name] : name,
        result: [result],
        previous: of('previous'),
        flag: [],
        unit: of('unit'),
        range,
      };
      flagCells(open, [...of('flag'), ...(status ? marks : []), ...of('range').filter(isStatusWord)]);
      rows.push(open);
      if (!wrappedAbove && name.length === 0) bare.add(open);
      continue;
    }
    if (wrapAbove && !wasCut && k + 1 < end && !breaks.has(k + 1) && firstLineOf(placed, place(k + 1))) {
      above = { k, name };
      open = null;
      continue;
    }
    // A row printed without a name beside its result, under a line naming a test: each name is
    // printed above its result ('HbA1c' over 'H.P.L.C   7.7   %'), so this name is the next row's.
    if (
      open &&
      (open.name.length === 0 || open.lines[0] !== open.at || bare.has(open)) &&
      name.length > 0 &&
      placed.every((p) => p.role === 'name') &&
      named(name.join(' '))
    ) {
      above = { k, name };
      open = null;
      continue;
    }
    // A wrapped name or method, or a second line of the range, right under its row.
    const onlyContinues = placed.every(
      (p) =>
        ['name', 'method', 'specimen', 'range', 'low', 'high', 'previous'].includes(p.role) &&
        !(p.role === 'name' && looksLikeRecord(p.cell.text)),
    );
    // ...unless it names a test of its own that joining would not change the row's test into (a
    // row whose result cell is empty, under a row naming its own test). The row's own test named
    // again by a name alone ('PACKED CELL VOLUME' over '(PCV)  Female : 36.0 - 46.0') is the row's;
    // a line with numbers naming it ('Bio. Ref. Interval : … Fasting Glucose: 101 - 125') is not.
    const ownTest =
      !!open &&
      name.length > 0 &&
      named(name.join(' ')) &&
      (/\d/.test(name.join(' ')) || testOf(name.join(' ')) !== testOf(open.name.join(' '))) &&
      !joinChangesTest(open.name, name);
    // Across a page break, a line continues the row only when it completes the row's name into the
    // name of a test, or carries the rest of its method (a heading or a note at the top of the next
    // page has nothing under the method column).
    const completes =
      !wasCut || (!!open && ((name.length > 0 && completesName(open.name, name)) || of('method').length > 0));
    // ...nor a section's heading printed between rows (the row above is complete without it).
    const sectionHeading =
      !!open &&
      name.length > 0 &&
      isHeadingUnder(open.name, name.join(' ')) &&
      !completesName(open.name, name);
    if (open && !result && onlyContinues && !ownTest && !sectionHeading && completes && k !== heading) {
      open.lines.push(k);
      open.name.push(...name);
      // A range's further lines (a tier per line) under the range or the lower-limit column.
      open.range.push(...of('range'), ...of('low'), ...of('high'));
      continue;
    }
    // A photo's row whose result sits under another column (a tab export printed ragged, a long
    // name pushing its cells right): its positions say nothing, so the line reader reads it by
    // what its cells hold.
    const ragged =
      photo &&
      !result &&
      name.length > 0 &&
      placed.some(
        (p) =>
          (['unit', 'range', 'flag', 'low', 'high', 'other'].includes(p.role) &&
            isNumberToken(p.cell.text)) ||
          (['unit', 'other'].includes(p.role) && isResultCell(p.cell.text)) ||
          (p.role === 'flag' && !isStatusWord(p.cell.text) && !isFlagToken(p.cell.text)),
      );
    // A named row whose result column is empty ('not done'): read as a row without a result.
    const printedRange = [...of('range'), ...limits(of('low'), of('high'))];
    if (!ragged && !result && name.length && (of('unit').length || printedRange.some(isRangeText))) {
      open = {
        lines: [k],
        at: k,
        name,
        result: [],
        previous: of('previous'),
        flag: [],
        unit: of('unit'),
        range: printedRange,
      };
      rows.push(open);
      continue;
    }
    open = null;
    others.push(k);
    if (!ragged) cellsOf.set(k, placed);
    if (name.length > 0 && placed.every((p) => p.role === 'name') && named(name.join(' ')))
      loneName = { k, name };
  }
  for (const row of rows) if (row.unit.length === 0) Object.assign(row, unitFromName(row.name));
  return { rows, others, cellsOf };
}

/** A unit printed in brackets after the test's name ('Haemoglobin (gm/dL)'): the row's unit, no part of its name. */
function unitFromName(name: string[]): { name: string[]; unit: string[] } | null {
  const read = unitInBrackets(name.join(' '));
  return read ? { name: [read.name], unit: [read.unit] } : null;
}

/** A range printed as a lower and an upper limit in columns of their own: one range ('40 - 75'). */
function limits(low: string[], high: string[]): string[] {
  const lo = low.join(' ').trim();
  const hi = high.join(' ').trim();
  if (lo && hi) return [`${lo} - ${hi}`];
  if (lo) return [isPlainNumber(lo) ? `>= ${lo}` : lo];
  if (hi) return [isPlainNumber(hi) ? `<= ${hi}` : hi];
  return [];
}

type Placed = Array<{ cell: Token; role: ColumnRole }>;

const cellsOfRole = (line: Placed, role: ColumnRole) =>
  line.filter((p) => p.role === role).map((p) => p.cell.text);

/** A line of name cells only (no heading) right above a line that starts a row: its name's first line? */
function firstLineOf(line: Placed, next: Placed): boolean {
  if (!line.length || !line.every((p) => p.role === 'name')) return false;
  if (SECTION_HEADING.test(cellsOfRole(line, 'name').join(' '))) return false;
  const result = cellsOfRole(next, 'result').join(' ');
  return !!result && isResultCell(result) && cellsOfRole(next, 'name').length > 0;
}

/**
 * Whether the table prints a wrapped name's first line above the line of its result
 * ('Glycated' over 'Haemoglobin (HbA1c)  6.8  %') rather than its rest below it. A table does
 * one or the other, and its name-only lines vote: for below when the row above needs the line
 * (that row's name names no test, joined it does), for above when the row under it does (joined,
 * it names a test it does not name alone, and the line names none by itself). A line both rows
 * could use, or neither, does not vote; a tie keeps the usual wrap below.
 */
function wrapsAbove(from: number, end: number, place: (k: number) => Placed, breaks: Set<number>): boolean {
  let votes = 0;
  let last: string[] = [];
  for (let k = from; k < end; k++) {
    const line = breaks.has(k) ? [] : place(k);
    const name = cellsOfRole(line, 'name');
    if (cellsOfRole(line, 'result').length || !line.length) {
      last = name;
      continue;
    }
    if (!name.length || !line.every((p) => p.role === 'name')) continue;
    const next = k + 1 < end && !breaks.has(k + 1) ? place(k + 1) : [];
    const nextName = cellsOfRole(next, 'name');
    const below = last.length > 0 && testOf(last.join(' ')) === null && named([...last, ...name].join(' '));
    const alone = testOf(nextName.join(' '));
    const joined = testOf([...name, ...nextName].join(' '));
    const above =
      firstLineOf(line, next) &&
      joined !== null &&
      (alone === null || (joined !== alone && testOf(name.join(' ')) === null));
    if (above !== below) votes += above ? 1 : -1;
    last = [];
  }
  return votes > 0;
}

/** A status column's word: a lab mark ('H', '*', '↑') or 'Normal', 'High', 'Low', 'Critical'. */
function isStatusWord(text: string): boolean {
  return isFlagToken(text) || /^(?:normal|high|low|critical)$/i.test(text);
}

/** A status column's words ('High', 'Low', 'H', '*') are the row's mark; 'Normal' is no mark. */
function flagCells(row: Row, cells: string[]): void {
  // (an analyser's '+' and '-' are its high and low marks)
  for (const c of cells) if (isFlagToken(c) || /^(?:high|low|critical|[+-])$/i.test(c)) row.flag.push(c);
}

/**
 * A range cell listing labelled parts on one line ('Male : 13.5 - 18.0 / Female : 11.5 - 16.4',
 * 'Deficient: <10 / Sufficient: 30 - 100') is laid out a part per line, as the row reader reads
 * sex and tiered ranges.
 */
function tiers(range: string): string[] {
  const parts = range.split(/\s+\/\s+/);
  return parts.length >= 2 && parts.every((p) => /^[A-Za-z][A-Za-z .'()-]*\s*:/.test(p)) ? parts : [range];
}

/**
 * Hands a table's rows over in reading order, each with its cells' roles: the name joined across
 * its lines, the result, earlier results, the flag, the unit (the cells that read as a unit, if
 * any do) and the range a part per tier. Lines of the table that are no row keep their place
 * among the rows: with cells in two columns or more, as a row of those cells; else as printed.
 */
function handOver(
  out: TableRead,
  rows: Row[],
  others: Array<{ k: number; cells: Placed } | { k: number; text: string }>,
): void {
  const cell = (role: ColumnRole) => (text: string) => ({ text, role });
  const entries: Array<{ at: number; piece: TablePiece }> = rows.map((r) => {
    const unit = r.unit.filter(isUnitToken);
    const cells: RoledCell[] = [
      { text: joinName(r.name.length ? r.name : ['']), role: 'name' },
      ...r.result.map(cell('result')),
      ...r.previous.map(cell('previous')),
      ...r.flag.map(cell('flag')),
      ...(unit.length ? unit : r.unit).map(cell('unit')),
      ...r.range.flatMap(tiers).map(cell('range')),
    ];
    return { at: r.lines[0], piece: { row: { lines: r.lines, at: r.at, cells } } };
  });
  for (const o of others) {
    const piece: TablePiece =
      'text' in o
        ? { text: o.text, origin: [o.k] }
        : {
            row: { lines: [o.k], at: o.k, cells: o.cells.map((p) => ({ text: p.cell.text, role: p.role })) },
          };
    entries.push({ at: o.k, piece });
  }
  entries.sort((a, b) => a.at - b.at);
  for (const e of entries) out.pieces.push(e.piece);
}
