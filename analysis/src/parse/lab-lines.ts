import type { Analyte, Sex } from '../types';
import { blankAddresses, cleanLine, indentOf, labelledRange, splitCells, type Cell } from './cells';
import { isMethodName, matchAnalyte, normaliseName, type MatchContext } from './match-analyte';
import { displayUnit, isUnitToken, unitFactor } from './units';
import {
  isFlagToken,
  isSpecimen,
  isQualitativeWord,
  isValueWithUnit,
  readValueCell,
  type ValueCell,
} from './values';
import { groupCellPerLine } from './cell-per-line';
import { readDifferentialLine } from './differential-line';
import { repairOcrWord } from './ocr-repair';
import { decimalCommasAsPoints } from './numbers';
import { readTables, type TablePiece, type TableRow } from './tables';
import { readRoles, tableCells, type RoleRead } from './table-rows';
import { isRangeCell, rangeBody } from './ranges';
import type { Token } from './tokens';
import type { Row, UnreadRow } from './row';
import { explanationLines, isCutOffText } from './regions';
import { namesLine, readBeneath } from './beneath';
import { readDelimitedRecords, readDocumentRecords, readRecord, recordFields } from './records';

/**
 * Finds result rows in the lines of a report. Tables are read first by the table reader
 * (tables.ts), which hands each row over with its cells' roles (table-rows.ts orders them); this
 * reader turns each row into a value, unit and range — the test name first, then the result (with
 * a flag beside it or in a column of its own), the unit and the reference range, which may
 * continue ('Female : 12.0 - 15.0', 'Borderline High: 200 - 239') — and reads the rows outside
 * tables ('Name : value unit (range)', labelled records, cell-per-line runs, headerless lines, a
 * heading with 'Result :' under it).
 * Section headings tell urine rows from blood rows. Comment paragraphs and interpretation tables
 * are not rows: their first cell is not a test name followed by a result.
 */
export type { UnreadRow };

export interface RowScan {
  rows: Row[];
  unread: UnreadRow[];
  /** Lines that look like result rows (a name-like cell followed by a number), parsed or not. */
  candidateLines: number;
  parsedLines: number;
  /** Lines of the document (their indices as given) that ended in a read or unread row. */
  usedLines: Set<number>;
  /** Lines known to be no result: table headers and drawn rules. */
  furniture: Set<number>;
  /**
   * Rows of the table reader (their cells) and lines it left that ended in no row although their
   * printed lines were used by another (two tables side by side share a line): accounted for like
   * unused lines.
   */
  hiddenLines: string[];
}

const URINE_HEADING =
  /\b(urine|urinalysis|clinical pathology|routine examination of urine|urine r\/?e|r\/m)\b/i;
const OTHER_HEADING =
  /\b(haematology|hematology|haemogram|hemogram|cbc|complete blood|biochemistry|lipid|liver|lft|kidney|renal|rft|kft|thyroid|immunoassay|diabet|glyc|sugar|vitamin|iron|serology|hormone|electrolyte|cardiac|blood counts?|profile|differential)\b/i;
const STOOL_HEADING = /\b(?:stool|faeces|feces|faecal|fecal|motion)\b/i;
const BLOOD_GAS_HEADING = /\b(?:(?:arterial|venous)\s+)?blood\s+gas(?:es)?\b|\babg\b|\bvbg\b/i;
type Section = MatchContext['section'];

/** A column's label printed alone on its line ('Result', 'Units', 'Reference Range'). */
const COLUMN_LABEL =
  /^(?:results?|values?|units?|uom|tests?|parameters?|investigations?|(?:bio\.?\s*)?ref(?:erence)?\.?\s*(?:range|interval|values?)?|normal\s+(?:range|values?))\s*:?$/i;

/** The section after a short heading-like line: a urine heading opens urine, another panel's closes it. */
function sectionAfter(text: string, current: Section): Section {
  // ('STOOL ROUTINE EXAMINATION'; not a stool test's own row, 'Stool Occult Blood   Negative')
  if (STOOL_HEADING.test(text) && !matchAnalyte(text, { section: 'general', unit: '', fuzzy: false }))
    return 'stool';
  if (URINE_HEADING.test(text) && !/\b(urine examined|performed)\b/i.test(text)) return 'urine';
  if (BLOOD_GAS_HEADING.test(text)) return 'blood gas';
  if (OTHER_HEADING.test(text) && !URINE_HEADING.test(text)) return 'general';
  return current;
}

const RANGE_LIKE =
  /^(?:[([]?\s*)?(?:(?:male|female|men|women|m|f|adults?|children)\b|[A-Za-z][A-Za-z .'-]{1,40}\s*:|(?:<=|>=|<|>|≤|≥|less than|more than|greater than|upto|up to)\s*\d|\d[\d,.]*\s*(?:-|–|to)\s*\d)/i;

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
  // OCR drops the slash of a unit written with one in front, or reads it as a stroke ('/HPF' read
  // as 'HPF' or 'IHPF', '/cumm' as 'cumm'): a word that is one of this analyte's units but for that
  // slash is its unit, even on a row of words or counts.
  const word = text.toLowerCase();
  const slashed = [`/${word}`, word.replace(/^[il1|]/, '/')];
  if ([analyte.unit, ...Object.keys(analyte.units)].some((u) => slashed.includes(u.toLowerCase())))
    return true;
  if (analyte.kind === 'qualitative' || /\s/.test(text) || text.length > 10) return false;
  if (/^[<>≤≥(]|\d\s*(-|to)\s*\d/i.test(text)) return false;
  if (/^[\d.,]+$/.test(text)) return false;
  return /\//.test(text) || !/\d/.test(text);
}

function isQualitativeAnalyte(a: Analyte): boolean {
  return a.kind === 'qualitative' || a.panel === 'urine';
}

/** A line's positioned words without web and mail addresses (cells.ts blankAddresses). */
function withoutAddresses(tokens: Token[] | undefined): Token[] | undefined {
  return tokens?.map((t) => ({ ...t, text: blankAddresses(t.text).trim() })).filter((t) => t.text.length > 0);
}

/** Text that ends inside a bracket ('... cells/hpf (Normal'): what follows is in the bracket. */
function openBracket(text: string): boolean {
  return /[([][^)\]]*$/.test(text);
}

/** Splits 'Hb : 13.5 g/dL' or 'Haemoglobin 13.5' (single spaces, OCR) into name + rest. */
function splitNameCell(cells: Cell[]): Cell[][] {
  const first = cells[0];
  // A serial number printed before the name, one space apart ('1 Haemoglobin 10.8 gm/dl 12-16'):
  // tried after the name as printed, which may start with a number ('24 Hours Urine Protein').
  const serial = /^\d{1,3}[.)]?\s+(?=[A-Za-z(])/.exec(first.text);
  const unnumbered = serial
    ? splitNameCell([
        { text: first.text.slice(serial[0].length), start: first.start + serial[0].length },
        ...cells.slice(1),
      ])
    : [];
  const options: Cell[][] = [cells];
  // A test code printed before the name by an export ('T0101  Haemoglobin', 'HB001 Hb'): the name follows it.
  const code = /^[A-Z]{0,4}-?\d{2,6}[A-Z]?\s+(?=[A-Za-z(]|\d{1,2}\s*-?\s*[A-Za-z(]{2})/.exec(first.text);
  if (code)
    options.push([
      { text: first.text.slice(code[0].length), start: first.start + code[0].length },
      ...cells.slice(1),
    ]);
  // ...or in a column of its own.
  if (cells.length > 2 && /^[A-Z]{0,4}-?\d{2,6}[A-Z]?$/.test(first.text) && /[A-Za-z]{2}/.test(cells[1].text))
    options.push(cells.slice(1));
  const colon = /^(.*?[A-Za-z.)\]])\s*:\s*(\S.*)$/.exec(first.text);
  // A colon inside a bracketed range ('8.0 gm/dL (Normal: 6.4 - 8.3)') separates no name from its result.
  const unclosed = colon && openBracket(colon[1]);
  if (colon && !unclosed && !/\s[<>]?\d[\d.,]*\s/.test(colon[1])) {
    options.push([
      { text: colon[1], start: first.start },
      { text: colon[2], start: first.start + first.text.indexOf(colon[2]) },
      ...cells.slice(1),
    ]);
  }
  const tokens = [...first.text.matchAll(/\S+/g)];
  // A word result split off by a single space ('Colour Pale Yellow (Pale Yellow)', 'Pus Cells Plenty'):
  // tried after every split at a number, as a word can also be part of a name ('Red Blood Cells').
  const wordOptions: Cell[][] = [];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i][0];
    const number = /^[<>*↑↓]?\d/.test(t);
    const common = /^(nil|negative|positive|trace|absent|present)$/i.test(t);
    const word =
      !number && !common && (isQualitativeWord(t) || isQualitativeWord(`${t} ${tokens[i + 1]?.[0] ?? ''}`));
    if (number || common || word) {
      const at = tokens[i].index ?? 0;
      const name = first.text.slice(0, at).trim();
      const rest = first.text.slice(at);
      // A number inside an open bracket is a range's ('Pus Cells - Plenty (Normal: 0 - 4)'), never the result.
      if (openBracket(name)) continue;
      const into = word ? wordOptions : options;
      // 'TSH = 16.0 uIU/mL [0.27 - 4.2]': '=' separates a message's name from its result...
      if (/\s=$/.test(name) && messageRest(rest)) {
        into.push([
          { text: name.replace(/\s*=$/, ''), start: first.start },
          { text: rest.trim(), start: first.start + at },
          ...cells.slice(1),
        ]);
        continue;
      }
      // ...but prose ('eAG = 28.7 x HbA1c - 46.7. Fasting glucose ...') is not a row.
      // A bracketed range is no prose, however many bands it names ('(Optimal: < 100 / Near Optimal: ...)').
      if (/[=+]$/.test(name) || proseWords(rest.replace(/[[(][^\])]*\d[^\])]*[\])]/g, ' ')) > 4) break;
      // A heading's number is part of the name ('VITAMIN D, 25 - HYDROXY', 'Vitamin B 12').
      if (/,$/.test(name) || /^\d[\d.]*\s*-\s*[A-Za-z]/.test(rest)) continue;
      into.push([
        { text: first.text.slice(0, at).trim(), start: first.start },
        { text: first.text.slice(at).trim(), start: first.start + at },
        ...cells.slice(1),
      ]);
    }
  }
  return [...options, ...wordOptions, ...unnumbered];
}

