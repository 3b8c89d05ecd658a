import type { Analyte } from '../types';
import { cleanLine, splitCells, type Cell } from './cells';
import { analyteByCutName, matchAnalyte } from './match-analyte';
import { isRangeCell } from './ranges';
import { dateValue } from './tables';
import type { Row } from './row';
import { displayUnit, isUnitToken, unitFactor, unitInBrackets } from './units';
import { isQualitativeWord, readValueCell } from './values';

/**
 * Results printed beneath their tests' names (issue 29, decision 180): names run across the top of
 * a grid ('T3   T4   TSH   Sodium   Potassium'), each result on the line below under its name, and
 * optionally a line of units and a line of ranges under those. Each value is paired with the name
 * whose column it stands in; the whole grid is paired at once, so a value is never given to the
 * wrong test: when a line's values cannot all be placed one to one under the names, no row is read.
 */
type Unpaired = Array<{ analyte: Analyte | null; name: string; line: number; reason?: string }>;

export interface BeneathRead {
  rows: Row[];
  /** Names listed down, with numbers after them, whose results could not be paired whole. */
  unpaired: Unpaired;
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

/**
 * Cells under a line of names joined per name's column: a cell is in the column of the last name
 * starting at or left of it. Each column's cells are joined by ', '.
 */
function byNameColumn(names: Cell[], below: Cell[]): Cell[] {
  const columns = new Map<number, Cell[]>();
  for (const cell of below) {
    let n = 0;
    for (const [k, name] of names.entries()) if (name.start <= cell.start + 1) n = k;
    columns.set(n, [...(columns.get(n) ?? []), cell]);
  }
  return [...columns.values()].map((cs) => ({ text: cs.map((c) => c.text).join(', '), start: cs[0].start }));
}

/** Labels printed at the left of a grid's lines ('Result', 'Units', 'Ref. Range', 'Test'). */
const LINE_LABELS: Array<[LineKind | 'names', RegExp]> = [
  ['names', /^(?:tests?|test\s+names?|parameters?|investigations?|analytes?)\s*:?$/i],
  [
    'result',
    /^(?:results?|values?|observed(?:\s+values?)?|(?:your|patient'?s?|test)\s+(?:results?|values?))\s*:?$/i,
  ],
  ['unit', /^(?:units?|uom)\s*:?$/i],
  [
    'range',
    /^(?:(?:bio(?:logical)?\.?\s*)?ref(?:erence)?\.?\s*(?:range|interval|values?)?|normal\s*(?:range|values?)?|range|expected\s+values?)\s*:?$/i,
  ],
];

type LineKind = 'result' | 'unit' | 'range';

/** The label a grid's line starts with, and its cells after it; no label when the first cell is none. */
function labelled(cells: Cell[]): { label: LineKind | 'names' | null; cells: Cell[] } {
  const first = cells[0]?.text ?? '';
  const hit = LINE_LABELS.find(([, re]) => re.test(first));
  return hit ? { label: hit[0], cells: cells.slice(1) } : { label: null, cells };
}

/**
 * A line whose every cell (two or more) names a known test, after an optional label ('Test'). Its
 * last cell may be a name cut at the page's edge ('NON-HDL Choleste', 'Me'): the test it starts,
 * or, after two names or more, `cut` (its column is read, its result named unread).
 */
export function namesLine(
  line: string,
): { cells: Cell[]; analytes: Analyte[]; cut?: Cell; dated?: boolean } | null {
  const all = splitCells(cleanLine(line));
  // A grid of visits: its first column holds each line's date ('Date  Hb  Urea  Creat').
  const dated = DATE_COLUMN.test(all[0]?.text ?? '');
  const read = labelled(dated ? all.slice(1) : all);
  if (read.label !== null && read.label !== 'names') return null;
  const cells = read.cells;
  if (cells.length < 2) return null;
  const analytes: Analyte[] = [];
  for (const [n, c] of cells.entries()) {
    const last = n === cells.length - 1;
    const a =
      matchAnalyte(c.text, { section: 'general', unit: '', fuzzy: false }) ??
      (last ? analyteByCutName(c.text) : null);
    if (a) analytes.push(a);
    else if (last && n >= 2 && /^[A-Za-z][A-Za-z .()/-]{0,24}$/.test(c.text))
      return { cells: cells.slice(0, n), analytes, cut: c, dated };
    else return null;
  }
  return { cells, analytes, dated };
}

/** The header of a first column of dates, one line per visit. */
const DATE_COLUMN =
  /^(?:(?:visit|sample|test|collection|report|review)\s+)?(?:dates?|visits?|days?)(?:\s+of\s+\w+)?\s*:?$|^collected(?:\s+on)?\s*:?$/i;

const words = (a: Analyte | undefined) => !!a && (a.kind === 'qualitative' || a.panel === 'urine');

/** What an unlabelled line under the names holds: units, ranges or results (null: none of these). */
function kindOf(cells: Cell[], analytes: Analyte[]): LineKind | null {
  if (cells.every((c) => isUnitToken(c.text))) return 'unit';
  const values = cells.map((c, k) => readValueCell(c.text, words(analytes[k])));
  // A range under a name is no result, but for a count reported as one ('0-1' /HPF).
  const rangeShaped = cells.some(
    (c, k) => isRangeCell(c.text) && !/^\d[\d.,]*$/.test(c.text) && !words(analytes[k]),
  );
  if (values.every(Boolean) && !rangeShaped) return 'result';
  if (
    cells.some((c) => /\d/.test(c.text)) &&
    cells.every(
      (c) =>
        isRangeCell(c.text) ||
        /^(?:<=?|>=?|≤|≥|up\s*to)\s*\d/i.test(c.text) ||
        // a word a test is normally reported as ('Nil', 'Pale Yellow') is its range
        isQualitativeWord(c.text),
    )
  )
    return 'range';
  return null;
}

/** A line holding one cell only, or null. */
function oneCell(line: string | undefined): string | null {
  const cells = line === undefined ? [] : splitCells(cleanLine(line));
  return cells.length === 1 ? cells[0].text : null;
}

/** A value as its test is read, and one a living patient can have (knowledge/limits.ts). */
function possibleValue(text: string, analyte: Analyte, unit = ''): ReturnType<typeof readValueCell> {
  const value = readValueCell(text, words(analyte));
  if (!value || typeof value.value !== 'number' || !analyte.plausible) return value;
  // In the unit printed for it ('45' platelets in 10^3/µL), else as the test's own unit.
  const printed = unit || value.unit || '';
  const factor = (printed && analyte.unit && unitFactor(printed, analyte.unit, analyte.units)) || 1;
  const base = value.value * factor;
  return base >= analyte.plausible.low && base <= analyte.plausible.high ? value : null;
}

/**
 * Names listed down the page, their results listed after them in the same order (a table copied
 * column by column: 'Haemoglobin' / 'Platelet Count' / 'TSH' / 'Result' / '13.5' / '250000' /
 * '16.2'), then optionally as many units and ranges. The lists are paired whole, by order, and
 * only when every result is one its test can have; else the names are left for the caller to
 * name as unread. Returns the rows and the lines used.
 */
function readNamesDown(
  lines: string[],
  from: number,
  skip: Set<number>,
): { rows: Row[]; used: number[]; unpaired?: Unpaired } | null {
  const names: Array<{ text: string; analyte: Analyte; line: number }> = [];
  let k = from;
  for (; k < lines.length && !skip.has(k); k++) {
    const text = oneCell(lines[k]);
    // A name alone: no field separators, no number standing on its own ('TSH', '25-OH Vitamin D').
    const nameOnly = !!text && !/[;|\t=:"]|\d,/.test(text) && !/(?:^|\s)[<>]?\d[\d,.]*(?:\s|$)/.test(text);
    const analyte = nameOnly ? matchAnalyte(text, { section: 'general', unit: '', fuzzy: false }) : null;
    if (!text || !analyte) break;
    names.push({ text, analyte, line: k });
  }
  if (names.length < 2) return null;
  const used = names.map((n) => n.line);
  /** The next list of names.length one-cell lines, after an optional label ('Result', 'Units'). */
  const list = (label: RegExp, read: (text: string, n: number) => boolean): string[] | null => {
    let at = k;
    while (at < lines.length && !lines[at].trim()) at++;
    const labelled = label.test(oneCell(lines[at]) ?? '') ? 1 : 0;
    const texts = names.map((_, n) => oneCell(lines[at + labelled + n]));
    if (texts.some((t, n) => t === null || skip.has(at + labelled + n) || !read(t, n))) return null;
    for (let n = 0; n < names.length + labelled; n++) used.push(at + n);
    k = at + labelled + names.length;
    return texts as string[];
  };
  const values = list(
    /^(?:results?|values?|observed(?:\s+values?)?)\s*:?$/i,
    (t, n) => !!readValueCell(t, words(names[n].analyte)),
  );
  const units = values ? list(/^(?:units?|uom)\s*:?$/i, (t) => isUnitToken(t)) : null;
  if (!values || values.some((v, n) => !possibleValue(v, names[n].analyte, units?.[n]))) {
    // Numbers follow the names but do not pair with them whole: the names are said to be unread.
    const after = lines.slice(k, k + names.length + 2);
    return values || after.some((l) => /\d/.test(l))
      ? { rows: [], used, unpaired: names.map((n) => ({ analyte: n.analyte, name: n.text, line: n.line })) }
      : null;
  }
  const ranges = list(
    /^(?:(?:bio\.?\s*)?ref(?:erence)?\.?\s*(?:range|interval)?|normal\s+range|range)\s*:?$/i,
    (t) => isRangeCell(t) || /^(?:<=?|>=?|≤|≥|up\s*to)\s*\d/i.test(t) || isQualitativeWord(t),
  );
  const rows = names.map((name, n): Row => {
    const value = possibleValue(values[n], name.analyte, units?.[n])!;
    const unit = units?.[n] ?? value.unit ?? '';
    return {
      analyte: matchAnalyte(name.text, { section: 'general', unit, fuzzy: false }) ?? name.analyte,
      known: true,
      name: name.text,
      value,
      unit: displayUnit(unit),
      rangeText: ranges?.[n] ?? '',
      lineIndex: name.line,
      strategy: 'beneath',
    };
  });
  return { rows, used };
}

export function readBeneath(lines: string[], skip: Set<number> = new Set()): BeneathRead {
  const rows: Row[] = [];
  const used = new Set<number>();
  const unpaired: Unpaired = [];
  for (let i = 0; i < lines.length; i++) {
    if (skip.has(i) || used.has(i)) continue;
    const down = readNamesDown(lines, i, skip);
    if (down) {
      rows.push(...down.rows);
      unpaired.push(...(down.unpaired ?? []));
      for (const l of down.used) used.add(l);
      i = Math.max(...down.used);
      continue;
    }
    if (skip.has(i)) continue;
    const named = namesLine(lines[i]);
    if (!named) continue;
    // A cut name keeps its column, so the cells beneath still pair by position.
    const head = { ...named, cells: named.cut ? [...named.cells, named.cut] : named.cells };
    // The lines under the names, each of results, units or ranges (by its label, else by what its
    // cells hold), in the names' columns; the first line of results is the patient's.
    const found: Partial<Record<LineKind, { line: number; cells: Array<Cell | null> }>> = {};
    const lineSet = [i];
    // In a grid of visits each line of results starts with its date: the latest is the patient's
    // result now, the others are history (read, not shown as today's).
    let latest = -1;
    for (let k = i + 1; k < lines.length && k <= i + 5 + (lineSet.length - 1); k++) {
      if (skip.has(k)) break;
      const all = splitCells(cleanLine(lines[k]));
      const date = named.dated && all.length ? dateValue(all[0].text) : null;
      const raw = date !== null ? all.slice(1) : all;
      if (!raw.length) {
        if (lineSet.length > 1) break;
        continue;
      }
      const read = labelled(raw);
      const label = read.label;
      // Tiered ranges print several cells under one name ('Desirable: < 200  Borderline: 200-239'):
      // each is its name's column's, joined.
      const cells =
        read.cells.length > head.cells.length && (label ?? 'range') === 'range'
          ? byNameColumn(head.cells, read.cells)
          : read.cells;
      if (label === 'names' || cells.length === 0 || cells.length > head.cells.length) break;
      const kind = label ?? kindOf(cells, head.analytes);
      if (!kind || (found[kind] && !(kind === 'result' && date !== null && latest >= 0))) break;
      if (date !== null && kind !== 'result') break;
      if (kind === 'result' && date !== null) {
        if (date < latest) {
          lineSet.push(k);
          continue;
        }
        latest = date;
      }
      // A word that names a test is a name, not a result: a second line of names is no line of values.
      if (
        kind === 'result' &&
        (cells.length < 2 ||
          cells.some(
            (c) => !/\d/.test(c.text) && matchAnalyte(c.text, { section: 'general', unit: '', fuzzy: false }),
          ))
      )
        break;
      const paired = pairByColumn(head.cells, cells);
      if (!paired) break;
      found[kind] = { line: k, cells: paired };
      lineSet.push(k);
    }
    const result = found.result;
    if (!result) continue;
    head.cells.forEach((name, n) => {
      const cell = result.cells[n];
      if (!cell) return;
      if (name === named.cut) {
        unpaired.push({
          analyte: null,
          name: name.text,
          line: i,
          reason: "the test's name is cut at the page's edge",
        });
        return;
      }
      const value = readValueCell(cell.text, words(head.analytes[n]));
      if (!value) return;
      const unit = found.unit?.cells[n]?.text ?? value.unit ?? unitInBrackets(name.text)?.unit ?? '';
      const analyte = matchAnalyte(name.text, { section: 'general', unit, fuzzy: false }) ?? head.analytes[n];
      rows.push({
        analyte,
        known: true,
        name: name.text,
        value,
        unit: displayUnit(unit),
        rangeText: found.range?.cells[n]?.text ?? '',
        lineIndex: result.line,
        strategy: 'beneath',
      });
    });
    for (const l of lineSet) used.add(l);
    i = lineSet[lineSet.length - 1];
  }
  return { rows, used, unpaired };
}
