import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisError } from '@reportsaathi/analysis';
import {
  extractTextBounded,
  parseRows,
  shutdownExtraction,
} from '@reportsaathi/analysis/test-support/fuzz-targets';
import { blankPdf, inflatingPdf } from '@reportsaathi/analysis/test-support/files';
import { samplePdf, sampleText } from '@reportsaathi/analysis/test-support/samples';
import { FULL, recordFigures } from './security-figures';

/**
 * Text extraction and the report parser on mutated sample reports (test-support/samples.ts): bit flips, truncation, spliced
 * garbage, huge lines, repeated blocks, plus built hostile PDFs (thousands of pages; a "zip
 * bomb" whose Flate streams inflate to tens of MB of operators). Extraction goes through the
 * product's own bounded path (run/bounded.ts: a worker thread terminated at its bound), so
 * the fuzz proves what an upload meets. Each case must end (answer or AnalysisError, the
 * refusals users see) within the test's bound: any other error is a crash, running past the
 * bound a hang. Text and PDF fixtures only: OCR of images is exercised by the analysis tests and
 * is too slow for a fuzz loop on this machine.
 */
const CASES = FULL ? 120 : 16;
// The full run draws a new seed each time; it is named in every problem so a hang can be replayed
// with FUZZ_SEED=<seed> (the mutations are named too).
const SEED = Number(process.env.FUZZ_SEED) || (FULL ? Date.now() % 2_147_483_647 : 20261122);
const BOUND_MS = 20_000;
/**
 * The extraction's own bound (the product's is EXTRACT_TIMEOUT_SECONDS, 90 s): a file still
 * being read after it is stopped and refused, counted as `stopped`. A hang is a call that has not
 * returned by BOUND_MS: the bounded path itself failing.
 */
const EXTRACT_BOUND_MS = 5_000;
const fixtures = [
  ...(['thyroid', 'sugar', 'vitamins'] as const).map((id) => ({ name: `${id}.txt`, bytes: sampleText(id) })),
  ...(['bloodCount', 'kidney'] as const).map((id) => ({ name: `${id}.pdf`, bytes: samplePdf(id) })),
  { name: 'built: 3000 blank pages', bytes: blankPdf(3000) },
  { name: 'built: Flate bomb, 20 pages x 20 MB of operators', bytes: inflatingPdf(20, 20) },
  { name: 'built: Flate bomb, 3000 pages x 2 MB', bytes: inflatingPdf(3000, 2) },
];

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bits: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), junk: fc.uint8Array({ maxLength: 64 }) }),
  fc.record({
    kind: fc.constant('huge_line' as const),
    at: fc.nat(),
    size: fc.integer({ min: 10_000, max: 300_000 }),
  }),
  fc.record({ kind: fc.constant('repeat' as const), times: fc.integer({ min: 2, max: 40 }) }),
);

function mutate(bytes: Buffer, muts: Array<Record<string, unknown>>) {
  let b = Buffer.from(bytes);
  for (const m of muts) {
    const at = b.length ? (m.at as number) % b.length : 0;
    if (m.kind === 'flip' && b.length) b[at] ^= m.bits as number;
    else if (m.kind === 'truncate') b = b.subarray(0, at);
    else if (m.kind === 'splice')
      b = Buffer.concat([b.subarray(0, at), Buffer.from(m.junk as Uint8Array), b.subarray(at)]);
    else if (m.kind === 'huge_line')
      b = Buffer.concat([b.subarray(0, at), Buffer.alloc(m.size as number, 0x37), b.subarray(at)]);
    else if (m.kind === 'repeat')
      b = Buffer.concat(Array.from({ length: m.times as number }, () => b)).subarray(0, 5_000_000);
  }
  return b;
}

async function bounded<T>(p: Promise<T>): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), BOUND_MS);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('extraction and parsing on mutated files', () => {
  afterAll(async () => {
    await shutdownExtraction();
  });

  it('ends every case with text or a refusal, no crash, no hang', { timeout: CASES * BOUND_MS }, async () => {
    const figures = { cases: 0, crashes: 0, hangs: 0, refused: 0, stopped: 0 };
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fixtures),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        async (fixture, muts) => {
          figures.cases++;
          const bytes = mutate(fixture.bytes, muts as Array<Record<string, unknown>>);
          const outcome = await bounded(
            (async () => {
              try {
                const text = await extractTextBounded(bytes, { timeoutMs: EXTRACT_BOUND_MS });
                parseRows(text.lines.slice(0, 5000), { fuzzy: true });
                return 'ok';
              } catch (err) {
                if (err instanceof AnalysisError && err.code === 'extract_timeout') return 'stopped';
                if (err instanceof AnalysisError) return 'refused';
                return `crash: ${(err as Error).name}: ${(err as Error).message}`.slice(0, 200);
              }
            })(),
          );
          if (outcome === 'hang') figures.hangs++;
          else if (outcome === 'refused') figures.refused++;
          else if (outcome === 'stopped') figures.stopped++;
          else if (outcome !== 'ok') figures.crashes++;
          if (outcome !== 'ok' && outcome !== 'refused' && outcome !== 'stopped')
            problems.push(
              `${fixture.name}: ${outcome} (seed ${SEED}, ${JSON.stringify(muts).slice(0, 300)})`,
            );
        },
      ),
      { numRuns: CASES, seed: SEED },
    );
    recordFigures('extract-fuzz', figures);
    expect(problems).toEqual([]);
  });
});
