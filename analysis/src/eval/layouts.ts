import { analyteById } from '../parse/match-analyte';
import type { Analyte } from '../types';
import type { Fixture, Truth, TruthTest } from './fixtures';

/**
 * A layout generator for testing: takes the truth of existing lab fixtures and prints the same
 * values in many table shapes the way labs print reports in general (every column order, pipes,
 * one cell per line, dot leaders, colon pairs, sex-specific and tiered ranges, marks on results,
 * multi-page tables with repeated headers, spaced units, test names in common variations). The
 * expected values and flags stay those of the truth; only the printing changes.
 */
export interface SourceTest extends TruthTest {
  value_as_printed?: string;
  panel?: string;
}

export interface Shape {
  id: string;
  /** Column order after the test name. */
  order: Array<'result' | 'unit' | 'range' | 'flag'>;
  form: 'columns' | 'pipes' | 'cell-per-line' | 'dots' | 'colon';
  sex?: 'one-line' | 'two-lines';
  tiered?: boolean;
  marks?: boolean;
  pages?: boolean;
  spacedUnits?: boolean;
}

const R = 'result' as const;
const U = 'unit' as const;
const G = 'range' as const;
const F = 'flag' as const;

export const SHAPES: Shape[] = [
  { id: 'cols result-unit-range', order: [R, U, G], form: 'columns' },
  { id: 'cols result-range-unit', order: [R, G, U], form: 'columns' },
  { id: 'cols unit-result-range', order: [U, R, G], form: 'columns' },
  { id: 'cols unit-range-result', order: [U, G, R], form: 'columns' },
  { id: 'cols range-result-unit', order: [G, R, U], form: 'columns' },
  { id: 'cols range-unit-result', order: [G, U, R], form: 'columns' },
  { id: 'cols with flag column', order: [R, F, U, G], form: 'columns' },
  { id: 'pipes', order: [R, U, G], form: 'pipes' },
  { id: 'pipes range first', order: [G, R, U], form: 'pipes' },
  { id: 'cell per line', order: [R, U, G], form: 'cell-per-line' },
  { id: 'dot leaders', order: [R, U, G], form: 'dots' },
  { id: 'colon pairs', order: [R, U, G], form: 'colon' },
  { id: 'sex ranges one line', order: [R, U, G], form: 'columns', sex: 'one-line' },
  { id: 'sex ranges two lines', order: [R, U, G], form: 'columns', sex: 'two-lines' },
  { id: 'tiered ranges', order: [R, U, G], form: 'columns', tiered: true },
  { id: 'marks on results', order: [R, U, G], form: 'columns', marks: true },
  { id: 'marks, range first', order: [G, R, U], form: 'columns', marks: true },
  { id: 'multi-page repeated headers', order: [R, U, G], form: 'columns', pages: true },
  { id: 'spaced units', order: [R, G, U], form: 'columns', spacedUnits: true },
];

const HEADER_WORDS = {
  name: ['Test', 'Investigation', 'PARAMETER', 'Test Name', 'Test Description'],
  result: ['Result', 'Value', 'Observed Value', 'RESULT', 'Your Result'],
  unit: ['Unit', 'Units', 'UNIT', 'Units', 'UOM'],
  range: [
    'Reference Range',
    'Bio. Ref. Interval',
    'BIO. REF. RANGE',
    'Normal Range',
    'Biological Ref. Interval',
  ],
  flag: ['Flag', 'Status', 'Flag', 'Status', 'Flag'],
};

const PANEL_HEADINGS: Record<string, string> = {
  cbc: 'HAEMATOLOGY',
  urine: 'URINE ROUTINE EXAMINATION',
};

const CHEMISTRY = new Set(['kft', 'lft', 'lipid', 'thyroid', 'iron', 'vitamins', 'cardiac', 'inflammation']);

