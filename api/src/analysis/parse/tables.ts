import { matchAnalyte } from './match-analyte';
import { hasBoxRules, isRuleLine, lineOf, separatedFields, textTokens, type Token } from './tokens';
import { isUnitToken } from './units';
import { isFlagToken, readValueCell } from './values';

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
 * side, read one after the other.
 *
 * Its output is the rows laid out again as one plain table (name, result, flag, unit, range) for
 * the row reader (lab-lines.ts), which turns cells into values, units and ranges; columns that
 * are never the result (an earlier visit's, a method, a specimen, a serial number, a remark) are
 * not in it, so no number of theirs can be read as the result. A table with twin column groups
 * (a percentage and an absolute count per row) passes through as printed, for twin-columns.ts.
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
  | 'flag'
  | 'remark'
  | 'other';

/**
 * What a header's words say a column holds. Add a layout's header words here (after OCR's usual
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
    /^(?:results?|values?|observed(?:\s+values?)?|observations?|your\s+(?:results?|values?)|test\s+(?:results?|values?)|result\s+values?|obs\.?\s*values?|patient\s+(?:results?|values?)|reading|current(?:\s+(?:results?|values?))?|present(?:\s+(?:results?|values?))?|today)$/i,
  ],
  ['unit', /^(?:units?|uom|unit\s+of\s+measure)$/i],
  [
    'range',
    /^(?:(?:bio(?:logical)?\.?\s*)?(?:ref(?:erence)?\.?|normal|expected)\s*(?:range|interval|values?|limits?|ranges|intervals)?|bio\.?\s*ref\.?\s*(?:range|interval)?|reference|range|normal\s+range|ref\.?\s*range|(?:normal|reference)\s+values?)$/i,
  ],
  ['flag', /^(?:flags?|status|h\s*\/\s*l|abnormal|indicator|result\s+status)$/i],
  ['remark', /^(?:remarks?|comments?|notes?|interpretation)$/i],
  ['method', /^(?:methods?|methodology|technique|principle)$/i],
  ['specimen', /^(?:specimens?|samples?(?:\s+type)?|sample\s+type)$/i],
  [
    'name',
    /^(?:tests?(?:\s+(?:names?|descriptions?|parameters?|done))?|investigations?|parameters?|test\s+description|descriptions?|examinations?|analytes?|particulars|component|determination|name\s+of\s+(?:the\s+)?test)$/i,
  ],
];

const MAX_LINE = 600;

/** Columns whose cells are never a result: on a photo, a table holding one is read here. */
const NEVER_RESULT: ReadonlySet<ColumnRole> = new Set(['previous', 'method', 'specimen', 'sno', 'remark']);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// A whole date: not part of a longer number ('1.003-1.035' is a range, not 3 Jan 2035).
const DATE = /(?<![\d.])(\d{1,2})[/.-](\d{1,2}|[A-Za-z]{3})[/.-](\d{4}|\d{2})(?![\d.])/;

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
    text
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
  for (const [role, re] of HEADER_WORDS) if (re.test(t)) return { role, date };
  return { role: null, date };
}

/**
 * Reads a header line's tokens into columns; null when the line is not a header. A date column
 * is the result when it is the newest date and no column is named the result, else an earlier
 * result: a column of an earlier date is never the result.
 */
export function readColumns(tokens: Token[]): Column[] | null {
  if (tokens.length < 3 || tokens.length > 14) return null;
  const read = tokens.map((t) => ({ t, ...headerRole(t.text) }));
  const dated = read.filter((r) => r.date !== null && (r.role === null || r.role === 'result'));
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
  if (columns[0].role === 'sno' && columns[1]?.role === 'other') columns[1].role = 'name';
  const roles = columns.map((c) => c.role);
  if (!roles.includes('result') || !roles.includes('name')) return null;
  const known = columns.filter((c) => c.role !== 'other').length;
  if (known < 3 || unknown > 1) return null;
  return columns;
}

