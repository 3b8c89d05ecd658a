import { cleanLine, splitCells, type Cell } from './cells';
import { columnIndex, readHeader, type HeaderColumn } from './table-header';

/**
 * Differential counts printed as two column groups on one row, the percentage and the absolute
 * count ('Neutrophils  72  %  40 - 80  6.1  10^3/µL  2.0 - 7.0' under 'Test  Result  Unit
 * Ref. Range  Absolute  Unit  Ref. Range'). Each such row becomes two lines: the first group
 * where it was, and the second laid under the first group's columns on a line of its own, so both
 * are read as rows (their units tell the percentage from the absolute count). The header keeps
 * only its first group. Lines of other tables come back as they were.
 */
interface Twin {
  columns: HeaderColumn[];
  /** Index of the second group's first column. */
  split: number;
  /** Where the first group's result, unit and range columns start. */
  at: { result: number; unit: number; range: number };
}

function twinOf(columns: HeaderColumn[]): Twin | null {
  const first = columns.findIndex((c) => c.role === 'range');
  if (first < 0) return null;
  const second = columns.findIndex((c, i) => i > first + 1 && c.role === 'range');
  if (second < 0) return null;
  const between = columns.slice(first + 1, second);
  if (!between.some((c) => c.role === 'other' || c.role === 'result')) return null;
  const group = columns.slice(0, first + 1);
  const result = group.find((c) => c.role === 'result');
  const unit = group.find((c) => c.role === 'unit');
  if (!result) return null;
  const range = columns[first];
  return {
    columns,
    split: first + 1,
    at: { result: result.start, unit: unit?.start ?? range.start, range: range.start },
  };
}

/** The line with these cells turned into spaces (every other cell stays at its place). */
function blank(line: string, cells: Cell[]): string {
  let out = line;
  for (const c of cells)
    out = out.slice(0, c.start) + ' '.repeat(c.text.length) + out.slice(c.start + c.text.length);
  return out.replace(/\s+$/, '');
}

/** Cells written at columns, each at its column or, if the line is already past it, two spaces on. */
function lineAt(parts: Array<{ text: string; at: number }>): string {
  let out = '';
  for (const p of parts) {
    const at = out.length === 0 ? p.at : Math.max(p.at, out.length + 2);
    out = out.padEnd(at) + p.text;
  }
  return out;
}

export function splitTwinColumns(lines: string[]): string[] {
  return splitTwinColumnsFrom(lines).lines;
}

/** The same, with the index of the line each output line came from. */
export function splitTwinColumnsFrom(lines: string[]): { lines: string[]; from: number[] } {
  const out: string[] = [];
  const from: number[] = [];
  let twin: Twin | null = null;
  for (const [index, raw] of lines.entries()) {
    const push = (line: string) => {
      out.push(line);
      from.push(index);
    };
    const line = cleanLine(raw);
    const cells = splitCells(line);
    const header = cells.length ? readHeader(line, cells) : null;
    if (header) {
      twin = header.fields ? null : twinOf(header.columns);
      push(
        twin
          ? blank(
              line,
              cells.filter((c) => columnIndex(header.columns, c) >= twin!.split),
            )
          : raw,
      );
      continue;
    }
    // A heading of its own ('BIOCHEMISTRY') starts another table: the two groups end with theirs.
    if (cells.length === 1) twin = null;
    if (!twin || cells.length < 3) {
      push(raw);
      continue;
    }
    // A row with a cell for every column goes by order: OCR keeps the columns' order, not their
    // character offsets (as assignRoles does in table-header.ts).
    const byOrder = cells.length === twin.columns.length;
    const placed = cells.map((cell, i) => ({ cell, col: byOrder ? i : columnIndex(twin!.columns, cell) }));
    const second = placed.filter((p) => p.col >= twin!.split);
    const name = placed.filter((p) => p.col === 0).map((p) => p.cell);
    if (name.length === 0 || !second.some((p) => /\d/.test(p.cell.text))) {
      push(raw);
      continue;
    }
    push(
      blank(
        line,
        second.map((p) => p.cell),
      ),
    );
    const { at } = twin;
    push(
      lineAt([
        { text: name.map((c) => c.text).join(' '), at: name[0].start },
        ...second.map((p) => {
          const role = twin!.columns[p.col].role;
          return {
            text: p.cell.text,
            at: role === 'unit' ? at.unit : role === 'range' ? at.range : at.result,
          };
        }),
      ]),
    );
  }
  return { lines: out, from };
}