/** Common ways labs vary a test name: specimen prefixes, method suffixes, case and spelling. */
export function nameVariant(printed: string, analyte: Analyte | undefined, k: number): string {
  const chemistry = analyte && CHEMISTRY.has(analyte.panel) && analyte.kind === 'quantitative';
  const hasSpecimen = /\b(serum|plasma|blood|urine|s\.|sr\.)/i.test(printed);
  switch (k % 6) {
    case 1:
      return printed.toUpperCase();
    case 2:
      return chemistry && !hasSpecimen ? `${['Serum ', 'S. ', 'Sr. ', 'Plasma '][k % 4]}${printed}` : printed;
    case 3:
      return chemistry && !/[(,]/.test(printed)
        ? `${printed}${[', Serum', ' (CLIA)', ' (Automated)'][k % 3]}`
        : printed;
    case 4: {
      const swapped = printed
        .replace(/haem/gi, (m) => (m[0] === 'H' ? 'Hem' : 'hem'))
        .replace(/\bhem(?!at)/gi, (m) => (m[0] === 'H' ? 'Haem' : 'haem'))
        .replace(/leuc/gi, (m) => (m[0] === 'L' ? 'Leuk' : 'leuk'))
        .replace(/colou?r/gi, (m) => (m.includes('u') ? m.replace(/u/, '') : m.replace(/or$/, 'our')));
      return swapped;
    }
    case 5:
      return printed.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
    default:
      return printed;
  }
}

function decimals(x: string): number {
  const m = /\.(\d+)/.exec(x);
  return m ? m[1].length : 0;
}

function fmt(n: number, d: number): string {
  return n.toFixed(d);
}

export interface Row {
  name: string;
  result: string;
  unit: string;
  /** Range lines (continuations under the range column). */
  range: string[];
  flag: string;
  panel: string;
  method: string | null;
}

function markFor(t: TruthTest, k: number, value: string): string {
  const f = t.flag_expected;
  if (f === 'high' || f === 'critical_high')
    return [`${value} H`, `${value} *`, `↑ ${value}`, `${value} High`][k % 4];
  if (f === 'low' || f === 'critical_low')
    return [`${value} L`, `L ${value}`, `${value} *`, `${value} Low`][k % 4];
  return value;
}

function sexRange(t: TruthTest, sex: string | null, how: 'one-line' | 'two-lines'): string[] | null {
  if (t.ref_low === null || t.ref_high === null || t.ref_text.includes('\n') || /[a-z]/i.test(t.ref_text))
    return null;
  const d = Math.max(decimals(t.ref_text.split(/-|to/)[0] ?? ''), decimals(t.ref_text));
  const own = `${fmt(t.ref_low, d)} - ${fmt(t.ref_high, d)}`;
  const other = `${fmt(t.ref_low * 0.9, d)} - ${fmt(t.ref_high * 0.9, d)}`;
  const male = sex === 'female' ? other : own;
  const female = sex === 'female' ? own : other;
  return how === 'one-line' ? [`M: ${male} / F: ${female}`] : [`Male : ${male}`, `Female : ${female}`];
}

function tieredRange(t: TruthTest): string[] | null {
  if (t.ref_low !== null || t.ref_high === null || t.ref_text.includes('\n') || /[a-z]{4,}/i.test(t.ref_text))
    return null;
  const d = decimals(t.ref_text);
  const h = t.ref_high;
  return [
    `Desirable: < ${fmt(h, d)}`,
    `Borderline High: ${fmt(h, d)} - ${fmt(h * 1.2, d)}`,
    `High: > ${fmt(h * 1.2, d)}`,
  ];
}

function spaced(unit: string): string {
  return unit.replace(/^([A-Za-zµ]+)\/([A-Za-z]+)$/, '$1 / $2');
}

export function rowsOf(source: Fixture, shape: Shape, shapeIndex: number): Row[] {
  const sex = source.truth.patient?.sex ?? null;
  return (source.truth.tests as SourceTest[]).map((t, i) => {
    const k = i + shapeIndex;
    const analyte = analyteById(t.canonical);
    const value = t.value_as_printed ?? String(t.value);
    let range = t.ref_text ? t.ref_text.split('\n') : [];
    if (shape.sex) range = sexRange(t, sex, shape.sex) ?? range;
    if (shape.tiered) range = tieredRange(t) ?? range;
    const high = t.flag_expected.endsWith('high');
    const low = t.flag_expected.endsWith('low');
    return {
      name: nameVariant(t.name_as_printed, analyte, k),
      result: shape.marks ? markFor(t, k, value) : value,
      unit: shape.spacedUnits ? spaced(t.unit_as_printed) : t.unit_as_printed,
      range,
      flag: high ? 'High' : low ? 'Low' : '',
      panel: t.panel ?? analyte?.panel ?? 'other',
      method:
        analyte && CHEMISTRY.has(analyte.panel)
          ? ['Method : GLDH', 'Method: CLIA', '(Enzymatic)'][k % 3]
          : null,
    };
  });
}

export function patientBlock(truth: Truth): string[] {
  const p = truth.patient;
  const sex = p?.sex === 'female' ? 'Female' : p?.sex === 'male' ? 'Male' : '';
  const title = p?.sex === 'female' ? 'Mrs.' : 'Mr.';
  return [
    'SAMPLE DIAGNOSTIC LABORATORY',
    `Patient Name : ${title} Test Patient          Age / Sex : ${p?.age ?? 40} Years / ${sex}`,
    'Ref. By : Dr. Sample          Collected : 01/01/2025',
    '',
  ];
}

export function withHeadings(rows: Row[], render: (group: Row[]) => string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < rows.length) {
    const panel = rows[i].panel === 'urine' ? 'urine' : rows[i].panel === 'cbc' ? 'cbc' : 'chem';
    const group: Row[] = [];
    while (i < rows.length) {
      const p = rows[i].panel === 'urine' ? 'urine' : rows[i].panel === 'cbc' ? 'cbc' : 'chem';
      if (p !== panel) break;
      group.push(rows[i++]);
    }
    out.push(PANEL_HEADINGS[panel] ?? 'BIOCHEMISTRY', '');
    out.push(...render(group), '');
  }
  return out;
}

