import type { Row } from './layouts';
import { grid, rangeText, status, type Family } from './table-cells';

/**
 * A third batch (issue 29 item 5, decision 181): twenty ways an Indian lab or clinic puts results in
 * a patient's hands that no earlier family printed — messages, alerts, exports with many fields,
 * labelled records, grids with the names across the top, results under their names, interpretive
 * text and cut-off tables between the rows, footnote marks and legends, bilingual names. Written
 * from how such systems print, not from the reader. The HELD-OUT ones were measured once, before
 * their output was looked at, and are never used to decide a rule (as families.ts).
 */

/** Up to `n` rows at a time: a grid with names across its top is only as wide as a page. */
function chunks<T>(rows: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += n) out.push(rows.slice(i, i + n));
  return out;
}

/** Hindi names labs print beside the English one for the commonest tests. */
const HINDI: Array<[RegExp, string]> = [
  [/h(a)?emoglobin|^hb\b/i, 'हीमोग्लोबिन'],
  [/platelet/i, 'प्लेटलेट'],
  [/glucose|sugar/i, 'शुगर'],
  [/cholesterol/i, 'कोलेस्ट्रॉल'],
  [/creatinine/i, 'क्रिएटिनिन'],
  [/urea/i, 'यूरिया'],
  [/bilirubin/i, 'बिलीरुबिन'],
  [/thyroid|tsh/i, 'थायरॉइड'],
];

function hindiOf(name: string): string {
  return HINDI.find(([re]) => re.test(name))?.[1] ?? 'जांच';
}

/** A cut-off table as labs print it under a test, or at the end of a report (numbers not results). */
const CUT_OFFS = [
  'Interpretation (as per ADA guidelines)',
  'Non diabetic            < 5.7        %',
  'Prediabetes             5.7 - 6.4    %',
  'Diabetes                >= 6.5       %',
  'Fasting plasma glucose  101 - 125    mg/dL    Impaired fasting glucose',
  'eGFR 90 or above normal; 60 - 89 mildly decreased',
];

const RISK_TABLE = [
  'Risk category (NCEP ATP III)',
  'LDL Cholesterol         < 100        Optimal',
  'LDL Cholesterol         130 - 159    Borderline High',
  'Triglycerides           >= 500       Very High',
];

const FOOTER = [
  'Note: repeats are accepted on request of Referring Physician within 7 days.',
  'Results relate only to the sample tested. Not valid for medico-legal purposes.',
];

