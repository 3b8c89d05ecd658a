import type { Analyte, Sex } from '../types';
import { cleanLine, indentOf, splitCells, type Cell } from './cells';
import { matchAnalyte } from './match-analyte';
import { displayUnit, isUnitToken } from './units';
import { isFlagToken, readValueCell, type ValueCell } from './values';

/**
 * Finds result rows in the lines of a report, whatever the column order: the test name first,
 * then optionally a method column, then the result (with a flag beside it or in a column of its
 * own), the unit and the reference range, which may continue on the following lines
 * ('Female : 12.0 - 15.0', 'Borderline High: 200 - 239'). Rows outside tables ('Name : value
 * unit (range)') and markdown tables read the same way. Section headings tell urine rows from
 * blood rows. Comment paragraphs and interpretation tables are not rows: their first cell is not
 * a test name followed by a result.
 */
export interface RawRow {
  analyte: Analyte;
  name: string;
  value: ValueCell;
  unit: string;
  rangeText: string;
  lineIndex: number;
}

export interface RowScan {
  rows: RawRow[];
  /** Lines that look like result rows (a name-like cell followed by a number), parsed or not. */
  candidateLines: number;
  parsedLines: number;
}

const URINE_HEADING =
  /\b(urine|urinalysis|clinical pathology|routine examination of urine|urine r\/?e|r\/m)\b/i;
const OTHER_HEADING =
  /\b(haematology|hematology|haemogram|hemogram|cbc|complete blood|biochemistry|lipid|liver|lft|kidney|renal|rft|kft|thyroid|immunoassay|diabet|glyc|sugar|vitamin|iron|serology|hormone|electrolyte|cardiac|blood counts?|profile|differential)\b/i;
const RANGE_LIKE =
  /^(?:\(?\s*)?(?:(?:male|female|men|women|m|f|adults?|children)\b|[A-Za-z][A-Za-z .'-]{1,40}\s*:|(?:<=|>=|<|>|≤|≥|less than|more than|greater than|upto|up to)\s*\d|\d[\d,.]*\s*(?:-|–|to)\s*\d)/i;

/** Method sub-lines printed under a result: 'Method: CLIA', '(Urease-GLDH)'. */
const METHOD_LINE = /^(method\b|\(.*\)$|[A-Za-z][A-Za-z /()-]*$)/i;

/**
 * A line shaped like a result row whatever its test name: a short name-like first cell, a cell
 * that reads as a value, and a unit or a range after it. Used for the coverage part of the
 * confidence score (rows that look like results but were not understood lower it).
 */
function looksLikeResultRow(cells: Cell[]): boolean {
  if (cells.length < 3) return false;
  const name = cells[0].text;
  if (
    !/[A-Za-z]{2}/.test(name) ||
    name.split(/\s+/).length > 6 ||
    /^(page|printed|reported|collected|age|date)\b/i.test(name)
  ) {
    return false;
  }
  const v = cells.slice(1, 4).findIndex((c) => readValueCell(c.text, false) !== null);
  if (v < 0) return false;
  return cells
    .slice(v + 2)
    .some((c) => isUnitToken(c.text) || /\d\s*(-|–|to)\s*\d|[<>≤≥]\s*\d|up\s*to\s*\d/i.test(c.text));
}

/** OCR'd units such as 'UAL', ')/dL', '1076/uL', 'fcumm': one short token that is not a range. */
function looksLikeGarbledUnit(text: string, analyte: Analyte): boolean {
  if (analyte.kind === 'qualitative' || /\s/.test(text) || text.length > 10) return false;
  if (/^[<>≤≥(]|\d\s*(-|to)\s*\d/i.test(text)) return false;
  if (/^[\d.,]+$/.test(text)) return false;
  return /\//.test(text) || !/\d/.test(text);
}

function isQualitativeAnalyte(a: Analyte): boolean {
  return a.kind === 'qualitative' || a.panel === 'urine';
}

/** Splits 'Hb : 13.5 g/dL' or 'Haemoglobin 13.5' (single spaces, OCR) into name + rest. */
function splitNameCell(cells: Cell[]): Cell[][] {
  const first = cells[0];
  const options: Cell[][] = [cells];
  const colon = /^(.*?[A-Za-z)\]])\s*:\s*(\S.*)$/.exec(first.text);
  if (colon) {
    options.push([
      { text: colon[1], start: first.start },
      { text: colon[2], start: first.start + first.text.indexOf(colon[2]) },
      ...cells.slice(1),
    ]);
  }
  const tokens = [...first.text.matchAll(/\S+/g)];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i][0];
    if (/^[<>*↑↓]?\d/.test(t) || /^(nil|negative|positive|trace|absent|present)$/i.test(t)) {
      const at = tokens[i].index ?? 0;
      const name = first.text.slice(0, at).trim();
      const rest = first.text.slice(at);
      // Prose ('eAG = 28.7 x HbA1c - 46.7. Fasting glucose ...') is not a row.
      if (/[=+]$/.test(name) || proseWords(rest) > 4) break;
      options.push([
        { text: first.text.slice(0, at).trim(), start: first.start },
        { text: first.text.slice(at).trim(), start: first.start + at },
        ...cells.slice(1),
      ]);
    }
  }
  return options;
}

