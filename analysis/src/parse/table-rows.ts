import { cleanLine, splitCells, type Cell } from './cells';
import { isRangeCell } from './ranges';
import type { ColumnRole, TableRow } from './tables';
import { isUnitToken } from './units';
import { isFlagToken } from './values';

/**
 * A table row as the row reader (lab-lines.ts) takes it: the cells the table reader (tables.ts)
 * handed over with their columns' roles, in reading order — name, result, flag, unit, range —
 * with what its result cell held. Only those roles are read: an earlier result, a method, a
 * specimen, a serial number or a remark never is, so none of their numbers can become the result.
 */

/** A row's cells in reading order (name, result, flag, unit, range) and what its result cell held. */
export interface RoleRead {
  cells: Cell[];
  hasResult: boolean;
  resultText: string;
}

/**
 * A table row's cells (with their columns' roles) in reading order: name, result, flag, unit,
 * range. Null when the row does not start with a name.
 */
export function readRoles(assigned: Array<{ cell: Cell; role: ColumnRole }>): RoleRead | null {
  const names = assigned.filter((a) => a.role === 'name').map((a) => a.cell);
  if (names.length === 0 || assigned[0].role !== 'name') return null;
  const flags: Cell[] = [];
  const units: Cell[] = [];
  const results: Cell[] = [];
  const ranges: Cell[] = [];
  // 'EGFR   L   87.08': a lab mark printed in the name column belongs to the result.
  while (names.length > 1 && isFlagToken(names[names.length - 1].text)) flags.unshift(names.pop() as Cell);
  const byRoleOf = (role: ColumnRole) => assigned.filter((a) => a.role === role).map((a) => a.cell);
  for (const c of byRoleOf('result')) results.push(c);
  // (an analyser's flag column prints '+' and '-' for high and low)
  for (const c of byRoleOf('flag'))
    if (isFlagToken(c.text) || /^(?:normal|[+-])$/i.test(c.text)) flags.push(c);
  for (const c of byRoleOf('unit')) (isRangeCell(c.text) ? ranges : units).push(c);
  for (const c of byRoleOf('range')) {
    if (isFlagToken(c.text)) flags.push(c);
    else if (isUnitToken(c.text)) units.push(c);
    else ranges.push(c);
  }
  const name: Cell = { text: names.map((c) => c.text).join(' '), start: names[0].start };
  const resultCells = results.filter((c) => !(isFlagToken(c.text) && results.length > 1));
  const resultFlags = results.filter((c) => isFlagToken(c.text) && results.length > 1);
  return {
    // One unit: the unit column's, else one printed in the range column.
    cells: [
      name,
      ...resultCells,
      ...resultFlags,
      ...flags.filter((c) => !/^normal$/i.test(c.text)),
      ...units.slice(0, 1),
      ...ranges,
    ],
    // 'Total Cholesterol 180' with a single space: the result sits in the name column.
    hasResult: resultCells.length > 0 || /\s[<>*↑↓]?\d[\d,.]*(?:\s*[*HL↑↓])?$/.test(name.text),
    resultText: resultCells.map((c) => c.text).join(' '),
  };
}

/** The roles of a table row's cells the row reader reads; the others (an earlier result, a method) never are. */
const READ_ROLES: ColumnRole[] = ['name', 'result', 'flag', 'unit', 'range'];

/**
 * A table row's cells as the row reader takes them: one cell per role, cleaned as a line's cells
 * are, the range's first part with them and its further parts apart (they continue the range as
 * its lines below a row do).
 */
export function tableCells(row: TableRow): {
  cells: Array<{ cell: Cell; role: ColumnRole }>;
  moreRange: string[];
} {
  const cells: Array<{ cell: Cell; role: ColumnRole }> = [];
  let at = 0;
  const put = (text: string, role: ColumnRole) => {
    // A lone '-' is an empty cell to cleanLine, but in a flag column it is an analyser's low mark.
    const cut =
      role === 'flag' && text.trim() === '-' ? [{ text: '-', start: 0 }] : splitCells(cleanLine(text));
    for (const c of cut) cells.push({ cell: { text: c.text, start: at + c.start }, role });
    at += text.length + 4;
  };
  for (const role of READ_ROLES) {
    const texts = row.cells.filter((c) => c.role === role).map((c) => c.text);
    if (role === 'range') {
      if (texts.length) put(texts[0], role);
      return { cells, moreRange: texts.slice(1) };
    }
    if (texts.length) put(texts.join(' '), role);
  }
  return { cells, moreRange: [] };
}