/** A message line's result part: value, unit, a bracketed range and a mark, no formula. */
function messageRest(rest: string): boolean {
  // A bracket left open ends the result part: the range goes on in the next cell.
  const bare = rest.replace(/[[(][^\])]*(?:[\])]|$)/g, ' ').trim();
  return bare.split(/\s+/).length <= 4 && !/(?:^|\s)[x×*+]\s|[=]/i.test(bare);
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
  // '5.7 - 6.4': a band, not a result (a count such as '4-6' is one only of a qualitative test).
  if (!qualitative && /^(?:-|–|to)$/i.test(tokens[n]?.text ?? '') && /^\d/.test(tokens[n + 1]?.text ?? ''))
    return null;
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
  /** Two results printed side by side ('13.5   14.2   g/dL'): which one is meant cannot be told. */
  ambiguous?: boolean;
}

/** 'Pale Yellow [Pale Yellow]', '13.5 g/dL (13.0 - 17.0)': a result and its bracketed range in one cell. */
function splitBracketed(cell: Cell): Cell[] {
  const m = /^(\S.*?)\s+(\[[^\]]*\]|\([^)]*\))$/.exec(cell.text);
  // A bracket holds a range when it has a number, or a word result a lab expects ('(Nil)',
  // '(normal range Pale Yellow)'); any other bracket ('(Calculated)') is part of its cell.
  const inside = m?.[2].slice(1, -1).replace(/^\s*(?:normal(?:\s+range)?|range|ref(?:erence)?)\s*:?\s*/i, '');
  if (!m || !inside || !(/\d/.test(inside) || isQualitativeWord(inside))) return [cell];
  return [
    { text: m[1], start: cell.start },
    { text: m[2], start: cell.start + cell.text.length - m[2].length },
  ];
}

/**
 * Reads the cells after the test name. Cells printed before the result (a reference range, a
 * unit or a lab mark, as in 'PARAMETER | BIO. REF. RANGE | RESULT | UNIT') are set aside and
 * joined to what follows, so a number of the range is never taken for the result.
 */
function readRow(analyte: Analyte, cells: Cell[], fuzzy = false): RowRead | null {
  cells = cells.flatMap(splitBracketed);
  const lead: { range: Cell[]; unit: string; flag: string | null } = { range: [], unit: '', flag: null };
  let k = 0;
  for (; k < cells.length && k < 4; k++) {
    const t = cells[k].text;
    // Urine counts ('10-12' /hpf) are results shaped like a range.
    if (isQualitativeAnalyte(analyte) && /^\d+\s*-\s*\d+(?:\s+\S+)?$/.test(t)) break;
    if (isRangeCell(t)) lead.range.push(cells[k]);
    else if (isFlagToken(t) && !lead.flag) lead.flag = t;
    else if (isUnitToken(t) && !lead.unit) lead.unit = t;
    else break;
  }
  // '< 200' then '245': the censored-looking first cell is the range, the plain number the result.
  if (
    k < cells.length - 1 &&
    /^(?:<=?|>=?|≤|≥)\s*\d/.test(cells[k].text) &&
    /^\d[\d,.]*\s*\S*$/.test(cells[k + 1].text)
  ) {
    lead.range.push(cells[k]);
    k++;
  }
  if (k === 0) return readRowInOrder(analyte, cells, fuzzy);
  const rest = readRowInOrder(analyte, cells.slice(k), fuzzy);
  // 'Less than 0.5  mg/L  Up to 6.0': the first cell looked like a range, but no result follows
  // it, so it is the result (a censored one).
  if (!rest) return lead.range.length ? readRowInOrder(analyte, cells, fuzzy) : null;
  let leadRange = lead.range.map((c) => c.text).join(' ');
  // A unit printed inside a range that comes first ('[15 - 40 mg/dL]  : 68').
  const inside = /^([([]?.*\d)\s+(\S+?)\s*([)\]]?)$/.exec(leadRange);
  if (!rest.unit && !lead.unit && inside && isUnitToken(inside[2])) {
    lead.unit = inside[2];
    leadRange = `${inside[1]}${inside[3]}`;
  }
  return {
    ambiguous: rest.ambiguous,
    value: { ...rest.value, flag: rest.value.flag ?? lead.flag },
    unit: rest.unit || displayUnit(lead.unit),
    range: [leadRange, rest.range].filter(Boolean).join(' '),
    rangeStart: lead.range.length ? lead.range[0].start : rest.rangeStart,
  };
}

function readRowInOrder(analyte: Analyte, cells: Cell[], fuzzy = false): RowRead | null {
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
    // A test reported in words: words that did not read as its result are a finding not read
    // ('Calcium oxalate +'), unless they name a method or a specimen; the word after them is the
    // range's ('Nil'), never the result.
    if (qualitative && !isMethodName(cells[i].text) && !isSpecimen(cells[i].text)) return null;
  }
  if (!value) return null;
  // 'Blood Group : "AB"   Positive': an Rh printed apart from its ABO group is part of it.
  if (
    typeof value.value === 'string' &&
    /^(?:A|B|AB|O)$/.test(value.value) &&
    /^(?:rh\s*(?:\(d\))?\s*)?(?:positive|negative|\+\s*ve|-\s*ve)$/i.test(cells[i + 1]?.text ?? '')
  ) {
    const joined = readValueCell(`${value.value} ${cells[i + 1].text}`, true);
    if (joined) {
      value = joined;
      i++;
    }
  }
  const next = cells[i + 1]?.text ?? '';
  // Two results on one line (visits side by side): on a photo only when the second is a number of
  // the first's size, not a mark or a speck OCR read as a digit ('262 1' for '262 ↑').
  const second = parseFloat(next.replace(/[<>,]/g, ''));
  const alike =
    !fuzzy ||
    (typeof value.value === 'number' &&
      next.replace(/\D/g, '').length >= 2 &&
      second > 0 &&
      value.value / second <= 3 &&
      second / value.value <= 3);
  const ambiguous =
    alike &&
    typeof value.value === 'number' &&
    /^[<>]?\d[\d,]*(?:\.\d+)?$/.test(next) &&
    !isRangeCell(next) &&
    i + 2 < cells.length;
  let unit = value.unit ?? '';
  let flag = value.flag;
  const rangeParts: string[] = [];
  let rangeStart = -1;
  for (let j = i + 1; j < cells.length; j++) {
    const text = cells[j].text;
    // An analyser's '+' or '-' of its own beside a number is its high or low mark.
    if ((isFlagToken(text) || (typeof value.value === 'number' && /^[+-]$/.test(text))) && !flag) {
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
    if (rangeParts.length === 0) {
      // A unit or a mark glued to the range by single spaces ('mg/dL 70-100', 'L x10^3/uL
      // 4.0-11.0', a photo's or a PDF's cells): each token read for what it is.
      const tokens = text.split(/\s+/);
      let t = 0;
      let glued = { unit, flag };
      for (; t < tokens.length - 1; t++) {
        if (!glued.flag && isFlagToken(tokens[t])) glued = { ...glued, flag: tokens[t] };
        else if (!glued.unit && isUnitToken(tokens[t])) glued = { ...glued, unit: tokens[t] };
        else break;
      }
      const after = tokens.slice(t).join(' ');
      if (t > 0 && /\d/.test(after)) {
        ({ unit, flag } = glued);
        rangeParts.push(after);
        rangeStart = cells[j].start + text.lastIndexOf(after);
        continue;
      }
    }
    if (rangeParts.length === 0) {
      // The next test's name on the same line ('Hb: 10.8 g/dL   TLC: 7,900') is no range.
      if (
        !/\d/.test(text) &&
        matchAnalyte(text.replace(/\s*[:=-]$/, ''), { section: 'general', unit: '', fuzzy: false })
      )
        break;
      rangeParts.push(text);
      rangeStart = cells[j].start;
      continue;
    }
    // After the range: more range text (a second sex or tier) or a method column (ignored).
    if (/\d/.test(text) && RANGE_LIKE.test(text)) rangeParts.push(text);
  }
  let range = rangeParts.join(' ');
  // '135-145 L': a lab mark printed after the range belongs to the result.
  const trailingMark = /\s+(H|L|HH|LL|High|Low|\*{1,3}|↑|↓)$/.exec(range);
  if (trailingMark && /\d/.test(range.slice(0, trailingMark.index))) {
    flag = flag ?? trailingMark[1];
    range = range.slice(0, trailingMark.index).trim();
  }
  // A unit printed inside the range ('13 to 18 gm/dl', 'Upto 20 mm/1 hour').
  if (!unit) {
    const m = /\s(\S+)\s*\)?$/.exec(range);
    if (m && isUnitToken(m[1]) && /\d/.test(range.slice(0, m.index))) {
      unit = m[1];
      range = range.slice(0, m.index).trim();
    }
  }
  return { value: { ...value, flag }, unit: displayUnit(unit), range, rangeStart, ambiguous };
}

