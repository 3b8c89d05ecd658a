import type { Row } from './layouts';
import { grid, previous, rangeText, status, wrap, type Cell, type Family } from './table-cells';

/**
 * A second batch of table families, ALL HELD OUT (issue #19 item 5): invented from how Indian lab
 * software and small labs' report templates print, written without reading the table reader, and
 * measured before anything was tuned (decision 159). They are never used to decide a rule: a
 * failure is fixed with knowledge any unseen layout would need (a header word, a name, a unit
 * spelling), or it is reported, and the family stays held out.
 */

/** A range 'a - b' (or 'a to b'), '< b' / 'Up to b', '> a' as its two ends; null for other forms. */
function ends(r: Row): [string, string] | null {
  if (r.range.length !== 1) return null;
  const x = r.range[0].trim();
  let m = /^(\d[\d,]*(?:\.\d+)?)\s*(?:-|–|to)\s*(\d[\d,]*(?:\.\d+)?)$/i.exec(x);
  if (m) return [m[1], m[2]];
  m = /^(?:<=?|≤|up\s*to|less\s+than)\s*(\d[\d,]*(?:\.\d+)?)$/i.exec(x);
  if (m) return ['', m[1]];
  m = /^(?:>=?|≥|more\s+than)\s*(\d[\d,]*(?:\.\d+)?)$/i.exec(x);
  if (m) return [m[1], ''];
  return null;
}

/** A number printed with the decimals of the range it comes from. */
function scaled(x: string, f: number): string {
  const d = /\.(\d+)/.exec(x)?.[1].length ?? 0;
  return (Number(x.replace(/,/g, '')) * f).toFixed(d);
}

type Align = 'left' | 'centre' | 'right' | 'decimal';

/**
 * Single-line cells in columns each aligned its own way (as a word processor's table or a
 * spreadsheet prints them): centred under the header, right-aligned, or decimal-aligned (the
 * decimal points of a column under each other, the whole numbers ending where they would be).
 */
function aligned(head: string[], rows: string[][], align: Align[], gap = 4): string[] {
  const all = [head, ...rows];
  const intW = head.map((_, j) =>
    Math.max(...rows.map((r) => ((r[j] ?? '').match(/^[^.]*/)?.[0] ?? '').length)),
  );
  const fracW = head.map((_, j) =>
    Math.max(...rows.map((r) => ((r[j] ?? '').match(/\.\d+.*$/)?.[0] ?? '').length)),
  );
  const cellText = (c: string, j: number) =>
    align[j] === 'decimal' && /^[<>]?\d/.test(c)
      ? c.replace(/^[^.]*/, (w) => w.padStart(intW[j])).padEnd(intW[j] + fracW[j])
      : c;
  const widths = head.map((_, j) =>
    Math.max(...all.map((r, i) => (i === 0 ? r[j].length : cellText(r[j] ?? '', j).length))),
  );
  const place = (c: string, j: number, isHead: boolean) => {
    const text = isHead ? c : cellText(c, j);
    const w = widths[j];
    const a = align[j];
    if (a === 'centre') {
      const left = Math.floor((w - text.length) / 2);
      return (' '.repeat(left) + text).padEnd(w);
    }
    if (a === 'right' || (a === 'decimal' && (isHead || !/^[<>]?\d/.test(text)))) return text.padStart(w);
    return text.padEnd(w);
  };
  return all.map((r, i) =>
    r
      .map((c, j) => place(c ?? '', j, i === 0))
      .join(' '.repeat(gap))
      .trimEnd(),
  );
}

/** A result with its flag glued on, as several LIS print it: '13.5 (H)', '13.5H', '*13.5', '13.5 [L]'. */
function glued(r: Row, k: number): string {
  if (!r.flag) return r.result;
  const f = r.flag[0];
  return [`${r.result} (${f})`, `${r.result}${f}`, `*${r.result}`, `${r.result} [${f}]`][k % 4];
}

