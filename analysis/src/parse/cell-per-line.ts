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

type FieldKind = 'name' | 'value' | 'flag' | 'unit' | 'range';

/**
 * Records printed field by field, each field labelled ('Test: Haemoglobin', 'Result: 6.1 g/dL',
 * 'Reference: 12.0-15.5 g/dL', 'Unit: g/dL'), as some lab software and patient portals print
 * them: the labels name the cells, so the row is put back together from them. A portal's page
 * copied as text puts each label on a line of its own, its field on the next ('Result' / '0.02').
 */
const FIELD_LABELS: Array<[string, FieldKind]> = [
  [
    'test(?:\\s*name|\\s*description)?|parameter|investigation|analyte|name\\s+of\\s+(?:the\\s+)?test',
    'name',
  ],
  ['results?|value|observed\\s*value|your\\s*(?:result|value)|reading', 'value'],
  ['status|flag', 'flag'],
  ['units?|uom', 'unit'],
  [
    'reference(?:\\s*(?:range|interval|value|values))?|ref\\.?\\s*(?:range|interval)|normal\\s*(?:range|values?)|bio(?:logical|\\.)?\\s*ref(?:erence|\\.)?\\s*(?:range|interval)|expected\\s*(?:range|value)',
    'range',
  ],
];
const LABELLED = FIELD_LABELS.map(
  ([label, kind]) => [new RegExp(`^(?:${label})\\s*[:-]\\s*(.+)$`, 'i'), kind] as const,
);
const LABEL_ALONE = FIELD_LABELS.map(
  ([label, kind]) => [new RegExp(`^(?:${label})\\s*:?$`, 'i'), kind] as const,
);

function field(raw: string): { kind: FieldKind; text: string } | null {
  const line = cleanLine(raw).trim();
  for (const [re, kind] of LABELLED) {
    const m = re.exec(line);
    if (m) return { kind, text: m[1].trim() };
  }
  return null;
}

/** A line's text without a photo's specks at the page's edge ('|   Test Name      l'). */
function withoutSpecks(raw: string): string {
  const cells = splitCells(cleanLine(raw).replace(/^[\s|]+|[\s|]+$/g, '')).map((c) => c.text);
  // A speck reads as a character or two ('l', '1', 'i'); a word of the line is longer.
  const words = cells.filter((t) => t.length > 2);
  return (words.length ? words : cells).join('  ');
}

/** The field a label alone on its line names ('Reference Range'), or null. */
function labelAlone(raw: string): FieldKind | null {
  const line = withoutSpecks(raw);
  for (const [re, kind] of LABEL_ALONE) if (re.test(line)) return kind;
  return null;
}

/**
 * Labels on lines of their own, each followed by its field: each pair is joined into one
 * 'Label: field' line, only where the lines strictly alternate (label, field, label, field...)
 * and a name and a result are among them. A column's heading over a list ('Result' over three
 * numbers) never alternates so.
 */
function joinStackedLabels(out: string[]): void {
  for (let i = 0; i < out.length; i++) {
    const pairs: number[] = [];
    let j = i;
    while (
      j + 1 < out.length &&
      labelAlone(out[j]) &&
      cleanLine(out[j + 1]).trim() &&
      !labelAlone(out[j + 1])
    ) {
      pairs.push(j);
      j += 2;
    }
    const kinds = new Set(pairs.map((k) => labelAlone(out[k])));
    const endsRun = j >= out.length || !cleanLine(out[j]).trim() || labelAlone(out[j]) === 'name';
    if (pairs.length >= 2 && kinds.has('name') && kinds.has('value') && endsRun) {
      for (const k of pairs) {
        out[k] = `${withoutSpecks(out[k]).replace(/:$/, '')}: ${withoutSpecks(out[k + 1])}`;
        out[k + 1] = '';
      }
    }
    i = Math.max(i, j - 1);
  }
}

function groupLabelledRecords(out: string[], grouped: Set<number>): void {
  joinStackedLabels(out);
  for (let i = 0; i < out.length; i++) {
    const name = field(out[i]);
    if (name?.kind !== 'name') continue;
    const cells: Partial<Record<Exclude<FieldKind, 'name'>, string>> = {};
    const used: number[] = [];
    for (let j = i + 1; j < out.length && j <= i + 12; j++) {
      if (!cleanLine(out[j]).trim() || METHOD.test(cleanLine(out[j]).trim())) continue;
      const f = field(out[j]);
      if (!f || f.kind === 'name' || cells[f.kind]) break;
      cells[f.kind] = f.text;
      used.push(j);
    }
    if (!cells.value) continue;
    // A status word is a mark only where it is one ('Low', 'High', 'H'); 'Final' or 'Verified' is none.
    const flag = cells.flag && isFlagToken(cells.flag) ? cells.flag : undefined;
    out[i] = [name.text, cells.value, flag, cells.unit, cells.range].filter(Boolean).join('    ');
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