function proseWords(text: string): number {
  return [...text.matchAll(/[A-Za-z]{3,}/g)].filter(
    (m) =>
      !isUnitToken(m[0]) &&
      !/^(male|female|high|low|upto|than|less|more|normal|desirable|ratio)$/i.test(m[0]),
  ).length;
}

/**
 * A cell of single-spaced tokens ('13.5 H g/dL 13.0 - 17.0', OCR or 'Result: 27 Upto 5 mg/l'):
 * the value token, then an optional flag and unit token, then the rest as one range cell.
 */
function splitValueCell(cell: Cell, qualitative: boolean): { value: ValueCell; cells: Cell[] } | null {
  const tokens = explodeCell(cell);
  if (tokens.length < 2) return null;
  let n = 1;
  let value = readValueCell(tokens[0].text, qualitative);
  if (!value && /^(\*{1,3}|↑|↓)$/.test(tokens[0].text)) {
    value = readValueCell(`${tokens[0].text} ${tokens[1].text}`, qualitative);
    n = 2;
  }
  if (!value || !/^[<>*↑↓]?[\d.,]+$/.test(tokens[n - 1].text)) return null;
  const out: Cell[] = [
    {
      text: tokens
        .slice(0, n)
        .map((t) => t.text)
        .join(' '),
      start: tokens[0].start,
    },
  ];
  let k = n;
  if (k < tokens.length && isFlagToken(tokens[k].text)) out.push(tokens[k++]);
  if (k < tokens.length && isUnitToken(tokens[k].text)) out.push(tokens[k++]);
  if (k < tokens.length) {
    out.push({ text: cell.text.slice(tokens[k].start - cell.start).trim(), start: tokens[k].start });
  }
  return { value, cells: out };
}

/** Splits a cell of single-spaced tokens into one cell per token. */
function explodeCell(cell: Cell): Cell[] {
  const out: Cell[] = [];
  for (const m of cell.text.matchAll(/\S+/g)) out.push({ text: m[0], start: cell.start + (m.index ?? 0) });
  return out;
}

interface RowRead {
  value: ValueCell;
  unit: string;
  range: string;
  rangeStart: number;
}

