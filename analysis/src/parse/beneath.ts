import type { Analyte } from '../types';
import { cleanLine, splitCells, type Cell } from './cells';
import { matchAnalyte } from './match-analyte';
import { isRangeCell } from './ranges';
import type { Row } from './row';
import { displayUnit, isUnitToken } from './units';
import { isQualitativeWord, readValueCell } from './values';

/**
 * Results printed beneath their tests' names (issue 29, decision 180): names run across the top of
 * a grid ('T3   T4   TSH   Sodium   Potassium'), each result on the line below under its name, and
 * optionally a line of units and a line of ranges under those. Each value is paired with the name
 * whose column it stands in; the whole grid is paired at once, so a value is never given to the
 * wrong test: when a line's values cannot all be placed one to one under the names, no row is read.
 */
export interface BeneathRead {
  rows: Row[];
  /** Lines of the grids read (names, values, units, ranges). */
  used: Set<number>;
}

function centre(c: Cell): number {
  return c.start + c.text.length / 2;
}

/** One cell of `below` per name, by column: the cell whose span overlaps the name's most, else the nearest. */
function pairByColumn(names: Cell[], below: Cell[]): Array<Cell | null> | null {
  const out: Array<Cell | null> = names.map(() => null);
  const taken = new Set<number>();
  for (const [b, cell] of below.entries()) {
    let best = -1;
    let bestDist = Infinity;
    for (const [n, name] of names.entries()) {
      const d = Math.abs(centre(cell) - centre(name));
      const overlap =
        Math.min(cell.start + cell.text.length, name.start + name.text.length) -
        Math.max(cell.start, name.start);
      const score = overlap > 0 ? d - 100 : d;
      if (score < bestDist) {
        bestDist = score;
        best = n;
      }
    }
    // The nearest name must be nearer than its neighbours' halfway points: else the grid is not read.
    if (best < 0 || taken.has(best)) return null;
    taken.add(best);
    out[best] = cell;
    void b;
  }
  return out;
}

/** A line whose every cell (two or more) names a known test. */
export function namesLine(line: string): { cells: Cell[]; analytes: Analyte[] } | null {
  const cells = splitCells(cleanLine(line));
  if (cells.length < 2) return null;
  const analytes: Analyte[] = [];
  for (const c of cells) {
    const a = matchAnalyte(c.text, { section: 'general', unit: '', fuzzy: false });
    if (!a) return null;
    analytes.push(a);
  }
  return { cells, analytes };
}

export function readBeneath(lines: string[], skip: Set<number> = new Set()): BeneathRead {
  const rows: Row[] = [];
  const used = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (skip.has(i)) continue;
    const head = namesLine(lines[i]);
    if (!head) continue;
    // The values' line: the next printed line, every cell a value.
    let v = i + 1;
    while (v < lines.length && !lines[v].trim() && v <= i + 2) v++;
    if (v >= lines.length || skip.has(v)) continue;
    const valueCells = splitCells(cleanLine(lines[v]));
    if (valueCells.length < 2 || valueCells.length > head.cells.length) continue;
    const words = (a: Analyte | undefined) => !!a && (a.kind === 'qualitative' || a.panel === 'urine');
    const values = valueCells.map((c, k) => readValueCell(c.text, words(head.analytes[k])));
    // A range under a name is no result, but for a count reported as one ('0-1' /HPF).
    const rangeShaped = valueCells.some(
      (c, k) => isRangeCell(c.text) && !/^\d[\d.,]*$/.test(c.text) && !words(head.analytes[k]),
    );
    if (values.some((x) => !x) || rangeShaped) continue;
    // A word that names a test is a name, not a result: a second line of names is no line of values.
    if (
      valueCells.some(
        (c) => !/\d/.test(c.text) && matchAnalyte(c.text, { section: 'general', unit: '', fuzzy: false }),
      )
    )
      continue;
    const paired = pairByColumn(head.cells, valueCells);
    if (!paired) continue;
    const lineSet = [i, v];
    // Units and ranges under the values, in the same columns.
    const units: Array<Cell | null> = head.cells.map(() => null);
    const ranges: Array<Cell | null> = head.cells.map(() => null);
    for (let k = v + 1; k <= v + 2 && k < lines.length; k++) {
      const cells = splitCells(cleanLine(lines[k]));
      if (!cells.length) break;
      const kind = cells.every((c) => isUnitToken(c.text))
        ? 'unit'
        : cells.some((c) => /\d/.test(c.text)) &&
            cells.every(
              (c) =>
                isRangeCell(c.text) ||
                /^(?:<=?|>=?|≤|≥|up\s*to)\s*\d/i.test(c.text) ||
                // a word a test is normally reported as ('Nil', 'Pale Yellow') is its range
                isQualitativeWord(c.text),
            )
          ? 'range'
          : null;
      if (!kind) break;
      const p = pairByColumn(head.cells, cells);
      if (!p) break;
      p.forEach((c, n) => {
        if (c) (kind === 'unit' ? units : ranges)[n] = c;
      });
      lineSet.push(k);
    }
    head.cells.forEach((name, n) => {
      const cell = paired[n];
      if (!cell) return;
      const value = readValueCell(cell.text, words(head.analytes[n]));
      if (!value) return;
      const unit = units[n]?.text ?? value.unit ?? '';
      const analyte = matchAnalyte(name.text, { section: 'general', unit, fuzzy: false }) ?? head.analytes[n];
      rows.push({
        analyte,
        known: true,
        name: name.text,
        value,
        unit: displayUnit(unit),
        rangeText: ranges[n]?.text ?? '',
        lineIndex: v,
        strategy: 'beneath',
      });
    });
    for (const l of lineSet) used.add(l);
    i = lineSet[lineSet.length - 1];
  }
  return { rows, used };
}
