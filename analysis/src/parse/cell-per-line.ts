import { cleanLine, splitCells } from './cells';
import { parseNumber } from './numbers';
import { isUnitToken } from './units';
import { isFlagToken, isQualitativeWord, readValueCell } from './values';

/**
 * Tables pasted one cell per line: the test name, then its result, unit and range, each on a
 * line of its own, with method lines ('Method : GLDH', '(CLIA)') in between. Such runs are
 * grouped back into one row line, cells separated as columns are, so the row reader sees the
 * same thing as for a printed table.
 */
const METHOD = /^(?:method(?:ology)?\s*[:-]|\(.*\)$|sample\s*(?:type)?\s*[:-]|specimen\s*[:-])/i;
const RANGE =
  /^\(?\s*(?:[<>≤≥]=?\s*\d|\d[\d,.]*\s*(?:-|–|to)\s*\d|(?:less than|more than|greater than|up\s*to|upto|below|above)\s*\d|(?:male|female|men|women|m|f|desirable|normal|optimal|borderline(?:\s+high)?|high|low|adults?|children)\s*[:=-]?\s*[<>≤≥]?=?\s*\d)/i;

type Kind = 'value' | 'unit' | 'range' | 'flag' | 'method' | 'blank' | 'other';

function kindOf(raw: string): Kind {
  const line = cleanLine(raw).trim();
  if (!line) return 'blank';
  if (METHOD.test(line)) return 'method';
  if (splitCells(line).length !== 1) return 'other';
  if (RANGE.test(line) && !/^\d[\d,.]*\s*(?:[HL*]|high|low)?$/i.test(line)) return 'range';
  // 'Deficient: <10, Insufficient: 10 - 30': labelled bands of a tiered range.
  if (/^[A-Za-z][A-Za-z .'-]{1,40}\s*:\s*(?:[<>≤≥]=?|less than|more than|upto|up to)?\s*\d/i.test(line))
    return 'range';
  // '[13.0 - 17.0]', '(Nil)': a bracketed reference.
  if (/^[[(].*[\])]$/.test(line) && !/^\((?:h|l|hh|ll)\)$/i.test(line)) return 'range';
  if (isFlagToken(line)) return 'flag';
  if (isUnitToken(line)) return 'unit';
  const cell = readValueCell(line, false);
  if (cell && (cell.number || isQualitativeWord(String(cell.value)))) return 'value';
  if (isQualitativeWord(line)) return 'value';
  if (parseNumber(line.replace(/\s+/g, ''))) return 'value';
  return 'other';
}

function isNameLine(raw: string): boolean {
  const line = cleanLine(raw).trim();
  return (
    splitCells(line).length === 1 &&
    // '% Saturation of Transferrin': a name may start with its percent sign.
    (/^(?:%\s*)?[A-Za-z(]/.test(line) || /^\d{1,2}\s*[-(]?\s*[A-Za-z(]{2}/.test(line)) &&
    /[A-Za-z].*[A-Za-z]/.test(line) &&
    line.length <= 70 &&
    !METHOD.test(line) &&
    !isQualitativeWord(line) &&
    !isUnitToken(line)
  );
}

/**
 * Records printed field by field, each field labelled ('Test: Haemoglobin', 'Result: 6.1 g/dL',
 * 'Reference: 12.0-15.5 g/dL', 'Unit: g/dL'), as some lab software and patient portals print
 * them: the labels name the cells, so the row is put back together from them.
 */
const FIELD_LABELS: Array<[RegExp, 'name' | 'value' | 'unit' | 'range']> = [
  [
    /^(?:test(?:\s*name|\s*description)?|parameter|investigation|analyte|name\s+of\s+(?:the\s+)?test)\s*[:-]\s*(.+)$/i,
    'name',
  ],
  [/^(?:results?|value|observed\s*value|your\s*(?:result|value)|reading)\s*[:-]\s*(.+)$/i, 'value'],
  [/^(?:units?|uom)\s*[:-]\s*(.+)$/i, 'unit'],
  [
    /^(?:reference(?:\s*(?:range|interval|value|values))?|ref\.?\s*(?:range|interval)|normal\s*(?:range|values?)|bio(?:logical|\.)?\s*ref(?:erence|\.)?\s*(?:range|interval)|expected\s*(?:range|value))\s*[:-]\s*(.+)$/i,
    'range',
  ],
];

function field(raw: string): { kind: 'name' | 'value' | 'unit' | 'range'; text: string } | null {
  const line = cleanLine(raw).trim();
  for (const [re, kind] of FIELD_LABELS) {
    const m = re.exec(line);
    if (m) return { kind, text: m[1].trim() };
  }
  return null;
}

function groupLabelledRecords(out: string[], grouped: Set<number>): void {
  for (let i = 0; i < out.length; i++) {
    const name = field(out[i]);
    if (name?.kind !== 'name') continue;
    const cells: Partial<Record<'value' | 'unit' | 'range', string>> = {};
    const used: number[] = [];
    for (let j = i + 1; j < out.length && j <= i + 6; j++) {
      if (!cleanLine(out[j]).trim() || METHOD.test(cleanLine(out[j]).trim())) continue;
      const f = field(out[j]);
      if (!f || f.kind === 'name' || cells[f.kind]) break;
      cells[f.kind] = f.text;
      used.push(j);
    }
    if (!cells.value) continue;
    out[i] = [name.text, cells.value, cells.unit, cells.range].filter(Boolean).join('    ');
    for (const u of used) out[u] = '';
    grouped.add(i);
    i = used[used.length - 1];
  }
}

export function groupCellPerLine(lines: string[]): string[] {
  const out = [...lines];
  const grouped = new Set<number>();
  groupLabelledRecords(out, grouped);
  for (let i = 0; i < out.length; i++) {
    if (grouped.has(i)) continue;
    if (!isNameLine(out[i])) continue;
    const parts: string[] = [];
    const used: number[] = [];
    let values = 0;
    let wordValue = false;
    let blanks = 0;
    let j = i + 1;
    for (; j < out.length && j <= i + 12; j++) {
      const kind = kindOf(out[j]);
      if (kind === 'blank') {
        if (++blanks > 1) break;
        continue;
      }
      if (kind === 'method') {
        used.push(j);
        continue;
      }
      if (kind === 'other') break;
      // 'Pale Yellow' after 'Pale Yellow': a word result's reference is a word too.
      if (kind === 'value' && values === 1 && wordValue && isQualitativeWord(cleanLine(out[j]).trim())) {
        parts.push(cleanLine(out[j]).trim());
        used.push(j);
        continue;
      }
      if (kind === 'value' && values === 1) break;
      if (kind === 'value') wordValue = !/\d/.test(cleanLine(out[j]));
      if (kind === 'value') values++;
      parts.push(cleanLine(out[j]).trim());
      used.push(j);
    }
    // '0-1' (a urine count) or '<0.01' (a censored result) read like a range; when nothing else
    // on the row is a result, the first of them is.
    if (values === 0 && parts.length >= 2 && /^(?:\d+\s*-\s*\d+|[<>]=?\s*[\d.]+)$/.test(parts[0])) values = 1;
    if (values !== 1 || parts.length < 2) continue;
    out[i] = [cleanLine(out[i]).trim(), ...parts].join('    ');
    for (const u of used) out[u] = '';
    grouped.add(i);
    i = used[used.length - 1] ?? i;
  }
  return out;
}