/** First cells that are page furniture, never a test ('Sample Type', 'Ref. By', 'Page 1 of 2'). */
const NOT_A_TEST =
  /^(?:bio(?:logical)?\.?\s*ref|sample|specimen|method|tat|note|remarks?|collected|received|reported|registered|page|printed|lab\b|ref\b|referred|dr\.?\b|mr\.?\b|mrs\.?\b|ms\.?\b|miss\b|doctor|patient|p\s?a\s?t\s?i|name|age|sex|gender|uhid|reg|bill|date|time|report|test done|bold|technician|lab technician|verified|checked|signature|end|phone|tel|mobile|email|address|www|barcode|client|centre|center)\b/i;

/** Words of a signature or letterhead, never of a result ('MD (Path)', 'Fully automated laboratory'). */
const NOT_A_RESULT =
  /\b(?:md|mbbs|dnb|dmlt|bmlt|phd|msc|path|pathology|pathologist|biochemistry|microbiology|consultant|laborator(?:y|ies)|labs?|diagnostics?|centres?|centers?|hospitals?|clinics?|signature|verified|technician|incharge|road|floor|india|page\s+\d+(?:\s*(?:of|\/)\s*\d+)?)\b/i;

/** Results that say the test has no reading ('----', 'Sample hemolysed', 'Not done'). */
const NO_RESULT =
  /^(?:-{2,}|_{2,}|\.{2,}|n\/?a|nil\s+sample|not\s+done|not\s+performed|not\s+tested|pending|awaited|to\s+follow|(?:sample\s+)?(?:haemolysed|hemolysed|hemolyzed|haemolyzed|clotted|insufficient|lipemic|lipaemic|icteric)(?:\s+sample)?|sample\s+(?:rejected|not\s+received)|test\s+cancelled|cancelled|see\s+(?:comment|below|remarks?))$/i;