function readRow(analyte: Analyte, cells: Cell[], fuzzy = false): RowRead | null {
  const qualitative = isQualitativeAnalyte(analyte);
  let i = 0;
  let value: ValueCell | null = null;
  // Up to two cells before the result may be a method column.
  for (; i < cells.length && i < 3; i++) {
    value = readValueCell(cells[i].text, qualitative);
    if (value) break;
    // A cell like '13.5 H mg/dL' (OCR, single spaces): try its first token(s) as the value.
    const split = splitValueCell(cells[i], qualitative);
    if (split) {
      value = split.value;
      cells = [...cells.slice(0, i), ...split.cells, ...cells.slice(i + 1)];
      break;
    }
    // A method column is words ('IFCC', '3rd gen'); bare numbers that are not a value end the search.
    if (/^[<>]?\d/.test(cells[i].text) && !/[A-Za-z]{3,}/.test(cells[i].text.replace(/\/\S+/g, '')))
      return null;
  }
  if (!value) return null;
  let unit = value.unit ?? '';
  let flag = value.flag;
  const rangeParts: string[] = [];
  let rangeStart = -1;
  for (let j = i + 1; j < cells.length; j++) {
    const text = cells[j].text;
    if (rangeParts.length === 0 && isFlagToken(text) && !flag) {
      flag = text;
      continue;
    }
    if (
      rangeParts.length === 0 &&
      !unit &&
      (isUnitToken(text) || (fuzzy && looksLikeGarbledUnit(text, analyte)))
    ) {
      unit = text;
      continue;
    }
    if (rangeParts.length === 0 && !unit) {
      // 'mg/dL 70-100' glued by a single space
      const m = /^(\S+)\s+(.*\d.*)$/.exec(text);
      if (m && isUnitToken(m[1])) {
        unit = m[1];
        rangeParts.push(m[2]);
        rangeStart = cells[j].start + text.indexOf(m[2]);
        continue;
      }
    }
    if (rangeParts.length === 0) {
      rangeParts.push(text);
      rangeStart = cells[j].start;
      continue;
    }
    // After the range: more range text (a second sex or tier) or a method column (ignored).
    if (/\d/.test(text) && RANGE_LIKE.test(text)) rangeParts.push(text);
  }
  let range = rangeParts.join(' ');
  // A unit printed inside the range ('13 to 18 gm/dl', 'Upto 20 mm/1 hour').
  if (!unit) {
    const m = /\s(\S+)\s*\)?$/.exec(range);
    if (m && isUnitToken(m[1]) && /\d/.test(range.slice(0, m.index))) {
      unit = m[1];
      range = range.slice(0, m.index).trim();
    }
  }
  return { value: { ...value, flag }, unit: displayUnit(unit), range, rangeStart };
}