/**
 * Two column groups of one test on a row (a percentage and an absolute count under 'Result Unit
 * Range Absolute Unit Range'): a result, unit or range column twice within one table. The line
 * reader's twin-column split (twin-columns.ts) reads those.
 */
function twinGroups(columns: Column[]): boolean {
  return sideBySide(columns).some((group) =>
    (['result', 'unit', 'range'] as const).some((r) => group.filter((c) => c.role === r).length > 1),
  );
}

/** Splits a header into tables side by side: each starts at a name column (after a result). */
function sideBySide(columns: Column[]): Column[][] {
  const groups: Column[][] = [[]];
  for (const c of columns) {
    const cur = groups[groups.length - 1];
    if (c.role === 'name' && cur.some((x) => x.role === 'result')) groups.push([c]);
    else cur.push(c);
  }
  return groups;
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
export function alignColumns(columns: Column[], rows: Token[][]): Column[] {
  const starts = columns.map(() => new Map<number, number>());
  let full = 0;
  for (const cells of rows) {
    if (cells.length !== columns.length) continue;
    full++;
    cells.forEach((cell, j) => starts[j].set(cell.x0, (starts[j].get(cell.x0) ?? 0) + 1));
  }
  if (full === 0) return columns;
  const out = columns.map((c, j) => {
    const best = [...starts[j].entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    return best ? { ...c, x0: Math.min(c.x0, best[0]) } : c;
  });
  // Starts stay in the header's order.
  for (let j = 1; j < out.length; j++)
    if (out[j].x0 <= out[j - 1].x1 - 1 && out[j].x0 <= out[j - 1].x0) return columns;
  return out;
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
  name: string[];
  result: string[];
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
  return /\d\s*(?:-|–|to)\s*\d|[<>≤≥]\s*\d|up\s*to\s*\d|^\s*(?:male|female|m|f)\b/i.test(text);
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
  const whole = parts.join(' ');
  if (parts.length === 1 || named(whole)) return whole;
  const withoutMethod = parts.filter((p, i) => i === 0 || !METHOD_PART.test(p)).join(' ');
  if (named(withoutMethod)) return withoutMethod;
  if (named(parts[0])) return parts[0];
  return whole;
}

export interface TableRead {
  /** The lines with the tables this reader read laid out again; other lines as printed. */
  lines: string[];
  /** For each output line, the original lines it stands for (a row's wrapped lines, or itself). */
  origin: number[][];
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
  // A text line's fields between its drawn separators (positions from boxes have none).
  const fields = (i: number) => (tokens?.[i] ? null : separatedFields(lines[i].slice(0, MAX_LINE)));
  const out: TableRead = { lines: [], origin: [], furniture: new Set() };
  const keep = (i: number) => {
    out.lines.push(lines[i]);
    out.origin.push([i]);
  };
  let i = 0;
  while (i < lines.length) {
    const boxed = hasBoxRules(lines[i]);
    if (isRuleLine(lines[i]) && /[─━═┼┬┴]/.test(lines[i])) {
      out.furniture.add(i++);
      continue;
    }
    const headerFields = fields(i);
    const columns = readColumns(headerFields ? headerFields.filter((f) => f.text) : tok(i));
    // Every table but one with twin column groups (twin-columns.ts splits those). On a photo, only
    // tables the line reader cannot read by the header's order (its OCR'd spacing is a guess).
    const needed =
      columns &&
      !twinGroups(columns) &&
      (!photo || boxed || columns.some((c) => NEVER_RESULT.has(c.role)) || sideBySide(columns).length > 1);
    if (!columns || !needed) {
      keep(i++);
      continue;
    }
    out.furniture.add(i);
    const end = tableEnd(lines, i + 1, tok);
    const groups = sideBySide(columns);
    for (let k = i + 1; k < end; k++) if (isRuleLine(lines[k])) out.furniture.add(k);
    const layout: Layout = { all: columns, tok, photo, breaks, byField: byField(headerFields, fields) };
    const reads = groups.map((group) => readRows(lines, group, layout, i + 1, end));
    const inRow = new Set(reads.flatMap((r) => r.rows.flatMap((row) => row.lines)));
    // Lines of the table that are no row of any of its tables stay lines of their own: with cells
    // in two columns or more, each cell under the column it was printed in; else as printed (a
    // sub-heading, a note, a row the line reader may read by itself).
    const others = [...new Set(reads.flatMap((r) => r.others))]
      .filter((k) => !inRow.has(k))
      .map((k) => {
        const cells = reads.flatMap((r) => r.cellsOf.get(k) ?? []);
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
    emit(
      out,
      reads.flatMap((r) => r.rows),
      [...others, ...leftovers.filter((o) => o.text.trim())],
    );
    i = end;
  }
  return out;
}

/** Where a table ends: a new header, a comment block, the end of the report, or three blank lines. */
function tableEnd(lines: string[], from: number, tok: (i: number) => Token[]): number {
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
    if (readColumns(cells)) return k;
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
  photo: boolean;
  breaks: Set<number>;
  /** A line's cells with the column of each when the line is read by field order, else null. */
  byField: (k: number) => Array<{ cell: Token; col: number }> | null;
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

function readRows(lines: string[], group: Column[], layout: Layout, from: number, end: number): GroupRead {
  const { all, tok, photo, breaks } = layout;
  const rows: Row[] = [];
  const others: number[] = [];
  const cellsOf = new Map<number, Placed>();
  const first = all.indexOf(group[0]);
  const last = first + group.length - 1;
  // The last line before the next table's header is that table's heading ('URINE ROUTINE
  // EXAMINATION'), never a wrapped part of this table's last row (OCR drops the blank between).
  let heading = -1;
  if (end < lines.length && readColumns(tok(end)))
    for (let k = end - 1; k >= from && heading < 0; k--) if (lines[k].trim()) heading = k;
  const below: Token[][] = [];
  for (let k = from; k < end; k++) if (!isRuleLine(lines[k])) below.push(tok(k));
  const aligned = alignColumns(all, below);
  let open: Row | null = null;
  // The open row was cut by a page break: only its name's rest can follow on the next page.
  let cut = false;
  const place = (k: number) =>
    (
      layout.byField(k) ??
      tok(k).map((cell) => ({
        cell,
        col: aligned === all ? columnOf(all, cell) : bandOf(aligned, cell, photo),
      }))
    )
      .filter((p) => p.col >= first && p.col <= last)
      .map((p) => ({ cell: p.cell, role: all[p.col].role }));
  const wrapAbove = wrapsAbove(from, end, place, breaks);
  // A name's first line printed above the line of its result, waiting for that line.
  let above: { k: number; name: string[] } | null = null;
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
    // A status word in the result or range band ('140.00  Normal' under a header without a status
    // column) is the row's mark, not part of its result or range.
    const [value, ...marks] = of('result');
    const status =
      value !== undefined && isResultCell(value) && marks.length > 0 && marks.every(isStatusWord);
    const result = status ? value : of('result').join(' ');
    const range = of('range').filter((c) => !isStatusWord(c));
    const name = of('name');
    const wrappedAbove = above?.k === k - 1 ? above : null;
    above = null;
    if (result && isResultCell(result)) {
      open = {
        lines: wrappedAbove ? [wrappedAbove.k, k] : [k],
        name: wrappedAbove ? [...wrappedAbove.name, ...name] : name,
        result: [result],
        flag: [],
        unit: of('unit'),
        range,
      };
      flagCells(open, [...of('flag'), ...(status ? marks : []), ...of('range').filter(isStatusWord)]);
      rows.push(open);
      continue;
    }
    if (wrapAbove && !wasCut && k + 1 < end && !breaks.has(k + 1) && firstLineOf(placed, place(k + 1))) {
      above = { k, name };
      open = null;
      continue;
    }
    // A wrapped name or method, or a second line of the range, right under its row.
    const onlyContinues = placed.every(
      (p) =>
        ['name', 'method', 'specimen', 'range', 'previous'].includes(p.role) &&
        !(p.role === 'name' && looksLikeRecord(p.cell.text)),
    );
    // ...unless it names a test of its own that joining would not change the row's test into (a
    // row whose result cell is empty, under a row naming its own test).
    const ownTest = !!open && name.length > 0 && named(name.join(' ')) && !joinChangesTest(open.name, name);
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
      open.range.push(...of('range'));
      continue;
    }
    // A named row whose result column is empty ('not done'): read as a row without a result.
    if (!result && name.length && (of('unit').length || of('range').some(isRangeText))) {
      open = { lines: [k], name, result: [], flag: [], unit: of('unit'), range: of('range') };
      rows.push(open);
      continue;
    }
    open = null;
    others.push(k);
    cellsOf.set(k, placed);
  }
  return { rows, others, cellsOf };
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
  for (const c of cells) if (isFlagToken(c) || /^(?:high|low|critical)$/i.test(c)) row.flag.push(c);
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

/** The columns of the plain table rows are laid out in; any other column's cells go last. */
const SLOTS: ColumnRole[] = ['name', 'result', 'flag', 'unit', 'range'];

/**
 * Lays rows out as one plain table under a header the row reader knows: name, result, flag,
 * unit, range; a range's further lines under the range column. Lines that are no row keep their
 * place among the rows, each cell under its own column.
 */
function emit(
  out: TableRead,
  rows: Row[],
  others: Array<{ k: number; cells: Placed } | { k: number; text: string }>,
): void {
  const cells = rows.map((r) => {
    const unit = r.unit.filter(isUnitToken);
    return {
      r,
      texts: [
        joinName(r.name.length ? r.name : ['']),
        r.result.join(' '),
        r.flag.join(' '),
        unit.join(' ') || r.unit.join(' '),
      ],
      range: r.range.flatMap(tiers),
    };
  });
  const lone = others.map((o) => ({
    k: o.k,
    text: 'text' in o ? o.text : null,
    texts:
      'text' in o
        ? ['', '', '', '', '', '']
        : [...SLOTS, null].map((role) =>
            o.cells
              .filter((p) => (role ? p.role === role : !SLOTS.includes(p.role)))
              .map((p) => p.cell.text)
              .join(' '),
          ),
  }));
  const head = ['Test', 'Result', 'Flag', 'Unit', 'Reference Range'];
  const at = [0];
  for (let j = 0; j < 5; j++) {
    const texts = [
      head[j],
      ...cells.map((c) => (j < 4 ? c.texts[j] : (c.range[0] ?? ''))),
      ...lone.map((o) => o.texts[j]),
    ];
    at.push(at[j] + Math.max(...texts.map((t) => t.length)) + 4);
  }
  const put = (texts: string[]) => lineOf(texts.map((text, j) => ({ text, x0: at[j] })));
  if (cells.length) {
    out.lines.push(put(head));
    out.origin.push([]);
  }
  const entries = [
    ...cells.map((c) => ({ at: c.r.lines[0], c, texts: [] as string[] })),
    ...lone.map((o) => ({ at: o.k, c: null, texts: o.texts, text: o.text })),
  ].sort((a, b) => a.at - b.at);
  for (const e of entries) {
    if (!e.c) {
      out.lines.push('text' in e && e.text !== null ? e.text : put(e.texts));
      out.origin.push([e.at]);
      continue;
    }
    const c = e.c;
    out.lines.push(put([...c.texts, c.range[0] ?? '']));
    out.origin.push(c.r.lines);
    for (const more of c.range.slice(1)) {
      out.lines.push(' '.repeat(at[4]) + more);
      out.origin.push([]);
    }
  }
}