/** A printed test name that the knowledge base may not know: words, short, not page furniture. */
function nameLike(text: string): boolean {
  const t = text.trim();
  return (
    (/^[A-Za-z(]/.test(t) || /^\d{1,2}\s*[-(]?\s*[A-Za-z(]{2}/.test(t)) &&
    /[A-Za-z]{2}/.test(t) &&
    t.length <= 60 &&
    t.split(/\s+/).length <= 8 &&
    !NOT_A_TEST.test(t) &&
    !(/[.!?]$/.test(t) && t.split(/\s+/).length > 3) &&
    !/\s[<>]?\d[\d.,]*$/.test(t) &&
    !isUnitToken(t) &&
    !isRangeCell(t)
  );
}

export function scanRows(
  lines: string[],
  options: {
    fuzzy: boolean;
    sex?: Sex | null;
    tokens?: Array<Token[] | undefined>;
    /** Blank lines that separate pages (a row may continue across them). */
    pageBreaks?: number[];
  },
): RowScan {
  // Tables first (tables.ts): read by their columns' positions, their rows handed over with their
  // cells' roles; the other lines are read here. A photo's cells are placed as word boxes place
  // them; OCR'd text without its boxes has only its characters' columns, as a text file has.
  // Interpretation and reference tables, notes, footers (regions.ts): no number there is a result.
  lines = decimalCommasAsPoints(lines.map(blankAddresses));
  const explanation = explanationLines(lines);
  lines = lines.map((l, i) => (explanation.has(i) ? '' : l));
  // Records with named or standard fields: a document of them (JSON, XML), or one per line (records.ts).
  const exported = readDelimitedRecords(lines);
  lines = lines.map((l, i) => (exported.used.has(i) ? '' : l));
  const document = readDocumentRecords(lines);
  document.rows.push(...exported.rows);
  for (const i of exported.used) document.used.add(i);
  lines = lines.map((l, i) => (document.used.has(i) ? '' : l));
  const recordRows = [
    ...document.rows,
    ...lines.flatMap((l, i) => (explanation.has(i) ? [] : (readRecord(l, i, options.fuzzy) ?? []))),
  ];
  const recordLines = new Set([...recordRows.map((r) => r.lineIndex), ...document.used]);
  lines = lines.map((l, i) => (recordLines.has(i) || (recordFields(l) && !explanation.has(i)) ? '' : l));
  // Lines holding several results ('Hb 9.8 g/dL; TLC 7.2 10^3/uL', two 'Name : value' pairs) or a
  // result in a sentence ('Your Haemoglobin is 9.8 g/dL (normal range 13 - 17).').
  let segmentSection: Section = 'general';
  const prose = sentencesRejoined(lines);
  for (const [i, l] of lines.entries()) {
    if (explanation.has(i) || !l.trim()) continue;
    // A heading-like line (no number, no 'name : value') sets the section, as for the row reader.
    if (!/\d|[:=]\s*\S/.test(l) && splitCells(cleanLine(l)).length <= 3)
      segmentSection = sectionAfter(cleanLine(l), segmentSection);
    // A labelled range on its own line ('Bio. Ref. Interval : Normal: 70 - 100 / Impaired Fasting
    // Glucose: 101 - 125') is a row's range: its numbers and the names in its tiers are no results.
    if (labelledRange(cleanLine(l)) !== null) continue;
    const differential = readDifferentialLine(l, i);
    const segmentRows = differential.length
      ? differential
      : readMessage(prose[i], i, options.fuzzy, segmentSection);
    if (!segmentRows.length) continue;
    recordRows.push(...segmentRows);
    recordLines.add(i);
    lines[i] = '';
  }
  // Names across the top of a grid, each result beneath its name (beneath.ts).
  const beneath = readBeneath(lines, explanation);
  beneath.rows.push(...recordRows);
  for (const l of recordLines) beneath.used.add(l);
  lines = lines.map((l, i) => (beneath.used.has(i) ? '' : l));
  const tokens = options.tokens?.map((t, i) =>
    explanation.has(i) || beneath.used.has(i) ? undefined : withoutAddresses(t),
  );
  const tables = readTables(lines, tokens, {
    photo: options.fuzzy && !!options.tokens,
    pageBreaks: options.pageBreaks,
  });
  const pieceOf = (k: number): TablePiece | undefined => tables.pieces[k];
  const tableRowOf = (k: number): TableRow | null => {
    const piece = pieceOf(k);
    return piece && 'row' in piece ? piece.row : null;
  };
  const usedLines = new Set<number>();
  const usedRows = new Set<number>();
  const originOf = (k: number) => {
    const piece = pieceOf(k);
    return !piece ? [] : 'row' in piece ? piece.row.lines : piece.origin;
  };
  // The printed line a row is on (its value's line), for the checks that look at it.
  const lineIndexOf = (k: number) => {
    const piece = pieceOf(k);
    return !piece ? k : 'row' in piece ? piece.row.at : (piece.origin[0] ?? k);
  };
  const use = (from: number, to = from) => {
    for (let k = from; k <= to; k++) {
      usedRows.add(k);
      for (const o of originOf(k)) usedLines.add(o);
    }
  };
  const rows: Row[] = [...beneath.rows];
  for (const l of beneath.used) usedLines.add(l);
  const unread: UnreadRow[] = beneath.unpaired.map((u) => ({
    analyte: u.analyte,
    name: u.name,
    reason: u.reason ?? 'result not found beside its name in this layout',
    lineIndex: u.line,
  }));
  const seen = new Set<string>(
    beneath.rows.flatMap((r) => [r.analyte.id, `${r.analyte.id}=${String(r.value.value)}`]),
  );
  let section: Section = 'general';
  let candidateLines = 0;
  let parsedLines = 0;
  let headingAnalyte: { analyte: Analyte; name: string; line: number } | null = null;
  // The test a heading names, over rows that qualify it ('BLOOD SUGAR' / 'Fasting' / 'PP').
  let blockHeading: string | null = null;
  // A table row holds the place of a line: an empty one, so no line reader takes it for text.
  lines = groupCellPerLine(tables.pieces.map((p) => ('row' in p ? '' : p.text)));

  for (let li = 0; li < lines.length; li++) {
    const tableRow = tableRowOf(li);
    const line = tableRow ? '' : cleanLine(lines[li]);
    let cells = withLowMark(line, splitCells(line));
    let roleRead: RoleRead | null = null;
    // A table row's range parts after its first ('Female : 12.0 - 15.0' under 'Male : 13 - 17').
    let moreRange: string[] = [];
    if (tableRow) {
      const handed = tableCells(tableRow);
      moreRange = handed.moreRange;
      roleRead = readRoles(handed.cells);
      cells = roleRead ? roleRead.cells : handed.cells.map((c) => c.cell);
    }
    if (cells.length === 0) {
      blockHeading = null;
      continue;
    }
    if (!tableRow) cells = nameFirst(cells, section, options.fuzzy);
    const looksLikeRow = looksLikeResultRow(cells);
    if (looksLikeRow) candidateLines++;

    let found: { analyte: Analyte; name: string; read: RowRead; known: boolean } | null = null;
    let namedAnalyte: { analyte: Analyte; name: string } | null = null;
    // Under a header with an empty result column, the result can only be glued to the name
    // ('ASPARTATE AMINOTRANSFERASE (AST/SGOT) 32'): the unsplit row would read the range as it.
    const options2 = splitNameCell(cells).filter(
      (_, i) => !(roleRead && roleRead.resultText === '' && i === 0),
    );
    for (let option of options2) {
      // 'KETONE  BODIES   Nil': a word cell that completes the test's name is no result of it.
      if (option.length > 2 && continuesName(option[0].text, option[1].text, section)) {
        const joined = `${option[0].text} ${option[1].text}`;
        option = [{ text: joined, start: option[0].start }, ...option.slice(2)];
      }
      const rest = option.slice(1);
      if (rest.length === 0) continue;
      // A row of a cut-off table ('HbA1c  >6.5 %  Diabetes'): the test's name, no result of it.
      if (isCutOffText(rest.map((c) => c.text).join(' '))) continue;
      // The unit decides between differential % and absolute counts: peek at it.
      const peekUnit = rest.map((c) => c.text).find((t) => isUnitToken(t)) ?? '';
      const ctx = { section, unit: peekUnit, fuzzy: options.fuzzy };
      const own = matchAnalyte(option[0].text, ctx);
      const name = own ? option[0].text : qualifyingHeading(option[0].text, blockHeading, section);
      const analyte = own ?? (name ? matchAnalyte(name, { ...ctx, fuzzy: false }) : null);
      if (!analyte || !name) continue;
      // A photo's furniture ('PATIENT ID: 88213') is never a test's name misread, whatever it
      // looks like to the fuzzy match; only an exact name may start with such a word ('Sex
      // Hormone Binding Globulin').
      if (
        options.fuzzy &&
        NOT_A_TEST.test(name) &&
        !matchAnalyte(name, { section, unit: peekUnit, fuzzy: false })
      )
        continue;
      namedAnalyte ??= { analyte, name };
      // Under a header, a row without a result cell has no result: the range is never read as one.
      if (roleRead && !roleRead.hasResult) continue;
      // ...nor is it read when the result cell holds words ('Sample hemolysed', '----').
      if (
        roleRead?.resultText &&
        !isQualitativeAnalyte(analyte) &&
        !/\d/.test(roleRead.resultText) &&
        readValueCell(roleRead.resultText, false) === null
      )
        continue;
      const read = readRow(analyte, rest, options.fuzzy);
      if (!read) continue;
      // A word 'result' that names a test is the next column's name ('PROTEIN   URINE GLUCOSE').
      if (
        typeof read.value.value === 'string' &&
        !isQualitativeWord(read.value.raw) &&
        matchAnalyte(read.value.raw, { section, unit: '', fuzzy: false })
      )
        continue;
      // Re-match with the unit actually read (it may differ from the peeked one).
      const final = matchAnalyte(name, { section, unit: read.unit, fuzzy: options.fuzzy }) ?? analyte;
      found = { analyte: final, name, read, known: true };
      break;
    }
    // 'Result : 27 Upto 5 mg/l' under a heading that names the test (CRP (NYCOCARD)).
    // ('Resuit': a photo's 'l' read as 'i')
    const resultLine = /^(resu[il1|]t|value|observed value)\s*:?\s*(.*)$/i.exec(cells[0].text);
    if (!found && headingAnalyte && resultLine && li - headingAnalyte.line <= 4) {
      const rest = resultLine[2]
        ? [
            { text: resultLine[2], start: cells[0].start + cells[0].text.indexOf(resultLine[2]) },
            ...cells.slice(1),
          ]
        : cells.slice(1);
      const read = rest.length ? readRow(headingAnalyte.analyte, rest, options.fuzzy) : null;
      if (read) found = { analyte: headingAnalyte.analyte, name: headingAnalyte.name, read, known: true };
    }
    // A test's name alone on its line, its result on the next ('HbA1c' over 'H.P.L.C   7.7   %'):
    // a line naming no test whose result is a plain number, under the name's line.
    if (
      !found &&
      !namedAnalyte &&
      headingAnalyte &&
      !resultLine &&
      li - headingAnalyte.line <= 2 &&
      (tableRow ? (roleRead?.hasResult ?? true) : !RANGE_LIKE.test(cells[0].text)) &&
      !isCutOffText(cells.map((c) => c.text).join(' '))
    ) {
      // In a table the name column beside the result holds no test (it is blank, or the text
      // under it, such as the range's notes): the result's cells are read after it.
      // A word result of a test reported in words is its result cell, not the name's ('Dark Yellow').
      const nameCell =
        tableRow && readValueCell(cells[0].text, isQualitativeAnalyte(headingAnalyte.analyte)) === null;
      const read = readRow(headingAnalyte.analyte, nameCell ? cells.slice(1) : cells, options.fuzzy);
      const plain = typeof read?.value.value === 'number' && /^\d[\d,]*(?:\.\d+)?$/.test(read.value.raw);
      // A word result only where a table's result column holds it, for a test reported in words.
      const words = !!tableRow && isQualitativeAnalyte(headingAnalyte.analyte);
      if (read && (plain || words))
        found = { analyte: headingAnalyte.analyte, name: headingAnalyte.name, read, known: true };
    }
    if (!namedAnalyte && roleRead && !roleRead.hasResult) {
      const analyte = matchAnalyte(cells[0].text, { section, unit: '', fuzzy: options.fuzzy });
      if (analyte) namedAnalyte = { analyte, name: cells[0].text };
    }
    // A named test whose result cell says there is no reading: reported as unread, never guessed.
    if (!found && namedAnalyte && !seen.has(namedAnalyte.analyte.id)) {
      const resultText = roleRead
        ? roleRead.resultText
        : cells
            .slice(1)
            .map((c) => c.text)
            .join(' ');
      const first = roleRead ? roleRead.resultText : (cells[1]?.text ?? '');
      // In a photo, a test whose result cell did not read as a value is unclear, not absent: a
      // critical one anywhere, any other in a table (under its header, so not a line of prose).
      const unclear =
        options.fuzzy && /\d/.test(resultText) && (!!namedAnalyte.analyte.critical || !!roleRead);
      const wordsOnly = !!roleRead?.resultText && !/\d/.test(roleRead.resultText);
      // 'VITAMIN B12   Serum Sample': a test's banner names its specimen; its rows follow.
      const banner = isSpecimen(resultText);
      if (
        !banner &&
        (NO_RESULT.test(first.trim()) ||
          unclear ||
          (wordsOnly && !isQualitativeAnalyte(namedAnalyte.analyte)) ||
          (roleRead && !roleRead.hasResult && cells.length > 1))
      ) {
        unread.push({
          analyte: namedAnalyte.analyte,
          name: cleanName(namedAnalyte.name),
          reason: resultText.trim() || 'no result printed',
          lineIndex: lineIndexOf(li),
        });
        use(li);
        seen.add(namedAnalyte.analyte.id);
        continue;
      }
    }
    // A printed row the knowledge base does not know: kept as printed, flagged by its own range.
    if (
      !found &&
      !namedAnalyte &&
      cells.length >= 2 &&
      nameLike(cells[0].text) &&
      !isCutOffText(
        cells
          .slice(1)
          .map((c) => c.text)
          .join(' '),
      )
    ) {
      const unlisted = unlistedRow(cells, !!roleRead, options.fuzzy);
      if (unlisted && !seen.has(unlisted.analyte.id)) found = { ...unlisted, known: false };
    }

    if (found?.read.ambiguous) {
      if (!seen.has(found.analyte.id) && found.known) {
        unread.push({
          analyte: found.analyte,
          name: cleanName(found.name),
          reason: 'two results on one line',
          lineIndex: lineIndexOf(li),
        });
        use(li);
        seen.add(found.analyte.id);
      }
      continue;
    }
    if (!found) {
      const text = cells.map((c) => c.text).join(' ');
      if (cells.length <= 3 && !/\d{3,}/.test(text)) {
        section = sectionAfter(text, section);
        const heading = matchAnalyte(cells[0].text, { section, unit: '', fuzzy: false });
        // A name under another name alone is a list of names ('Haemoglobin' / 'Platelet Count' /
        // 'TSH', their results listed after them), and a column's label alone ('Result') starts
        // such a list's values: neither is a heading whose result is the next number.
        const listed = heading && headingAnalyte?.line === li - 1 && cells.length === 1;
        const columnLabel = cells.length === 1 && COLUMN_LABEL.test(cells[0].text);
        // A test's banner may name its specimen beside it ('Vitamin B12     Serum').
        const alone = cells.length === 1 || (cells.length === 2 && isSpecimen(cells[1].text));
        if (listed || columnLabel) headingAnalyte = null;
        else if (heading && alone) headingAnalyte = { analyte: heading, name: cells[0].text, line: li };
        blockHeading = heading && alone && !listed ? cells[0].text : null;
      }
      continue;
    }
    parsedLines++;
    if (!looksLikeRow) candidateLines++;
    headingAnalyte = null;
    const rowStart = li;

    // Range continuation lines ('Female : 11.5 to 16.4', 'Borderline High: 200-239').
    let rangeText = found.read.range;
    // A range printed on the line under the row with its label ('Bio. Ref. Interval : 4.0 - 11.0').
    const labelled = labelledRange(cleanLine(lines[li + 1] ?? ''));
    if (!rangeText && labelled && !tableRowOf(li + 1)) {
      rangeText = labelled;
      li++;
    }
    for (const part of moreRange) {
      const more = rangeLine(splitCells(cleanLine(part)));
      if (more === null) break;
      rangeText = rangeText ? `${rangeText}\n${more}` : more;
    }
    const rangeCol = found.read.rangeStart;
    const rowIndent = indentOf(line);
    for (let k = li + 1; !tableRow && k < lines.length && k <= li + 6; k++) {
      const next = cleanLine(lines[k]);
      if (!next.trim()) break;
      const nextCells = splitCells(next);
      if (nextCells.length === 0) break;
      // OCR columns are approximate: there, anything indented well past the row's name counts.
      const boundary = options.fuzzy ? Math.min(rangeCol - 6, rowIndent + 10) : rangeCol - 6;
      const left = rangeCol >= 0 ? nextCells.filter((c) => c.start < boundary) : [];
      const right = rangeCol >= 0 ? nextCells.filter((c) => c.start >= boundary) : nextCells;
      // A new result row ends the range; a method line may carry the range's second line on its right.
      // In OCR text the new row's name may be misread ('Chol/HdI Ratio'): matched as its own rows are.
      if (left.length && matchAnalyte(left[0].text, { section, unit: '', fuzzy: options.fuzzy })) break;
      if (left.length && !METHOD_LINE.test(left[0].text)) break;
      // A row of its own ('RDWSD   50   fl   37 - 54 fl', 'Post Prandial   242 mg/dl'): a name
      // followed by a result is not a method line.
      if (left.length > 1 && left.slice(1).some((c) => isValueWithUnit(c.text) || isQualitativeWord(c.text)))
        break;
      const more = rangeLine(right);
      if (more === null) {
        if (left.length && METHOD_LINE.test(left[0].text) && right.length === 0) continue;
        break;
      }
      if (rangeCol < 0 && indentOf(next) <= 20) break;
      // 'Impaired Fasting Glucose: 101 - 125' under the range column is a tier, not a new row.
      const underRange = left.length === 0 && rangeCol >= 0 && right[0].start >= rangeCol - 2;
      if (
        !underRange &&
        matchAnalyte(right[0].text.replace(/\s*:.*$/, ''), { section, unit: '', fuzzy: false })
      )
        break;
      rangeText = rangeText ? `${rangeText}\n${more}` : more;
      li = k;
    }

    // A row repeated on a later page is read once; the same test printed again under another
    // name with another result ('RDW' and 'RDWSD') is kept, not silently dropped.
    use(rowStart, li);
    const dupKey = `${found.analyte.id}=${String(found.read.value.value)}`;
    if (seen.has(dupKey)) continue;
    const sameTest = rows.find((r) => r.analyte.id === found.analyte.id);
    if (sameTest && normaliseName(sameTest.name) === normaliseName(found.name)) continue;
    seen.add(dupKey);
    seen.add(found.analyte.id);
    rows.push({
      analyte: found.analyte,
      known: found.known,
      name: cleanName(found.name),
      value: found.read.value,
      unit: found.read.unit,
      rangeText,
      lineIndex: lineIndexOf(li),
    });
  }
  const hiddenLines = lines
    .map((l, k) => {
      const row = tableRowOf(k);
      return row
        ? tableCells(row)
            .cells.map((c) => c.cell.text)
            .join('    ')
        : l;
    })
    .filter(
      (l, k) =>
        l.trim() && !usedRows.has(k) && originOf(k).length > 0 && originOf(k).every((o) => usedLines.has(o)),
    );
  if (beneath.rows.length) rows.sort((a, b) => a.lineIndex - b.lineIndex);
  // Names across the top of a grid whose values could not be paired with them: named as unread,
  // never dropped (the document is then still a lab report, decision 180).
  for (const [i, line] of lines.entries()) {
    if (usedRows.has(i) || tableRowOf(i)) continue;
    const head = namesLine(line);
    if (!head) continue;
    const next = lines.slice(i + 1, i + 3).find((l) => l.trim());
    if (!next || !/\d/.test(next)) continue;
    head.analytes.forEach((analyte, n) => {
      if (seen.has(analyte.id)) return;
      seen.add(analyte.id);
      unread.push({
        analyte,
        name: head.cells[n].text,
        reason: 'result not found beside its name in this layout',
        lineIndex: lineIndexOf(i),
      });
    });
    use(i);
  }
  const furniture = new Set([...tables.furniture, ...explanation]);
  // A test named again where its result was read ('HB A1C' as the banner over 'HbA1C  5.7  %'):
  // that line was its heading, not a result left unread.
  const read = new Set(rows.map((r) => r.analyte.id));
  const left = unread.filter((u) => !u.analyte || !read.has(u.analyte.id));
  return { rows, unread: left, candidateLines, parsedLines, usedLines, furniture, hiddenLines };
}

/**
 * A row printed result first ('152  mg/dL   Glucose PP   (<140)  H', a kiosk's or a meter's
 * printout): a number and its unit, then a test's name. The cells are put in the order the row
 * reader reads (name, result, unit, the rest). Only a number followed by a unit: a number alone
 * before a name is a serial number ('1  Haemoglobin  13.5').
 */
function nameFirst(cells: Cell[], section: Section, fuzzy: boolean): Cell[] {
  if (cells.length < 2) return cells;
  const value = readValueCell(cells[0].text, false);
  if (!value || typeof value.value !== 'number') return cells;
  if (matchAnalyte(cells[0].text, { section, unit: '', fuzzy: false })) return cells;
  // '152   mg/dL   Glucose PP': the unit in a cell of its own.
  if (
    cells.length >= 3 &&
    !value.unit &&
    isUnitToken(cells[1].text) &&
    matchAnalyte(cells[2].text, { section, unit: cells[1].text, fuzzy })
  )
    return [cells[2], cells[0], cells[1], ...cells.slice(3)];
  // '238 mg/dL   Glucose (Random)', '1.1   INR': the unit in the value's cell, or a number with a
  // decimal point (a serial number has none).
  if (!value.unit && !/\.\d/.test(cells[0].text)) return cells;
  if (!matchAnalyte(cells[1].text, { section, unit: value.unit ?? '', fuzzy })) return cells;
  return [cells[1], cells[0], ...cells.slice(2)];
}

/**
 * A result written as a sentence, made a phrase the row reader reads: 'Your haemoglobin level was
 * found to be 9.8 g/dL, which is below the normal range of 12-15 g/dL' -> 'haemoglobin : 9.8 g/dL
 * (12-15 g/dL)'.
 */
function sentencePhrase(text: string): string {
  return text
    .replace(/^(?:your|her|his|their|(?:the\s+)?patient'?s)\s+/i, '')
    .replace(
      /(?:\s+level)?\s+(?:is|was|were|are|has\s+been|came(?:\s+out)?)(?:\s+(?:found|reported|measured|noted|seen|observed))?(?:\s+(?:to\s+be|as|at))?\s+(?=[<>]?\d|[A-Za-z+])/i,
      ' : ',
    )
    .replace(
      // (only where no bracket holds the range already: 'was 168 mg/dL (normal 70-100)'; the name
      // may hold one: 'Thyroid Stimulating Hormone (TSH) is 7.9 uIU/mL, above the normal range of')
      /^(.*?),?\s*(?:which\s+is\s+)?(?:(?:above|below|within|outside|against|over|under)\s+)?(?:(?:the|a|your)\s+)?(?:normal|reference|ref\.?|expected)\s*(?:range|interval|value|limit)?s?\s*(?:of|is|:)?\s*([<>≤≥]?\s*\d[^()]*)$/i,
      '$1 ($2)',
    );
}

/**
 * A phrase printed without spaces ('S.Creatinine-1.9mg/dl(0.6-1.2)', 'Hb:9.8g/dl(N:12-15)'): the
 * dash or colon before the result and the bracket after it spaced out. Tried only when the phrase
 * as printed reads as nothing, as a dash before a digit is also part of names ('Vitamin B-12').
 */
function unglued(text: string): string {
  const glue = /([A-Za-z.)])(?:\s*-\s*|:)(?=[<>]?\d)/;
  // A name ending in its own digits ('B12-180', 'VIT D3-14.2', 'T3:1.2') when no letter is glued.
  const glueAfterDigits = /(\b[A-Za-z][A-Za-z.]*\d{1,2})(?:\s*-\s*|:)(?=[<>]?\d)/;
  return text
    .replace(glue.test(text) ? glue : glueAfterDigits, '$1 : ')
    .replace(/(\S)\((?=(?:[A-Za-z]{1,8}\s*:\s*)?[<>≤≥]?\s*\d)/g, '$1 (');
}

/**
 * When a result was taken, written after it in prose ('62,000/cumm on 24/11/2026', 'TSH 6.2 dated
 * 03.11.26'): no part of the result.
 */
const WHEN_TAKEN = /\s+(?:on|dated|dt\.?|as\s+on)\s+\d{1,2}[/.-](?:\d{1,2}|[A-Za-z]{3})[/.-]\d{2,4}$/i;

/** A sentence stating a result: a verb, then a number or a word a lab prints ('NS1 antigen was positive'). */
const SENTENCE_RESULT =
  /\s(?:is|was|were|are|came)\s+(?:[<>]?\d|(?:found\s+|reported\s+)?(?:positive|negative|reactive|non[- ]?reactive|detected|not\s+detected)\b)/i;

/** One result written as a phrase: 'Name : value unit (range)', 'Name value unit', 'Your Name is value'. */
function readSegment(text: string, lineIndex: number, fuzzy: boolean, section: Section): Row | null {
  // A list's 'and' before its last item is no part of that item's name ('..., and free T4 0.5').
  const printed = text
    .trim()
    .replace(/\.$/, '')
    .replace(/^(?:and|&|also|plus)\s+/i, '')
    .replace(WHEN_TAKEN, '');
  const phrase =
    /^your\s/i.test(printed) || SENTENCE_RESULT.test(printed) ? sentencePhrase(printed) : printed;
  for (const form of phrase === unglued(phrase) ? [phrase] : [phrase, unglued(phrase)]) {
    const row = readPhrase(form, lineIndex, fuzzy, section);
    if (row) return row;
  }
  return null;
}

function readPhrase(phrase: string, lineIndex: number, fuzzy: boolean, section: Section): Row | null {
  const cells = splitCells(cleanLine(phrase));
  if (!cells.length) return null;
  for (const option of splitNameCell(cells)) {
    const rest = option.slice(1);
    if (!rest.length || isCutOffText(rest.map((c) => c.text).join(' '))) continue;
    const peek = rest.map((c) => c.text).find((t) => isUnitToken(t)) ?? '';
    const named = matchAnalyte(option[0].text, { section, unit: peek, fuzzy })
      ? option[0].text
      : nameEndingProse(option[0].text, section, peek);
    const analyte = named ? matchAnalyte(named, { section, unit: peek, fuzzy }) : null;
    if (!named || !analyte) continue;
    const read = readRow(analyte, rest, fuzzy);
    if (!read || read.ambiguous) continue;
    // A name found at the end of prose stands for a result only with a unit of that test after
    // it ('showed urea 58 mg/dL'), never a bare number ('repeat TSH 3 months later').
    if (named !== option[0].text && !unitOfTest(read.unit, analyte)) continue;
    return {
      analyte: matchAnalyte(named, { section, unit: read.unit, fuzzy }) ?? analyte,
      known: true,
      name: cleanName(named),
      value: read.value,
      unit: read.unit,
      rangeText: rangeBody(read.range),
      lineIndex,
      strategy: 'message',
    };
  }
  return null;
}

/**
 * The test's name at the end of words of prose before a result ('her labs before discharge showed
 * urea' -> 'urea'): the longest run of the last words (up to six) that names a known test.
 */
function nameEndingProse(text: string, section: Section, unit: string): string | null {
  const words = text.trim().split(/\s+/);
  if (words.length < 3) return null;
  for (let n = Math.min(6, words.length - 1); n >= 1; n--) {
    const tail = words.slice(-n).join(' ');
    if (matchAnalyte(tail, { section, unit, fuzzy: false })) return tail;
  }
  return null;
}

/** A unit the test is reported in (its own, or one the knowledge base converts from). */
function unitOfTest(unit: string, analyte: Analyte): boolean {
  return !!unit && !!analyte.unit && unitFactor(unit, analyte.unit, analyte.units) !== null;
}

/**
 * The results of a list ('Hb 9.1 g/dL, TLC 11,200 /cumm, Na 134'; parts split at ';' or at ', '
 * before a word): a part that does not read alone is read joined to the next ('Creatinine, Serum
 * 1.2'); words before the first result ('Investigations on admission:') are a label. The list is
 * read only when every part holding a number reads, so no number of it is left half-read.
 */
function readList(parts: string[], lineIndex: number, fuzzy: boolean, section: Section): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < parts.length; i++) {
    let text = parts[i];
    let row: Row | null = null;
    for (let more = 0; ; more++) {
      // '... on admission: Hb 9.1 g/dL', 'Inv (12/02): FBS 212': the label before the list's first
      // result is no part of the test's name.
      const label = i === 0 ? /^[^:]{3,60}:\s+(\S.*)$/.exec(text) : null;
      row =
        (label && readSegment(label[1], lineIndex, fuzzy, section)) ||
        readSegment(text, lineIndex, fuzzy, section);
      // Only a part without a number of its own is the first half of a name ('Creatinine, Serum
      // 1.2', 'T3, Total 1.1'): one with a number that did not read ('Sr.Cr 1.6') is no name for
      // the next part's result, and neither is a greeting that names no test ('Dear Pt').
      const namesTest = !!matchAnalyte(label?.[1] ?? text, { section, unit: '', fuzzy: false });
      if (
        row ||
        more === 2 ||
        i + 1 >= parts.length ||
        /(?:^|\s)[<>]?\d[\d,.]*(?:\s|$)/.test(parts[i]) ||
        (more === 0 && !namesTest)
      )
        break;
      text = `${text}, ${parts[++i]}`;
    }
    if (row) rows.push(row);
    else if (/\d/.test(text)) return [];
  }
  return rows.length >= 2 ? rows : [];
}

/**
 * Where one sentence ends and the next begins: a point, then a capital (SENTENCE_END), after a word
 * of three characters or more (a word, a number, a unit; in a list glued by commas, the last item:
 * '...,K:3.1mmol/l. Ref'), its last three characters no point, or after a number ('range of 0.4 to
 * 4.5. Your') (ENDS_A_SENTENCE). Not after an initial, a title or a dotted abbreviation
 * ('S. Potassium', 'Dr. Rao', 'Mrs. Khan', 'L.D.L. Cholesterol').
 */
const SENTENCE_END = /\.\s+(?=[A-Z])/g;
/** The word a sentence's point follows, checked in a window of the text before the point. */
const ENDS_A_SENTENCE =
  /(?:(?:^|[\s(,])(?!(?:[Mm]rs|viz|approx)$)(?:[^\s(,]*[^\s(.,])?[^\s(.,]{2}[A-Za-z0-9%)\]]|\d)$/;

/**
 * The sentences of a line. Each candidate point is found first and the word before it checked in
 * a window of 48 characters: a pattern that looks behind every position scans the whole run before
 * it, which on a 290 KB line of digits (an extraction fuzz case) never ended.
 */
function sentencesOf(line: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of line.matchAll(SENTENCE_END)) {
    const at = m.index ?? 0;
    if (!ENDS_A_SENTENCE.test(line.slice(Math.max(from, at - 48), at))) continue;
    out.push(line.slice(from, at));
    from = at + m[0].length;
  }
  out.push(line.slice(from));
  return out;
}

/** A line of prose: one cell (a table's row spaces its cells apart) of six words or more. */
function isProse(line: string | undefined): boolean {
  if (!line?.trim()) return false;
  const cells = splitCells(cleanLine(line));
  return cells.length === 1 && cells[0].text.split(/\s+/).length >= 6;
}

/**
 * A paragraph's lines with each sentence whole on one line: a sentence wrapped onto the next line
 * ('... Dengue NS1 antigen was' / 'positive. She was advised rest') is moved down to it, so the
 * lines keep their places and no sentence is read in halves.
 */
function sentencesRejoined(lines: string[]): string[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    if (!isProse(out[i]) || !isProse(lines[i + 1])) continue;
    // Mid-sentence: the line ends in a word that is no unit ('... antigen was'), and the next
    // line starts in lower case with no test's name ('positive. He was ...'; not 'eAG - 108').
    const last = /([A-Za-z]+)\s*$/.exec(out[i])?.[1];
    if (!last || isUnitToken(last) || !/^\s*[a-z]/.test(lines[i + 1])) continue;
    const firstWord = lines[i + 1].trim().split(/[\s:-]+/)[0];
    if (matchAnalyte(firstWord, { section: 'general', unit: '', fuzzy: false })) continue;
    const sentences = sentencesOf(out[i].trim());
    const tail = sentences[sentences.length - 1];
    out[i] = sentences.length > 1 ? out[i].slice(0, out[i].lastIndexOf(tail)) : '';
    out[i + 1] = `${tail} ${lines[i + 1].trim()}`;
  }
  return out;
}

/**
 * A sentence of a message in Hindi, in the frame the English one is read in: 'आपका हीमोग्लोबिन
 * 9.2 g/dL है (सामान्य 12-15)।' is 'Your हीमोग्लोबिन is 9.2 g/dL (सामान्य 12-15).' — the test's
 * name stays in Devanagari (matched by its Hindi name), the danda ends the sentence.
 */
/** 'Your' and the verb that ends a sentence of a message in Hindi, in either script. */
const HINDI_FRAMES: Array<{ your: RegExp; verb: RegExp }> = [
  // Hindi written in Latin letters, as messages are ('Aapka Hb 9.2 hai (normal 12-15).').
  {
    your: /^\s*(?:aap|ap)k[aie]\s+/i,
    verb: /\s+(?:hai|hain|tha|thi|the|aaya|aayi|aya|ayi)(?=\s*(?:[(.,]|$))/gi,
  },
  { your: /^\s*(?:आपका|आपकी|आपके)\s+/, verb: /\s+(?:है|हैं|था|थी|थे|आया|आई)(?=\s*(?:[(.]|$))/g },
];

function hindiSentence(printed: string): string {
  const line = printed.replace(/।/g, '.');
  const frame = HINDI_FRAMES.find((f) => f.your.test(line));
  if (!frame) return line;
  return line
    .replace(frame.your, 'Your ')
    .replace(frame.verb, '')
    .replace(/^(Your\s+\S.*?)\s+(?=[<>]?\d)/, '$1 is ');
}

/**
 * A message's results: a line of several sentences ('Dear Sunil, your reports are ready. Hb-9.2
 * g/dl, TLC-11200/cumm. FBS 168 mg/dl. Call 98000 00000.') read sentence by sentence, each as a
 * list or as one phrase; a sentence that names no test (a greeting, a phone number) gives nothing.
 * A line of one sentence is read as it is (readSegments).
 */
function readMessage(printed: string, lineIndex: number, fuzzy: boolean, section: Section): Row[] {
  // A record of quoted fields ('"Sr. HDL CHOLESTEROL","40.6","mg/dL",…') is an export's line, never
  // prose: the table reader reads it by its fields.
  if (/^\s*"[^"]*"\s*[,;\t]\s*"/.test(printed)) return [];
  const line = hindiSentence(printed);
  // A message is prose: one cell (a table's row spaces its cells apart). On a photo, specks of
  // the page read beside it ('… -SAl LAB      E  Noe a Lice') are cells of no number: the one long
  // cell is the message.
  const cells = splitCells(cleanLine(line));
  const long = cells.filter((c) => c.text.split(/\s+/).length >= 6);
  const specks =
    fuzzy && cells.length > 1 && long.length === 1 && cells.every((c) => c === long[0] || !/\d/.test(c.text));
  const prose = cells.length === 1 || specks;
  const message = specks
    ? line
        .split(/\s{3,}/)
        .filter((part) => part.split(/\s+/).length >= 6)
        .join(' ')
    : line;
  const sentences = prose ? sentencesOf(message).filter((s) => s.trim()) : [];
  if (sentences.length < 2) return readSegments(line, lineIndex, fuzzy, section);
  const rows: Row[] = [];
  for (const sentence of sentences) {
    const listed = readSegments(sentence, lineIndex, fuzzy, section);
    // A sentence of one result is one phrase; one listing several that did not all read is none.
    const one =
      listed.length || !/\d/.test(sentence) || /;|,\s/.test(sentence)
        ? null
        : readSegment(sentence, lineIndex, fuzzy, section);
    rows.push(...listed, ...(one ? [one] : []));
  }
  return new Set(rows.map((r) => r.analyte.id)).size === rows.length ? rows : [];
}

/**
 * The results of a line that holds several (a list split at ';' or ', ', or two or more
 * 'Name : value' cells), or of a sentence; [] for any other line, which the row reader reads.
 */
/**
 * Two tests and their results written as pairs ('Na/K 136/5.9 mmol/L', 'T3/T4 1.1/8.2'): each
 * name with the value in its place. Not a ratio's name ('A/G ratio', 'Chol/HDL 4.2' has one value),
 * and only when both names are tests of their own.
 */
const SLASH_PAIR =
  /^([A-Za-z][A-Za-z0-9.+ ]{0,24}?)\s*\/\s*([A-Za-z][A-Za-z0-9.+ ]{0,24}?)\s*[:=-]?\s+([<>]?\d[\d.]*)\s*\/\s*([<>]?\d[\d.]*)(?:\s+(\S+))?$/;

function readSlashPair(text: string, lineIndex: number, fuzzy: boolean, section: Section): Row[] {
  const m = SLASH_PAIR.exec(text.trim());
  if (!m) return [];
  const ctx = { section, unit: '', fuzzy: false };
  const [a, b] = [matchAnalyte(m[1], ctx), matchAnalyte(m[2], ctx)];
  if (!a || !b || a.id === b.id || matchAnalyte(`${m[1]}/${m[2]}`, ctx)) return [];
  const unit = m[5] ? ` ${m[5]}` : '';
  const rows = [
    readSegment(`${m[1]} ${m[3]}${unit}`, lineIndex, fuzzy, section),
    readSegment(`${m[2]} ${m[4]}${unit}`, lineIndex, fuzzy, section),
  ];
  return rows.every((r) => r) ? (rows as Row[]) : [];
}

/** A name in a cell of its own ('pH', 'pCO2'), and a result with at most its unit ('58 mmHg'). */
const TURN_NAME = /^[A-Za-z][^\s\d]*\d{0,2}$/;
const TURN_RESULT = /^[<>]?\d[\d,.]*(?:\s+\S+)?$/;

/**
 * A line's cells as 'name result' phrases when names and results alternate ('pH', '7.21', 'pCO2',
 * '58 mmHg'), a name and its result in one cell allowed among them; null when any cell is neither,
 * or no name stands in a cell of its own (those lines are read as cells of 'Name value').
 */
function namesAndResultsInTurn(cells: string[]): string[] | null {
  const out: string[] = [];
  let apart = 0;
  for (let i = 0; i < cells.length; i++) {
    const together = /^(\S+)\s+(.+)$/.exec(cells[i]);
    if (TURN_NAME.test(cells[i]) && TURN_RESULT.test(cells[i + 1] ?? '')) {
      out.push(`${cells[i]} ${cells[++i]}`);
      apart++;
    } else if (together && TURN_NAME.test(together[1]) && TURN_RESULT.test(together[2])) out.push(cells[i]);
    else return null;
  }
  return apart && out.length >= 2 ? out : null;
}

/** Each phrase read as a result of its own, of different tests; null when any does not read. */
function eachAResult(phrases: string[], lineIndex: number, fuzzy: boolean, section: Section): Row[] | null {
  const rows = phrases.map((p) => readSegment(p, lineIndex, fuzzy, section));
  if (!rows.every((r): r is Row => r !== null)) return null;
  return new Set(rows.map((r) => r.analyte.id)).size === rows.length ? rows : null;
}

/** A line holding a blood gas's pCO2 or pO2: its bare 'pH' is the blood's, not the urine's. */
const BLOOD_GAS_LINE = /\bp\s?c?o2\b/i;

function readSegments(line: string, lineIndex: number, fuzzy: boolean, section: Section): Row[] {
  return readSegmentsAsPrinted(line, lineIndex, fuzzy, BLOOD_GAS_LINE.test(line) ? 'blood gas' : section);
}

function readSegmentsAsPrinted(line: string, lineIndex: number, fuzzy: boolean, section: Section): Row[] {
  // A greeting before the sentence ('Dear Patient, your TSH is 7.9 uIU/mL') is no part of it.
  const text = cleanLine(line).replace(/^\s*(?:dear|hi|hello)\b[^,\d]{0,40},\s*(?=your\s)/i, '');
  if (/^\s*your\s+\S.*?\s(?:is|was|were|are|has\s+been|came)\s+\S/i.test(text)) {
    const row = readSegment(text, lineIndex, fuzzy, section);
    return row ? [row] : [];
  }
  const cells = splitCells(text);
  // 'S.Creatinine-1.9mg/dl(0.6-1.2)': one phrase printed without spaces.
  if (cells.length === 1 && unglued(text) !== text && !/,\s|;/.test(text)) {
    const row = readSegment(text, lineIndex, fuzzy, section);
    return row ? [row] : [];
  }
  // Two or more 'Name : value' or 'Name value unit' cells ('Neutrophils 62 %   Lymphocytes 30 %'):
  // each cell a result of its own, of different tests.
  if (
    cells.length >= 2 &&
    // (a letter before the colon; a name may end in its digits: 'T3 : 1.2 ng/mL (0.8-2.0)')
    cells.every((c) =>
      /^(?=[^:]*[A-Za-z])[^\s:].*?[A-Za-z0-9)][^\s:]*(?:\s*:\s*(?:[<>]?\d|[A-Za-z+])|\s+[<>]?\d)/.test(
        c.text,
      ),
    )
  ) {
    const rows = eachAResult(
      cells.map((c) => c.text),
      lineIndex,
      fuzzy,
      section,
    );
    if (rows) return rows;
    if (cells.every((c) => /\s:\s*\S/.test(c.text))) return [];
  }
  // Names and results in turn, each in a cell of its own or a cell together ('pH   7.21   pCO2   58
  // mmHg   HCO3 22 mmol/L'): read only when every cell is part of a result of its own.
  const inTurn = namesAndResultsInTurn(cells.map((c) => c.text));
  const rows = inTurn && eachAResult(inTurn, lineIndex, fuzzy, section);
  if (rows) return rows;
  const paired = readSlashPair(text, lineIndex, fuzzy, section);
  if (paired.length) return paired;
  // A comma inside a bracket ('(M: 13-17, F: 12-15)') or a number ('1,50,000') parts nothing.
  // A message's ',' with no space before the next 'Name:value' parts it too ('RBS:245mg/dl,Cr:1.2').
  const parts = text
    .split(
      /;\s*|,\s+(?=[A-Za-z])(?![^()[\]]*[)\]])|\s+and\s+(?=[A-Za-z])(?![^()[\]]*[)\]])|,(?=[A-Za-z][A-Za-z0-9 .]{0,30}[:=-]\s*[<>]?\d)/,
    )
    .filter((p) => p.trim());
  const listed = parts.length >= 2 ? readList(parts, lineIndex, fuzzy, section) : [];
  if (listed.length || cells.length > 1) return listed;
  // One result after a label that names no test ('Lipid: LDL 142 mg/dL (< 100)').
  const label = /^([^:\d]{3,30}):\s+(\S.*)$/.exec(text);
  if (label && !matchAnalyte(label[1], { section, unit: '', fuzzy: false })) {
    const row = readSegment(label[2], lineIndex, fuzzy, section);
    if (row) return [row];
  }
  if (!SENTENCE_RESULT.test(text)) return listed;
  // A sentence stating one result ('Platelet count was 62,000/cumm on 24/11/2026').
  const row = readSegment(text, lineIndex, fuzzy, section);
  return row ? [row] : [];
}

