import type { Token } from './tokens';
import { isUnitToken } from './units';
import { isFlagToken } from './values';
import { isRangeCell } from './ranges';

/**
 * What a cell of a result row is, read from the cell itself (issue 29, item 1): a result number,
 * a lab's mark, a unit, a reference range, or text (a name, a method, a note). One classifier, so
 * the readers that place cells by position can check their placing against what the cells are.
 */
export type CellKind = 'value' | 'flag' | 'unit' | 'range' | 'text';

export function cellKind(text: string): CellKind {
  const t = text.trim();
  if (isFlagToken(t)) return 'flag';
  if (isUnitToken(t)) return 'unit';
  // A plain number is a value; '12-15', '<6', 'up to 40' are ranges (a censored result '<0.5' is
  // told from a range only by its place in the row, which the caller knows).
  if (/^\d[\d,]*(?:\.\d+)?$/.test(t)) return 'value';
  if (/\d/.test(t) && (isRangeCell(t) || /^[<>≤≥]=?\s*\d[\d,.]*$/.test(t))) return 'range';
  return 'text';
}

type Role = 'name' | 'result' | 'flag' | 'unit' | 'range';

/**
 * A row's cells placed by their kinds alone, when the row reads as a person reads it without a
 * header: a name, then its result, then at most one mark and one unit, then the range
 * ('WBC   3.1   L   x10^3/uL   4.0-11.0'). Null when any cell is of another kind or out of that
 * order (two numbers, a method's words): then only the columns can say which cell is which.
 */
export function placeByKind(tokens: Token[]): Array<{ cell: Token; role: Role }> | null {
  if (tokens.length < 2 || cellKind(tokens[0].text) !== 'text') return null;
  if (cellKind(tokens[1].text) !== 'value') return null;
  const out: Array<{ cell: Token; role: Role }> = [
    { cell: tokens[0], role: 'name' },
    { cell: tokens[1], role: 'result' },
  ];
  const seen = new Set<CellKind>();
  for (const cell of tokens.slice(2)) {
    const kind = cellKind(cell.text);
    if (kind === 'text' || kind === 'value') return null;
    if (kind !== 'range' && (seen.has(kind) || seen.has('range'))) return null;
    seen.add(kind);
    out.push({ cell, role: kind });
  }
  return out;
}

/** The roles a cell of each kind may have been given by position and still be read right. */
const FITS: Record<Role, Role[]> = {
  name: ['name'],
  result: ['result'],
  flag: ['flag', 'result'],
  unit: ['unit'],
  range: ['range'],
};

/**
 * Whether placing by position contradicts what the cells are: a result under the name, a range
 * under the unit, a cell dropped (under no column the header names). Columns drawn by a header
 * can sit far from the cells of a row whose spacing differs (a PDF's text layer, tabs expanded):
 * the kinds then say which is which.
 */
export function placingContradicted(
  byPosition: ReadonlyArray<{ cell: Token; role: string }>,
  byKind: ReadonlyArray<{ cell: Token; role: Role }>,
): boolean {
  // A cell under a column of another role (an earlier result, a method): the header names what
  // the row holds beyond name, result, mark, unit and range, so its columns decide.
  if (byPosition.some((p) => !(p.role in FITS))) return false;
  return byKind.some((k) => {
    const p = byPosition.find((q) => q.cell === k.cell);
    return !p || !FITS[k.role].includes(p.role as Role);
  });
}
