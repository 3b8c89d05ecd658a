import { afterAll, describe, expect, it } from 'vitest';
import { runShapes, shapeFailures } from './eval/shapes';
import { shutdownAnalysis } from './index';
import { SAMPLES } from './test-support/samples';

/**
 * The repository's synthetic reports (test-support/samples.ts) printed in every generated layout,
 * as text, PDF and phone photo. The development corpus and the real-world samples beside the
 * repository are scored by `npm run eval:analysis`, which fails below the same bars.
 */
const sources = Object.values(SAMPLES);
afterAll(async () => {
  await shutdownAnalysis();
});

// The same truth printed in other layouts (eval/layouts.ts): every text and PDF shape must meet
// the bars, so a change that reads only the fixtures' own layouts fails here.
describe('analysis accuracy on generated layouts', () => {
  it('meets the bars in every text and PDF shape', { timeout: 600_000 }, async () => {
    const shapes = await runShapes({ formats: ['txt', 'pdf'], sources });
    expect(shapes.length).toBeGreaterThanOrEqual(20);
    expect(shapeFailures(shapes)).toEqual([]);
  });
});

// The same truth photographed (shadow, tilt, blur, noise, JPEG): at least 92 % read right, every
// critical caught, no decimal point lost. Weak readings are read again cleaned up (decision 049).
describe('analysis accuracy on generated phone photos', () => {
  it('meets the image bars in every photographed shape', { timeout: 600_000 }, async () => {
    const shapes = await runShapes({ formats: ['image'], sources });
    expect(shapes.length).toBeGreaterThanOrEqual(3); // two shapes, one also at a slant
    expect(shapeFailures(shapes)).toEqual([]);
  });
});