/**
 * A row's name that only qualifies the test of the heading over it ('BLOOD SUGAR' over 'Fasting'
 * and 'Post Prandial', 'BILIRUBIN' over 'Direct'): the heading and the word together. Only under
 * a heading that is one test's name (not a list, not a label), for a short name of letters that is
 * no page furniture, column label or method, and only when the word tells which test it is (the
 * heading with it names another test than alone) or is the heading's own kind ('Total', 'Random').
 */
const OWN_KIND = /^(?:total|random|serum|plasma|blood)$/i;

function qualifyingHeading(name: string, heading: string | null, section: Section): string | null {
  const word = name.trim();
  if (!heading || /[,:;]/.test(heading) || heading.trim().split(/\s+/).length > 4) return null;
  if (!/^[A-Za-z][A-Za-z .()-]{1,30}$/.test(word) || word.split(/\s+/).length > 3) return null;
  if (NOT_A_TEST.test(word) || COLUMN_LABEL.test(word) || /^method\b/i.test(word)) return null;
  const ctx = { section, unit: '', fuzzy: false };
  const alone = matchAnalyte(heading, ctx);
  const qualified = matchAnalyte(`${heading} ${word}`, ctx);
  if (!alone || !qualified || (qualified.id === alone.id && !OWN_KIND.test(word))) return null;
  return `${heading} ${word}`;
}

