import { describe, expect, it } from 'vitest';
import { analyzeLines } from './engine';
import { splitLines, type ExtractedText } from './extract';

// Every line accounted for: a line that looks like a result and was not read is named at the top,
// lowers the confidence and stops the summary from saying everything is in range.
function analyse(text: string) {
  const extracted: ExtractedText = {
    kind: 'txt',
    lines: splitLines(text),
    source: 'text',
    ocrConfidence: null,
    totalPages: 1,
    pagesRead: 1,
  };
  return analyzeLines(extracted, 'en');
}

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
