import type { Cell } from './cells';
import { separatedFields } from './tokens';

/**
 * Table headers. A lab table says what each column holds ('Test | Result | Unit | Bio. Ref.
 * Interval', 'PARAMETER  BIO. REF. RANGE  RESULT  UNIT', 'Investigation  Observed Value  Flag
 * Units  Reference Range'); the columns can come in any order. Once a header is read, the cells
 * of the rows under it are given the role of the column they sit under (by position), so a number
 * printed in the reference column is never taken for the result. Tables with drawn separators
 * (pipes, box rules, tabs) are read by field order in the table reader (tables.ts) and reach this
 * one laid out again in plain columns — except on a photo without word boxes, whose OCR'd rules
 * are read here by field order too.
 */
export type Role = 'name' | 'result' | 'unit' | 'range' | 'flag' | 'method' | 'other';

export interface HeaderColumn {
  role: Role;
  start: number;
  end: number;
}

export interface TableHeader {
  columns: HeaderColumn[];
  /** The header draws its separators (pipes, rules): rows with as many fields go by field order. */
  fields: boolean;
}

/** A line's fields between its drawn separators as cells (empty ones kept), or null. */
function fieldCells(line: string): Cell[] | null {
  return separatedFields(line)?.map((f) => ({ text: f.text, start: f.x0 })) ?? null;
}

const ROLE_WORDS: Array<[Role, RegExp]> = [
  [
    'range',
    /^(?:(?:bio(?:logical)?\.?\s*)?(?:ref(?:erence)?\.?|normal|expected)\s*(?:range|interval|values?|limits?|ranges|intervals)?|bio\.?\s*ref\.?\s*(?:range|interval)?|reference|range|normal\s+range|ref\.?\s*range|(?:normal|reference)\s+values?)$/i,
  ],
  [
    'result',
    /^(?:results?|values?|observed(?:\s+values?)?|observations?|your\s+(?:results?|values?)|test\s+(?:results?|values?)|result\s+values?|obs\.?\s*values?|patient\s+(?:results?|values?)|reading)$/i,
  ],
  ['unit', /^(?:units?|uom|unit\s+of\s+measure)$/i],
  ['flag', /^(?:flags?|status|h\s*\/\s*l|abnormal|remarks?|indicator|interpretation)$/i],
  ['method', /^(?:methods?|methodology|technique|specimen|sample(?:\s+type)?)$/i],
  [
    'name',
    /^(?:tests?(?:\s+(?:names?|descriptions?|parameters?|done))?|investigations?|parameters?|test\s+description|descriptions?|examinations?|analytes?|particulars|component|determination|name\s+of\s+(?:the\s+)?test)$/i,
  ],
];

function roleOf(text: string): Role | null {
  const t = text
    // OCR's usual slips in a header: 'Resuit', 'Bio. Ret. Interval', 'lnterval', 'Unlts'.
    .replace(/\bresu[il1|]t/gi, 'result')
    .replace(/\b[l1|]nterval/gi, 'interval')
    .replace(/\bre[tf7]\.?(?=\s*(?:range|interval|values?)\b)/gi, 'ref.')
    .replace(/\bun[il1|]t/gi, 'unit')
    .replace(/[:*#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [role, re] of ROLE_WORDS) if (re.test(t)) return role;
  return null;
}

/** Reads a header line's cells (the line cleaned and split); null when the line is not one. */
export function readHeader(line: string, cells: Cell[]): TableHeader | null {
  if (cells.length < 2 || cells.length > 8) return null;
  const fields = fieldCells(line);
  const columns: HeaderColumn[] = [];
  let unknown = 0;
  for (const c of fields ? fields.filter((f) => f.text) : cells) {
    const role = roleOf(c.text);
    if (!role) {
      unknown++;
      columns.push({ role: 'other', start: c.start, end: c.start + c.text.length });
      continue;
    }
    columns.push({ role, start: c.start, end: c.start + c.text.length });
  }
  const roles = new Set(columns.map((c) => c.role));
  if (!roles.has('result') && !roles.has('range')) return null;
  const known = columns.length - unknown;
  if (known < 3 && !(known === 2 && roles.has('result') && (roles.has('name') || roles.has('range'))))
    return null;
  if (unknown > 1) return null;
  // The first column is the test name whatever it is called ('Hematology', 'Test Name').
  if (columns[0].role === 'other') columns[0].role = 'name';
  if (!columns.some((c) => c.role === 'name')) return null;
  return { columns, fields: !!fields };
}

/**
 * Gives each cell of a row the role of the header column it sits under: the column it overlaps
 * most, else the nearest one; a row with drawn separators under a header with them, by field order.
 */
export function assignRoles(
  header: TableHeader,
  line: string,
  cells: Cell[],
): Array<{ cell: Cell; role: Role }> {
  // A photo's OCR'd table without word boxes reaches this reader with its rules: by field order.
  const fields = header.fields ? fieldCells(line) : null;
  if (fields && fields.length === header.columns.length)
    return fields.map((cell, i) => ({ cell, role: header.columns[i].role })).filter((x) => x.cell.text);
  const placed = cells.map((cell) => ({ cell, role: columnFor(header.columns, cell).role }));
  // OCR'd photos keep the columns' order but not their character offsets (a proportional font,
  // spaces guessed from pixel gaps): two cells under one column while the row has no more cells
  // than the header has columns means the positions are off, so the header's order decides (a
  // row without a unit simply ends early).
  const roles = placed.map((p) => p.role);
  if (cells.length <= header.columns.length && new Set(roles).size < roles.length) {
    return cells.map((cell, i) => ({ cell, role: header.columns[i].role }));
  }
  return placed;
}

function columnFor(columns: HeaderColumn[], cell: Cell): HeaderColumn {
  return columns[columnIndex(columns, cell)];
}

/** The index of the header column a cell sits under: the one it overlaps most, else the nearest. */
export function columnIndex(columns: HeaderColumn[], cell: Cell): number {
  const a = cell.start;
  const b = cell.start + cell.text.length;
  let best = 0;
  let bestScore = -Infinity;
  for (const [i, col] of columns.entries()) {
    const overlap = Math.min(b, col.end) - Math.max(a, col.start);
    // Overlap counts positively; otherwise the (negative) distance between the two spans.
    const score = overlap > 0 ? overlap + 1000 : overlap;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}