/**
 * A line of a range continued below its row, as its cells: the range text (its range-like and
 * numeric cells), or null when its first cell is no range.
 */
function rangeLine(cells: Cell[]): string | null {
  const first = cells[0];
  if (!first || !RANGE_LIKE.test(first.text) || !/\d/.test(first.text)) return null;
  return cells
    .filter((c) => RANGE_LIKE.test(c.text) || /\d/.test(c.text))
    .map((c) => c.text)
    .join(' ');
}

/** A word cell after a test's name that, joined to it, names the same test ('KETONE' + 'BODIES'). */
function continuesName(name: string, next: string, section: Section): boolean {
  if (!/^[A-Za-z]{3,}$/.test(next) || isQualitativeWord(next)) return false;
  const ctx = { section, unit: '', fuzzy: false };
  const alone = matchAnalyte(name, ctx);
  return !!alone && matchAnalyte(`${name} ${next}`, ctx)?.id === alone.id;
}

function cleanName(name: string): string {
  return name
    .replace(/\s*\/\s*method\b.*$/i, '')
    .replace(/[\s:=-]+$/, '')
    .trim();
}

/**
 * Reads a row whose test name the knowledge base does not know. Outside a table header it must
 * look like a result row (a numeric result and a numeric range); under a header a word result
 * is enough ('Platelets on Smear   Adequate').
 */