export const WAYS_FAMILIES: Family[] = [
  {
    // SMS / WhatsApp results message: 'Name: value unit (range)', one per line.
    id: 'message, name: value (range)',
    heldOut: false,
    render: (rows) => [
      'Dear Patient, your reports are ready.',
      ...rows.map((r) =>
        `${r.name}: ${r.result} ${r.unit}${rangeText(r) ? ` (${rangeText(r)})` : ''}`.trim(),
      ),
    ],
  },
  {
    // A hospital LIS's critical-value alert: mark words after the bracketed range.
    id: 'alert, value unit (range) MARK',
    heldOut: false,
    render: (rows) =>
      rows.map((r) =>
        [
          r.name,
          r.result,
          r.unit,
          rangeText(r) ? `(${rangeText(r)})` : '',
          r.flag ? r.flag.toUpperCase() : '',
        ]
          .filter(Boolean)
          .join(' '),
      ),
  },
  {
    // A dash between the name and the result, the range as 'Normal: ...' in brackets.
    id: 'message, name - value (Normal: range)',
    heldOut: false,
    render: (rows) =>
      rows.map((r) =>
        `${r.name} - ${r.result} ${r.unit}${rangeText(r) ? ` (Normal: ${rangeText(r)})` : ''}`.replace(
          /\s+/g,
          ' ',
        ),
      ),
  },
  {
    // '=' between name and result, the range in square brackets.
    id: 'equals, range in square brackets',
    heldOut: false,
    render: (rows) =>
      rows.map((r) => `${r.name} = ${r.result} ${r.unit} ${rangeText(r) ? `[${rangeText(r)}]` : ''}`.trim()),
  },
  {
    // A summary grid: names across the top, results on the line below, units and ranges under them.
    id: 'names across the top, values beneath',
    heldOut: false,
    render: (rows) =>
      chunks(rows, 4).flatMap((c) => [
        ...grid(
          [
            c.map((r) => r.name),
            c.map((r) => r.result),
            c.map((r) => r.unit || '-'),
            c.map((r) => rangeText(r) || '-'),
          ],
          [],
          4,
        ),
        '',
      ]),
  },
  {
    // Thyrocare-style: the test's name alone on its line, the method, result and unit on the next.
    id: 'name above its result line',
    heldOut: false,
    render: (rows) => [
      'TEST NAME                      TECHNOLOGY        VALUE       UNITS',
      ...rows.flatMap((r) => [
        r.name.toUpperCase(),
        `${''.padEnd(31)}${'PHOTOMETRY'.padEnd(18)}${r.result.padEnd(12)}${r.unit}`.trimEnd(),
        ...(rangeText(r) ? [`Bio. Ref. Interval : ${rangeText(r)}`] : []),
      ]),
    ],
  },
  {
    // Labelled records, one test per block (a portal's 'print results').
    id: 'labelled record per test',
    heldOut: false,
    render: (rows) =>
      rows.flatMap((r) => [
        `Test Name   : ${r.name}`,
        `Result      : ${r.result}`,
        `Unit        : ${r.unit}`,
        `Ref. Range  : ${rangeText(r)}`,
        '',
      ]),
  },
  {
    // Bilingual names: Hindi, a slash, the English name.
    id: 'bilingual names',
    heldOut: false,
    render: (rows) =>
      grid(
        [['जांच / Test', 'परिणाम / Result', 'इकाई / Unit', 'सामान्य सीमा / Normal Range']],
        rows.map((r) => [`${hindiOf(r.name)} / ${r.name}`, r.result, r.unit, rangeText(r)]),
      ),
  },
  {
    // The table, then an interpretation (cut-off) table under it, as most labs print for HbA1c.
    id: 'table then cut-off table',
    heldOut: false,
    render: (rows) => [
      ...grid(
        [['Test Name', 'Result', 'Unit', 'Bio. Ref. Interval']],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
      ),
      '',
      ...CUT_OFFS,
      '',
      '',
    ],
  },
  {
    // A risk table between two halves of the table, then the header again.
    id: 'risk table between the rows',
    heldOut: false,
    render: (rows) => {
      const half = Math.ceil(rows.length / 2);
      const table = (part: Row[]) =>
        grid(
          [['Investigation', 'Observed Value', 'Unit', 'Reference Range']],
          part.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
        );
      return [...table(rows.slice(0, half)), '', ...RISK_TABLE, '', ...table(rows.slice(half))];
    },
  },
  {
    // No range and no unit printed (a clinic's hand-typed summary): rows kept as printed.
    id: 'name and result only',
    heldOut: false,
    render: (rows) =>
      grid(
        [['Test', 'Result']],
        rows.map((r) => [r.name, r.result]),
        6,
      ),
  },
  {
    // A results table with the lab's footer and disclaimer under it.
    id: 'table with disclaimer footer',
    heldOut: false,
    render: (rows) => [
      ...grid(
        [['Parameter', 'Result', 'Units', 'Reference Interval']],
        rows.map((r) => [r.name, r.result, r.unit, rangeText(r)]),
      ),
      '',
      ...FOOTER,
    ],
  },
  // ---- held out: measured once, before looking ----
  {
    // An HL7 v2 result export as a clinic's software prints it: OBX segments, fields split by '|'.
    id: 'HL7 OBX segments',
    heldOut: true,
    render: (rows) =>
      rows.map(
        (r, i) =>
          `OBX|${i + 1}|NM|^${r.name}^L||${r.result}|${r.unit}|${rangeText(r)}|${r.flag ? r.flag[0] : 'N'}|||F`,
      ),
  },
  {
    // A JSON export, one object per line.
    id: 'JSON lines export',
    heldOut: true,
    render: (rows) =>
      rows.map((r) => JSON.stringify({ test: r.name, result: r.result, unit: r.unit, range: rangeText(r) })),
  },
  {
    // A portal's e-mail: each result as a sentence.
    id: 'sentence per result',
    heldOut: true,
    render: (rows) =>
      rows.map(
        (r) =>
          `Your ${r.name} is ${r.result}${r.unit ? ` ${r.unit}` : ''}${rangeText(r) ? ` (normal range ${rangeText(r)})` : ''}.`,
      ),
  },
  {
    // A printed form: 'Name ........: value unit', the range on the line under it.
    id: 'form field, range on the next line',
    heldOut: true,
    render: (rows) =>
      rows.flatMap((r) => [
        `${r.name.padEnd(34, '.')}: ${r.result} ${r.unit}`.trimEnd(),
        ...(rangeText(r) ? [`      (Ref: ${rangeText(r)})`] : []),
      ]),
  },
  {
    // A doctor's summary with two tests on a line: 'Name : value unit' pairs.
    id: 'two name-value pairs per line',
    heldOut: true,
    render: (rows) =>
      chunks(rows, 2).map((c) =>
        c
          .map((r) => `${r.name} : ${r.result} ${r.unit}`.trimEnd().padEnd(44))
          .join('  ')
          .trimEnd(),
      ),
  },
  {
    // One SMS line for a whole panel: results separated by semicolons.
    id: 'one line, semicolon-separated',
    heldOut: true,
    render: (rows) =>
      chunks(rows, 4).map((c) => c.map((r) => `${r.name} ${r.result} ${r.unit}`.trim()).join('; ')),
  },
  {
    // Footnote marks after the names, the legend (with numbers) under the table.
    id: 'footnote marks and legend',
    heldOut: true,
    render: (rows, k) => [
      ...grid(
        [['Test Name', 'Result', 'Unit', 'Reference Range']],
        rows.map((r, i) => [
          `${r.name}${i % 3 === 0 ? (k % 2 ? ' #' : ' *') : ''}`,
          r.result,
          r.unit,
          rangeText(r),
        ]),
      ),
      '',
      `${k % 2 ? '#' : '*'} Test performed at referral lab, NABL accredited (Cert. No. MC-2345), TAT 24 hrs.`,
      '1. Values may vary with method; 2. Fasting of 10 - 12 hours required.',
    ],
  },
  {
    // A LIS's tab export with the test code before the name and a status column.
    id: 'export with test code first',
    heldOut: true,
    render: (rows) => [
      ['Code', 'Test', 'Result', 'Unit', 'Range', 'Status'].join('\t'),
      ...rows.map((r, i) =>
        [`T${String(101 + i).padStart(4, '0')}`, r.name, r.result, r.unit, rangeText(r), status(r)].join(
          '\t',
        ),
      ),
    ],
  },
];
