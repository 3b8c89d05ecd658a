import { afterAll, describe, expect, it } from 'vitest';
import { runEvaluation, type EvalReport } from './eval/run';
import { BARS } from './eval/score';
import { runRealWorld } from './eval/real-world';
import { runShapes, shapeFailures } from './eval/shapes';
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

// The same truth printed in other layouts (eval/layouts.ts): every text and PDF shape must meet
// the bars, so a change that reads only the fixtures' own layouts fails here.
describe('analysis accuracy on generated layouts', () => {
  it('meets the bars in every text and PDF shape', { timeout: 600_000 }, async () => {
    const shapes = await runShapes({ formats: ['txt', 'pdf'] });
    expect(shapes.length).toBeGreaterThanOrEqual(20);
    expect(shapeFailures(shapes)).toEqual([]);
  });
});

// The same truth photographed (shadow, tilt, blur, noise, JPEG): the image bar of issue 11, every
// critical caught, no decimal point lost. Weak readings are read again cleaned up (decision 049).
describe('analysis accuracy on generated phone photos', () => {
  it('meets the image bars in every photographed shape', { timeout: 600_000 }, async () => {
    const shapes = await runShapes({ formats: ['image'] });
    expect(shapes.length).toBeGreaterThanOrEqual(3); // two shapes, one also at a slant
    expect(shapeFailures(shapes)).toEqual([]);
  });
});

// Reports printed by real lab software: every value and unit must be read.
describe('analysis on the real-world samples', () => {
  it('reads every value and unit', { timeout: 300_000 }, async () => {
    const real = await runRealWorld();
    expect(real.length).toBeGreaterThanOrEqual(8);
    const problems = real.flatMap((r) => r.problems.map((p) => `${r.file}: ${p}`));
    expect(problems).toEqual([]);
  });
});