function unlistedRow(
  cells: Cell[],
  underHeader: boolean,
  fuzzy: boolean,
): { analyte: Analyte; name: string; read: RowRead } | null {
  const name = cells[0].text.replace(/[\s:=-]+$/, '').trim();
  if (fuzzy && !underHeader) return null;
  const numeric = unlistedAnalyte(name, 'quantitative');
  const read = readRow(numeric, cells.slice(1), fuzzy);
  if (read && typeof read.value.value === 'number') {
    const hasRange = /\d/.test(read.range) && isRangeCell(read.range);
    if (!underHeader && !hasRange) return null;
    if (!hasRange && !read.unit) return null;
    return { analyte: numeric, name, read };
  }
  if (!underHeader || cells.length > 4) return null;
  const words = unlistedAnalyte(name, 'qualitative');
  const text = cells[1].text;
  if (
    !/^[A-Za-z][A-Za-z0-9 ,()+/.-]{0,40}$/.test(text) ||
    NO_RESULT.test(text) ||
    isUnitToken(text) ||
    isSpecimen(text)
  )
    return null;
  if (NOT_A_RESULT.test(text) || NOT_A_RESULT.test(name) || /[.!?](?:\s|$)/.test(text)) return null;
  // On a photo, a smudge or a stamp reads as words too ('eT  Tre meee  Err ———'): there a test the
  // knowledge base does not know is kept only with a result word results are written in.
  if (fuzzy && !isQualitativeWord(repairOcrWord(text))) return null;
  return {
    analyte: words,
    name,
    read: {
      value: { value: text, raw: text, number: null, flag: null, unit: null },
      unit: '',
      range: cells
        .slice(2)
        .map((c) => c.text)
        .join(' '),
      rangeStart: cells[2]?.start ?? -1,
    },
  };
}

