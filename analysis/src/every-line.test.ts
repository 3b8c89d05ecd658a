import { describe, expect, it } from 'vitest';
import { analyseText } from './test-support/typed-text';
import { analyzeLines } from './engine';
import type { ExtractedText } from './extract';

// Every line accounted for: a line that looks like a result and was not read is named at the top,
// lowers the confidence and stops the summary from saying everything is in range.
const analyse = analyseText;

const table = [
  'Test            Result     Unit       Reference Range',
  'Haemoglobin     14.1       g/dL       13.0 - 17.0',
  'Serum Sodium    140        mmol/L     136 - 145',
];

describe('every line accounted for', () => {
  it('names a result-looking line it could not read and never says all are in range', () => {
    const r = analyse([...table, 'Potassium : 4,,2 mmol/L (3.5 - 5.1)'].join('\n'));
    expect(r.values.map((v) => v.canonical_id)).toEqual(['hemoglobin', 'sodium']);
    expect(r.unread_lines).toEqual(['Potassium : 4,,2 mmol/L (3.5 - 5.1)']);
    expect(r.summary).toMatch(
      /^We could not read 1 line of your report; please check it on the printed report: "Potassium/,
    );
    expect(r.summary).not.toMatch(/All of them are within/);
    expect(r.key_findings.join(' ')).not.toMatch(/All 2 results are within/);
    const clean = analyse(table.join('\n'));
    expect(clean.unread_lines).toEqual([]);
    expect(clean.summary).toMatch(/All of them are within the reference ranges/);
    expect(r.confidence_score).toBeLessThan(clean.confidence_score);
  });

  it('does not count notes, the patient block or a test it read as unread', () => {
    const r = analyse(
      [
        'Patient Name : Mr. A     Age : 45 Years',
        ...table,
        'Interpretation:',
        'Haemoglobin below 13.0 g/dL (13.0 - 17.0) suggests anaemia',
        'Sodium 136 - 145 mmol/L is the usual range',
      ].join('\n'),
    );
    expect(r.unread_lines).toEqual([]);
  });
});

describe('the document kind follows its tables', () => {
  it('a box-drawn table with a known test is a lab report even on a bill-like page', () => {
    const r = analyse(
      [
        'CITY DIAGNOSTICS                     GSTIN 27ABCDE1234F1Z5',
        'Invoice No 4411    Amount Paid Rs. 450    Cash',
        '┌─────────────┬────────┬─────────┬────────────┐',
        '│ Test Name   │ Result │ Unit    │ Range      │',
        '├─────────────┼────────┼─────────┼────────────┤',
        '│ Potassium   │ 7.1    │ mmol/L  │ 3.5 - 5.1  │',
        '└─────────────┴────────┴─────────┴────────────┘',
        'Thank you visit again',
      ].join('\n'),
    );
    expect(r.document_kind).toBe('lab_report');
    expect(r.has_critical).toBe(true);
    expect(r.values.map((v) => [v.canonical_id, v.value, v.flag])).toEqual([
      ['potassium', 7.1, 'critical_high'],
    ]);
  });
});

// A row's lines split by a PDF's page break, and two tables sharing a line: never dropped.
function analyseLines(lines: string[], pageBreaks: number[] = []) {
  const extracted: ExtractedText = {
    kind: 'pdf',
    lines,
    source: 'pdf_text',
    ocrConfidence: null,
    pageBreaks,
    totalPages: pageBreaks.length + 1,
    pagesRead: pageBreaks.length + 1,
  };
  return analyzeLines(extracted, 'en');
}

const cumulativeHead =
  'Investigation        Method        Previous (12/08/2024)   Result (03/02/2025)   Unit     Reference Interval';

describe('rows across a page break', () => {
  it('joins a name whose second line is the next page’s first', () => {
    const r = analyseLines(
      [
        cumulativeHead,
        'Gamma Glutamyl       Enzymatic     40                      88                    U/L      < 55',
        '',
        'Transferase (GGT)',
        'Serum Sodium         ISE           139                     141                   mmol/L   136 - 145',
      ],
      [2],
    );
    expect(r.values.map((v) => [v.canonical_id, v.value])).toEqual([
      ['ggt', 88],
      ['sodium', 141],
    ]);
    expect(r.values.some((v) => v.canonical_id.startsWith('unlisted'))).toBe(false);
  });

  it('does not join a heading at the top of the next page to the last row of the page before', () => {
    const r = analyseLines(
      [
        cumulativeHead,
        'Serum Sodium         ISE           139                     141                   mmol/L   136 - 145',
        '',
        'ELECTROLYTES',
        'Serum Potassium      ISE           4.0                     4.4                   mmol/L   3.5 - 5.1',
      ],
      [2],
    );
    expect(r.values.map((v) => [v.canonical_id, v.value])).toEqual([
      ['sodium', 141],
      ['potassium', 4.4],
    ]);
  });
});

describe('two tables side by side', () => {
  it('reads a row of the right-hand table whose line the left-hand table used too', () => {
    const r = analyseLines([
      'Test            Result        Unit   Range             Test             Result   Unit   Range',
      'COLOUR          Pale Yellow          Pale Yellow       URINE GLUCOSE Nil                 Nil',
      'APPEARANCE      Clear                Clear             KETONE BODIES Nil                 Nil',
    ]);
    const ids = r.values.map((v) => v.canonical_id);
    expect(ids).toEqual(expect.arrayContaining(['urine_glucose', 'urine_ketones']));
  });
});

describe('a name in two cells', () => {
  it('reads the next word of a test’s name as its name, not as its result', () => {
    const r = analyse(
      [
        'URINE ROUTINE EXAMINATION',
        '| Test Name        | Result | Unit | Reference Range |',
        '| KETONE  BODIES   | Nil    |      | Nil             |',
        '| RB.C.            | 2-3    | /HPF | 0 - 2           |',
      ].join('\n'),
    );
    expect(r.values.map((v) => [v.canonical_id, v.value])).toEqual([
      ['urine_ketones', 'Nil'],
      ['urine_rbc', '2-3'],
    ]);
  });
});

describe('a line two tables share', () => {
  it('names the right-hand row it could not read although the left-hand row was read', () => {
    const r = analyseLines([
      'Test            Result   Unit     Range           Test         Result   Unit     Range',
      'Serum Sodium    140      mmol/L   136 - 145       Potassium    4,,2     mmol/L   3.5 - 5.1',
      'Serum Chloride  101      mmol/L   98 - 107        Calcium      9.4      mg/dL    8.5 - 10.5',
    ]);
    expect(r.values.map((v) => v.canonical_id)).toEqual(
      expect.arrayContaining(['sodium', 'chloride', 'calcium']),
    );
    const named = [
      ...r.unread.map((u) => u.canonical_id),
      ...(r.unread_lines ?? []).map((l) => l.split(' ')[0]),
    ];
    expect(named).toEqual(expect.arrayContaining([expect.stringMatching(/^potassium$|^Potassium$/)]));
  });
});
