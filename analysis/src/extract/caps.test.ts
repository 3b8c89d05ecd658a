import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../errors';
import { capLines, MAX_LINE_CHARS, MAX_LINES, MAX_TEXT_CHARS } from './caps';
import type { ExtractedText } from './index';

const text = (lines: string[]): ExtractedText => ({
  kind: 'txt',
  lines,
  source: 'text',
  ocrConfidence: null,
  totalPages: 1,
  pagesRead: 1,
});

describe('input caps before the analysis', () => {
  it('keeps a report-sized text as it is', () => {
    const t = text(['Haemoglobin 13.5 g/dL 13.0-17.0', 'WBC 7.2 10^3/uL 4.0-11.0']);
    expect(capLines(t)).toBe(t);
  });
  it('refuses more lines than a report has, or more characters', () => {
    expect(() => capLines(text(Array(MAX_LINES + 1).fill('a')))).toThrow(AnalysisError);
    expect(() => capLines(text(Array(1000).fill('x'.repeat(MAX_TEXT_CHARS / 1000))))).toThrow(
      /far more text than a lab report/,
    );
  });
  it('cuts a line longer than any row of a report', () => {
    const out = capLines(text(['y'.repeat(MAX_LINE_CHARS * 3), 'short']));
    expect(out.lines.map((l) => l.length)).toEqual([MAX_LINE_CHARS, 5]);
  });
});