/** A stand-in analyte for a printed test the knowledge base does not know: no limits, no text. */
export function unlistedAnalyte(name: string, kind: Analyte['kind']): Analyte {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 48);
  return {
    id: `unlisted_${slug}`,
    loinc: null,
    panel: 'other',
    name: { en: name, hi: name },
    synonyms: [],
    kind,
    unit: '',
    units: {},
    reference: {},
    about: { en: '', hi: '' },
  };
}

/**
 * An analyser's low mark printed as a cell of its own between a result and its unit ('K   3.1  -
 * mmol/L'): splitCells drops a lone '-' as a rule or an empty cell, so it is put back here, only
 * between a plain number and a unit (a dash before a range or another number is a range's or an
 * empty column's, never a mark).
 */
function withLowMark(line: string, cells: Cell[]): Cell[] {
  let out = cells;
  for (const m of line.matchAll(/(?<=\S {2,})-(?= {2,}\S)/g)) {
    const at = m.index ?? 0;
    const k = out.findIndex((c) => c.start > at);
    if (k < 1 || !/^[<>]?\d[\d,]*(?:\.\d+)?$/.test(out[k - 1].text) || !isUnitToken(out[k].text)) continue;
    out = [...out.slice(0, k), { text: '-', start: at }, ...out.slice(k)];
  }
  return out;
}
