import { afterAll, describe, expect, it } from 'vitest';
import { runEvaluation, type EvalReport } from './eval/run';
import { BARS } from './eval/score';
import { shutdownAnalysis } from './index';

// The accuracy bar of issue 3, run in-process on the whole development corpus (images included).
// Missing fixtures make loadFixtures throw, so this fails rather than skips.
describe('analysis accuracy on the development corpus', () => {
  let report: EvalReport;

  afterAll(async () => {
    await shutdownAnalysis();
  });

  it('analyses every fixture', { timeout: 300_000 }, async () => {
    report = await runEvaluation();
    expect(report.scores.length).toBeGreaterThanOrEqual(30);
    const crashed = report.scores.filter((s) => s.error && s.expected > 0);
    expect(crashed.map((s) => `${s.file}: ${s.error}`)).toEqual([]);
  });

  it('meets the TXT+PDF bars', () => {
    expect(report.text.recall).toBeGreaterThanOrEqual(BARS.text.recall);
    expect(report.text.flagAccuracy).toBeGreaterThanOrEqual(BARS.text.flags);
  });

  it('meets the image bars', () => {
    expect(report.image.recall).toBeGreaterThanOrEqual(BARS.image.recall);
    expect(report.image.flagAccuracy).toBeGreaterThanOrEqual(BARS.image.flags);
  });

  it('catches every critical value and invents none', () => {
    expect(report.all.criticalCaught).toBe(report.all.criticalExpected);
    expect(report.all.precision).toBeGreaterThanOrEqual(BARS.precision);
  });

  it('gets every report type right', () => {
    expect(report.scores.filter((s) => !s.typeCorrect).map((s) => s.file)).toEqual([]);
  });

  it('passes overall', () => {
    expect(report.failures).toEqual([]);
  });
});
