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

describe('scoring the flag of a "check it" row', () => {
  const fx = fixture([test('potassium', 5.9, 'high'), test('sodium', 138, 'normal')]);
  const shown = (flag: string, uncertain: boolean) => ({
    canonical_id: 'potassium',
    value: 5.9,
    unit: 'mEq/L',
    flag,
    ...(uncertain ? { uncertain: true } : {}),
  });
  const withValues = (values: object[]) =>
    ({ report_type: 'kidney_function', values, unread: [], impressions: [] }) as unknown as AnalysisResult;

  it('counts the lab mark a doubtful row carries, and nothing for a doubtful row without one', () => {
    expect(scoreFile(fx, withValues([shown('high', true)]), null, 0).flagsCorrect).toBe(1);
    expect(scoreFile(fx, withValues([shown('high', false)]), null, 0).flagsCorrect).toBe(1);
    const normalFx = fixture([test('potassium', 4.1, 'normal')]);
    // Shown as "check it" with no mark: the patient sees no flag, so none is counted right.
    expect(
      scoreFile(normalFx, withValues([{ ...shown('normal', true), value: 4.1 }]), null, 0).flagsCorrect,
    ).toBe(0);
    expect(
      scoreFile(normalFx, withValues([{ ...shown('normal', false), value: 4.1 }]), null, 0).flagsCorrect,
    ).toBe(1);
  });
});