export function scanRows(lines: string[], options: { fuzzy: boolean; sex?: Sex | null }): RowScan {
  const rows: RawRow[] = [];
  const seen = new Set<string>();
  let section: 'urine' | 'general' = 'general';
  let candidateLines = 0;
  let parsedLines = 0;
  let headingAnalyte: { analyte: Analyte; name: string; line: number } | null = null;

  for (let li = 0; li < lines.length; li++) {
    const line = cleanLine(lines[li]);
    const cells = splitCells(line);
    if (cells.length === 0) continue;
    const looksLikeRow = looksLikeResultRow(cells);
    if (looksLikeRow) candidateLines++;

    let found: { analyte: Analyte; name: string; read: RowRead } | null = null;
    for (const option of splitNameCell(cells)) {
      const name = option[0].text;
      const rest = option.slice(1);
      if (rest.length === 0) continue;
      // The unit decides between differential % and absolute counts: peek at it.
      const peekUnit = rest.map((c) => c.text).find((t) => isUnitToken(t)) ?? '';
      const analyte = matchAnalyte(name, { section, unit: peekUnit, fuzzy: options.fuzzy });
      if (!analyte) continue;
      const read = readRow(analyte, rest, options.fuzzy);
      if (!read) continue;
      // Re-match with the unit actually read (it may differ from the peeked one).
      const final = matchAnalyte(name, { section, unit: read.unit, fuzzy: options.fuzzy }) ?? analyte;
      found = { analyte: final, name, read };
      break;
    }
    // 'Result : 27 Upto 5 mg/l' under a heading that names the test (CRP (NYCOCARD)).
    const resultLine = /^(result|value|observed value)\s*:?\s*(.*)$/i.exec(cells[0].text);
    if (!found && headingAnalyte && resultLine && li - headingAnalyte.line <= 4) {
      const rest = resultLine[2]
        ? [
            { text: resultLine[2], start: cells[0].start + cells[0].text.indexOf(resultLine[2]) },
            ...cells.slice(1),
          ]
        : cells.slice(1);
      const read = rest.length ? readRow(headingAnalyte.analyte, rest, options.fuzzy) : null;
      if (read) found = { analyte: headingAnalyte.analyte, name: headingAnalyte.name, read };
    }

    if (!found) {
      const text = cells.map((c) => c.text).join(' ');
      if (cells.length <= 3 && !/\d{3,}/.test(text)) {
        if (URINE_HEADING.test(text) && !/\b(urine examined|performed)\b/i.test(text)) section = 'urine';
        else if (OTHER_HEADING.test(text) && !URINE_HEADING.test(text)) section = 'general';
        const heading = matchAnalyte(cells[0].text, { section, unit: '', fuzzy: false });
        if (heading && cells.length === 1)
          headingAnalyte = { analyte: heading, name: cells[0].text, line: li };
      }
      continue;
    }
    parsedLines++;
    if (!looksLikeRow) candidateLines++;
    headingAnalyte = null;

    // Range continuation lines ('Female : 11.5 to 16.4', 'Borderline High: 200-239').
    let rangeText = found.read.range;
    const rangeCol = found.read.rangeStart;
    const rowIndent = indentOf(line);
    for (let k = li + 1; k < lines.length && k <= li + 6; k++) {
      const next = cleanLine(lines[k]);
      if (!next.trim()) break;
      const nextCells = splitCells(next);
      if (nextCells.length === 0) break;
      // OCR columns are approximate: there, anything indented well past the row's name counts.
      const boundary = options.fuzzy ? Math.min(rangeCol - 6, rowIndent + 10) : rangeCol - 6;
      const left = rangeCol >= 0 ? nextCells.filter((c) => c.start < boundary) : [];
      const right = rangeCol >= 0 ? nextCells.filter((c) => c.start >= boundary) : nextCells;
      // A new result row ends the range; a method line may carry the range's second line on its right.
      if (left.length && matchAnalyte(left[0].text, { section, unit: '', fuzzy: false })) break;
      if (left.length && !METHOD_LINE.test(left[0].text)) break;
      const rangeCells = right.filter((c) => RANGE_LIKE.test(c.text) && /\d/.test(c.text));
      if (rangeCells.length === 0 || rangeCells[0] !== right[0]) {
        if (left.length && METHOD_LINE.test(left[0].text) && right.length === 0) continue;
        break;
      }
      if (rangeCol < 0 && indentOf(next) <= 20) break;
      if (matchAnalyte(rangeCells[0].text.replace(/\s*:.*$/, ''), { section, unit: '', fuzzy: false })) break;
      const parts = right.filter((c) => RANGE_LIKE.test(c.text) || /\d/.test(c.text)).map((c) => c.text);
      rangeText = rangeText ? `${rangeText}\n${parts.join(' ')}` : parts.join(' ');
      li = k;
    }

    if (seen.has(found.analyte.id)) continue; // repeated on a later page
    seen.add(found.analyte.id);
    rows.push({
      analyte: found.analyte,
      name: found.name
        .replace(/\s*\/\s*method\b.*$/i, '')
        .replace(/[\s:=-]+$/, '')
        .trim(),
      value: found.read.value,
      unit: found.read.unit,
      rangeText,
      lineIndex: li,
    });
  }
  return { rows, candidateLines, parsedLines };
}
