import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../types';
import type { Fixture, TruthTest } from './fixtures';
import { scoreFile, totals } from './score';

const test = (canonical: string, value: number, flag: string): TruthTest => ({
  name_as_printed: canonical,
  canonical,
  value,
  unit_as_printed: 'mEq/L',
  ref_low: null,
  ref_high: null,
  ref_text: '',
  flag_expected: flag,
});

const fixture = (tests: TruthTest[]): Fixture => ({
  file: 'r.png',
  rel: 'r.png',
  path: 'r.png',
  truth: {
    file: 'r.png',
    format: 'png',
    report_type: 'kidney_function',
    document_kind: 'lab_report',
    lab_values_expected: true,
    tests,
    impressions: [],
  },
});

const result = (unread: AnalysisResult['unread']): AnalysisResult =>
  ({ report_type: 'kidney_function', values: [], unread, impressions: [] }) as unknown as AnalysisResult;

describe('scoring a test the engine names as unread', () => {
  it('counts it as marked ("check it"), a critical one as safe, and never as invented', () => {
    const fx = fixture([test('potassium', 2.1, 'critical_low'), test('sodium', 138, 'normal')]);
    const named = scoreFile(
      fx,
      result([{ canonical_id: 'potassium', name: 'Potassium', reason: '1:43', critical: true }]),
      null,
      0,
    );
    expect(named).toMatchObject({ found: 1, checkIt: 1, criticalSafe: 1, shownWrong: 0 });
    expect(named.problems).toContain('missing sodium');
    expect(totals([named]).precision).toBe(1);
    // Not named at all: missing, and the critical is neither caught nor marked.
    const dropped = scoreFile(fx, result([]), null, 0);
    expect(dropped).toMatchObject({ found: 0, checkIt: 0, criticalSafe: 0 });
  });
});