/** A sub-group heading inside one table, from the test's panel or (blood counts, urine) its name. */
function subGroup(r: Row): string {
  if (r.panel === 'cbc') {
    if (/absolute|\babs\b/i.test(r.name)) return 'Absolute Leucocyte Count';
    if (/neutro|lympho|mono|eosino|baso|polymorph/i.test(r.name)) return 'Differential Leucocyte Count';
    return 'Blood Counts';
  }
  if (r.panel === 'urine') {
    if (/colou?r|appearance|volume|transparen|clarity|deposit/i.test(r.name)) return 'Physical Examination';
    if (/cells|cast|crystal|epith|bacteri|yeast|r\.?b\.?c|w\.?b\.?c|pus|mucus|sperm/i.test(r.name))
      return 'Microscopic Examination';
    return 'Chemical Examination';
  }
  const names: Record<string, string> = {
    lft: 'Liver Function Test',
    kft: 'Kidney Function Test',
    lipid: 'Lipid Profile',
    thyroid: 'Thyroid Profile',
    iron: 'Iron Studies',
    diabetes: 'Diabetes Panel',
    vitamins: 'Vitamins',
    electrolytes: 'Serum Electrolytes',
  };
  return names[r.panel] ?? 'Other Tests';
}

/** Chunks of rows, each with its own copy of the header: a table that runs over pages. */
function pages<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export const UNSEEN_FAMILIES: Family[] = [
  {
    // Labsmart/Healthians-style LIS: the reference interval as two columns, lower and upper limit.
    id: 'range as min and max columns',
    heldOut: true,
    render: (rows, k) =>
      grid(
        [['Test Name', 'Result', 'Unit', k % 2 ? 'Min' : 'Lower Limit', k % 2 ? 'Max' : 'Upper Limit']],
        rows.map((r) => {
          const e = ends(r);
          return [r.name, r.result, r.unit, e ? e[0] : r.range, e ? e[1] : ''];
        }),
        4,
      ),
  },
  {
    // Small labs' Word templates: no unit column, the unit printed after the name.
    id: 'unit in the name',
    heldOut: true,
    render: (rows) =>
      grid(
        [['Test (Unit)', 'Result', 'Normal Range']],
        rows.map((r) => [r.unit ? `${r.name} (${r.unit})` : r.name, r.result, rangeText(r)]),
        4,
      ),
  },
  {
    // LIS print-outs with the H/L mark glued to the value instead of a flag column.
    id: 'flag glued to the result',
    heldOut: true,
    render: (rows, k) =>
      grid(
        [['Test Name', 'Result', 'Unit', 'Bio. Ref. Interval']],
        rows.map((r, i) => [r.name, glued(r, i + k), r.unit, rangeText(r)]),
      ),
  },
  {
    // Older DOS-era lab software: normal values printed before the observed value.
    id: 'normal values before the result',
    heldOut: true,
    render: (rows) =>
      grid(
        [['Investigation', 'Normal Values', 'Observed', 'Units']],
        rows.map((r) => [r.name, r.range, r.result, r.unit]),
        4,
      ),
  },
  {
    // A Word/Excel template with every cell centred under its column heading.
    id: 'centred cells',
    heldOut: true,
    render: (rows) =>
      aligned(
        ['Test Name', 'Result', 'Units', 'Biological Reference Interval'],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
        ['left', 'centre', 'centre', 'centre'],
      ),
  },
  {
    // Spreadsheet-made reports: results decimal-aligned, the heading right-aligned over them.
    id: 'decimal-aligned results',
    heldOut: true,
    render: (rows) =>
      aligned(
        ['Parameter', 'Value', 'Unit', 'Reference Interval'],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
        ['left', 'decimal', 'left', 'left'],
      ),
  },
  {
    // Typewriter-style templates: dotted leaders from the name to the result, under a header.
    id: 'dotted leaders under a header',
    heldOut: true,
    render: (rows) => {
      const w = Math.max(...rows.map((r) => r.name.length)) + 6;
      return grid(
        [['TEST', 'RESULT', 'UNIT', 'REFERENCE RANGE']],
        rows.map((r) => [`${r.name} `.padEnd(w, '.'), r.result, r.unit, rangeText(r)]),
        2,
      );
    },
  },
  {
    // Cumulative (trend) reports: three visits, oldest first, so today's result is the last date.
    id: 'three visits oldest first',
    heldOut: true,
    render: (rows, k) =>
      grid(
        [['Test Name', '14/03/2024', '22/08/2024', '03/02/2025', 'Units', 'Ref. Range']],
        rows.map((r, i) => [
          r.name,
          previous(r, i + k + 1),
          previous(r, i + k),
          r.result,
          r.unit,
          rangeText(r),
        ]),
      ),
  },
  {
    // Government and small-town labs: Hindi column headings printed above the English ones.
    id: 'bilingual header, Hindi above',
    heldOut: true,
    render: (rows) =>
      grid(
        [
          ['जांच का नाम', 'परिणाम', 'इकाई', 'सामान्य सीमा'],
          ['Test Name', 'Result', 'Unit', 'Normal Range'],
        ],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
        4,
      ),
  },
  {
    // The same, with each heading printed 'हिंदी / English' on one line.
    id: 'bilingual header, slashed',
    heldOut: true,
    render: (rows) =>
      grid(
        [['जांच / Test', 'परिणाम / Result', 'इकाई / Unit', 'संदर्भ सीमा / Reference Range']],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
      ),
  },
  {
    // LIS print-outs with group rows inside one table (Differential Count, Physical Examination),
    // the sub-tests indented under them.
    id: 'group rows with indented sub-tests',
    heldOut: true,
    render: (rows, k) => {
      const body: Cell[][] = [];
      let last = '';
      for (const r of rows) {
        const g = subGroup(r);
        if (g !== last) body.push([k % 2 ? `${g} :` : g.toUpperCase(), '', '', '']);
        last = g;
        body.push([`    ${r.name}`, r.result, r.unit, rangeText(r)]);
      }
      return grid([['Investigation', 'Observed Value', 'Unit', 'Biological Ref. Interval']], body);
    },
  },
  {
    // Hospital LIS: a critical (panic) limits column after the reference range.
    id: 'critical limits column',
    heldOut: true,
    render: (rows) =>
      grid(
        [['Test', 'Result', 'Unit', 'Reference Range', 'Critical Value']],
        rows.map((r) => {
          const e = ends(r);
          const panic =
            e && e[0] && e[1]
              ? `< ${scaled(e[0], 0.5)} / > ${scaled(e[1], 1.8)}`
              : e?.[1]
                ? `> ${scaled(e[1], 3)}`
                : '';
          return [r.name, r.result, r.unit, r.range, panic];
        }),
      ),
  },
  {
    // A LIS's 'export to CSV' (semicolon-separated, as Excel with an Indian locale writes it) printed as it is.
    id: 'semicolon CSV export',
    heldOut: true,
    render: (rows) => [
      'Test Name;Result;Unit;Reference Range;Flag',
      ...rows.map((r) => [r.name, r.result, r.unit, rangeText(r), r.flag].join(';')),
    ],
  },
  {
    // The same export as quoted comma-separated values.
    id: 'quoted comma CSV export',
    heldOut: true,
    render: (rows) =>
      [
        ['Parameter', 'Value', 'Units', 'Normal Range', 'Status'],
        ...rows.map((r) => [r.name, r.result, r.unit, rangeText(r), status(r)]),
      ].map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')),
  },
  {
    // Narrow columns: each heading on two lines ('Biological' over 'Ref. Interval').
    id: 'headings on two lines',
    heldOut: true,
    render: (rows) =>
      grid(
        [
          ['Test', 'Observed', '', 'Biological'],
          ['Description', 'Value', 'Units', 'Ref. Interval'],
        ],
        rows.map((r) => [wrap(r.name, 22), r.result, r.unit, rangeText(r)]),
      ),
  },
  {
    // A long report: the header printed again on every page, the signature, address and page
    // number in a footer between (phone and registration numbers that are not results).
    id: 'page footer between repeated headers',
    heldOut: true,
    render: (rows, k) => {
      // One layout for every page (the LIS's fixed column widths): the table printed once, cut into pages.
      const [head, ...body] = grid(
        [['Test Name', 'Result', 'Unit', 'Reference Range']],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
      );
      const chunks = pages(body, 5 + (k % 3));
      return chunks.flatMap((chunk, p) => [
        head,
        ...chunk,
        ...(p < chunks.length - 1
          ? [
              '',
              '                                   ...Continued on next page',
              'Dr. A. Sharma, MD (Pathology)                          Reg. No. MMC 2011/04/1234',
              'Sample Diagnostic Laboratory, 12 MG Road, Pune 411001  Ph: 020-2567 8900, 9876543210',
              `Page ${p + 1} of ${chunks.length}                    Printed on 03/02/2025 10:42 AM`,
              '',
            ]
          : []),
      ]);
    },
  },
];
