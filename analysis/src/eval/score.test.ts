import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../types';
import type { Fixture, TruthTest } from './fixtures';
import { contradictionsOf, scoreFile, totals } from './score';

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

describe('counting results that contradict themselves (decision 190)', () => {
  const v = (over: Partial<AnalysisResult['values'][number]>) =>
    ({
      canonical_id: 'rdw',
      loinc: null,
      name: 'RDW-CV',
      value: 20,
      unit: '%',
      ref_low: 11.5,
      ref_high: 14.5,
      ref_text: '11.5-14.5',
      ref_source: 'report',
      flag: 'high',
      flag_printed: null,
      ...over,
    }) as AnalysisResult['values'][number];
  const res = (values: AnalysisResult['values'], summary = '', unread: AnalysisResult['unread'] = []) =>
    ({ values, unread, unread_lines: [], summary, key_findings: [] }) as unknown as AnalysisResult;

  it('counts a check-it row carrying a flag that is not its lab mark, and a test both check-it and flagged', () => {
    expect(contradictionsOf(res([v({ uncertain: true, flag: 'high', flag_printed: 'L' })]))).toHaveLength(1);
    expect(contradictionsOf(res([v({ uncertain: true, flag: 'low', flag_printed: 'L' })]))).toHaveLength(0);
    expect(contradictionsOf(res([v({ uncertain: true, flag: 'normal' }), v({})]))).toHaveLength(1);
  });

  it('counts "all within range" said over a table that is not', () => {
    const claim =
      'Your report has 2 test results. All of them are within the reference ranges printed on the report.';
    expect(contradictionsOf(res([v({ flag: 'normal' })], claim))).toHaveLength(0);
    expect(
      contradictionsOf(
        res([v({ flag: 'normal' }), v({ uncertain: true, flag: 'low', flag_printed: 'L' })], claim),
      ),
    ).toHaveLength(1);
    expect(
      contradictionsOf(
        res([v({ flag: 'normal' })], claim, [
          { canonical_id: 't3', name: 'T3', reason: 'x', critical: false },
        ]),
      ),
    ).toHaveLength(1);
    expect(contradictionsOf(res([], 'All 0 results are within the reference ranges'))).toHaveLength(1);
  });
});