function columns(rows: Row[], shape: Shape, k: number): string[] {
  const cell = (r: Row, c: Shape['order'][number]) =>
    c === 'result' ? r.result : c === 'unit' ? r.unit : c === 'flag' ? r.flag : (r.range[0] ?? '');
  const head = [HEADER_WORDS.name[k % 5], ...shape.order.map((c) => HEADER_WORDS[c][k % 5])];
  const widths = [
    Math.max(head[0].length, ...rows.map((r) => r.name.length)) + 4,
    ...shape.order.map(
      (c, j) =>
        Math.max(
          head[j + 1].length,
          ...rows.map((r) =>
            c === 'range' ? Math.max(0, ...r.range.map((x) => x.length)) : cell(r, c).length,
          ),
        ) + 4,
    ),
  ];
  const line = (cells: string[]) =>
    cells
      .map((c, j) => c.padEnd(widths[j]))
      .join('')
      .trimEnd();
  const rangeCol = widths.slice(0, 1 + shape.order.indexOf('range')).reduce((a, b) => a + b, 0);
  const out: string[] = [line(head)];
  rows.forEach((r, n) => {
    if (shape.pages && n > 0 && n % 8 === 0)
      out.push('', `Page ${n / 8} of ${Math.ceil(rows.length / 8)}`, '', ...patientBlockLines, line(head));
    out.push(line([r.name, ...shape.order.map((c) => cell(r, c))]));
    for (const more of r.range.slice(1)) out.push(' '.repeat(rangeCol) + more);
  });
  return out;
}

let patientBlockLines: string[] = [];

function pipes(rows: Row[], shape: Shape, k: number): string[] {
  const cell = (r: Row, c: Shape['order'][number]) =>
    c === 'result' ? r.result : c === 'unit' ? r.unit : c === 'flag' ? r.flag : r.range.join(' / ');
  const head = [HEADER_WORDS.name[k % 5], ...shape.order.map((c) => HEADER_WORDS[c][k % 5])];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${[r.name, ...shape.order.map((c) => cell(r, c))].join(' | ')} |`),
  ];
}

function cellPerLine(rows: Row[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    out.push(r.name);
    if (r.method) out.push(r.method);
    out.push(r.result);
    if (r.unit) out.push(r.unit);
    out.push(...r.range);
    out.push('');
  }
  return out;
}

function dots(rows: Row[]): string[] {
  const w = Math.max(...rows.map((r) => r.name.length)) + 6;
  return rows.map((r) =>
    `${`${r.name} `.padEnd(w, '.')} ${r.result} ${r.unit}   ${r.range.length ? `(${r.range.join(' / ')})` : ''}`.trimEnd(),
  );
}

function colon(rows: Row[]): string[] {
  return rows.map(
    (r) =>
      `${r.name} : ${r.result}${r.unit ? ` ${r.unit}` : ''}${r.range.length ? ` [${r.range.join(' / ')}]` : ''}`,
  );
}

/** The printed lines of one source fixture in one shape. */
export function renderShape(source: Fixture, shape: Shape, shapeIndex: number): string[] {
  const rows = rowsOf(source, shape, shapeIndex);
  patientBlockLines = patientBlock(source.truth);
  const body = withHeadings(rows, (group) => {
    switch (shape.form) {
      case 'pipes':
        return pipes(group, shape, shapeIndex);
      case 'cell-per-line':
        return cellPerLine(group);
      case 'dots':
        return dots(group);
      case 'colon':
        return colon(group);
      default:
        return columns(group, shape, shapeIndex);
    }
  });
  return [...patientBlockLines, ...body, '', '*** End of Report ***'];
}

/** Lab fixtures usable as sources: typed (txt/pdf) lab reports with tests. */
export function sourceFixtures(fixtures: Fixture[]): Fixture[] {
  return fixtures.filter(
    (f) =>
      f.truth.document_kind === 'lab_report' &&
      f.truth.tests.length > 0 &&
      (f.truth.format === 'txt' || f.truth.format === 'pdf') &&
      !f.rel.startsWith('real'),
  );
}
