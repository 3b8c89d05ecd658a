import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../test-support/samples';
import { AnalysisError } from '../errors';
import { blankPdf, inflatingPdf } from '../test-support/files';
import { extractTextBounded, shutdownExtraction } from './bounded';

/**
 * Extraction runs in a worker thread with a hard bound (decision 083). A PDF whose content
 * streams inflate to millions of operators keeps pdf.js parsing for minutes; on the main thread
 * no timer could stop it. Here the thread is terminated at its bound, the event loop kept
 * running meanwhile, the error is a readable refusal, and the next file gets a fresh thread.
 */
const BOUND_MS = 3000;
const report = () => samplePdf('bloodCount');

describe('bounded extraction', () => {
  afterAll(async () => {
    await shutdownExtraction();
  });

  it.runIf(process.platform === 'linux')(
    'reads files on threads of lower CPU priority than the requests (EXTRACT_NICE, default 10)',
    { timeout: 60_000 },
    async () => {
      const niceOfTask = (tid: string | number) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); // field 19: nice
      };
      const niceOf = () => readdirSync('/proc/self/task').map(niceOfTask);
      // The main thread by its id (the process's), not by its place in the list: once process ids
      // wrap around, threads started later can have lower ids and be listed before it.
      const own = niceOfTask(process.pid);
      expect((await extractTextBounded(report())).source).toBe('pdf_text');
      // The extraction thread (and anything it started) is the only one lowered.
      expect(niceOf().filter((n) => n === Math.min(19, own + 10)).length).toBeGreaterThan(0);
      expect(niceOfTask(process.pid)).toBe(own);
    },
  );

  it('refuses a PDF whose streams inflate to millions of text items, before memory runs out', async () => {
    const err = await extractTextBounded(inflatingPdf(3000, 2)).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as AnalysisError).code).toBe('pdf_too_large');
    expect((err as AnalysisError).message).toBe(
      'The PDF holds far more text than a report; it may be damaged',
    );
  });

  it('stops a pathological PDF at its bound, off the main thread', { timeout: 120_000 }, async () => {
    // Warm the thread first: its start-up (loading pdf.js) is not counted in the bound.
    expect((await extractTextBounded(report())).source).toBe('pdf_text');
    // ~65 kB on disk, 20 pages × 20 MB of line-drawing operators: slow to parse, no text to cap.
    const bomb = inflatingPdf(20, 20, 'lines');
    expect(bomb.length).toBeLessThan(200_000);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = Date.now();
    const err = await extractTextBounded(bomb, { timeoutMs: BOUND_MS }).then(
      () => null,
      (e: unknown) => e,
    );
    const took = Date.now() - started;
    clearInterval(ticker);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).code).toBe('extract_timeout');
    expect((err as AnalysisError).transient).toBe(false);
    expect((err as AnalysisError).message).toMatch(
      /^Reading the file took longer than 3 seconds and was stopped/,
    );
    expect(took).toBeGreaterThanOrEqual(BOUND_MS - 5);
    // The bound is a timer on the main thread: it fires late only by the machine's load.
    expect(took).toBeLessThan(BOUND_MS + 2000);
    // The main thread was free while pdf.js parsed: a blocked loop would have ticked ~0 times.
    expect(ticks).toBeGreaterThan(BOUND_MS / 50 / 3);
    // The terminated thread is replaced: the next file is read normally.
    expect((await extractTextBounded(report())).lines.length).toBeGreaterThan(10);
  });

  it(
    'ends at once when the caller aborts (the analysis job’s own time limit)',
    { timeout: 120_000 },
    async () => {
      const controller = new AbortController();
      const pending = extractTextBounded(inflatingPdf(20, 20, 'lines'), {
        signal: controller.signal,
        timeoutMs: 60_000,
      });
      setTimeout(() => controller.abort(), 500);
      const started = Date.now();
      const err = await pending.then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as AnalysisError).code).toBe('aborted');
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await extractTextBounded(Buffer.from('Haemoglobin 13.5 g/dL 13.0 - 17.0\n'))).source).toBe(
        'text',
      );
    },
  );

  it(
    'is not ended by the stray rejections pdf.js leaves on a damaged file',
    { timeout: 120_000 },
    async () => {
      // Found by the extraction fuzz (seed 84404724): one byte flipped and a few spliced into a
      // 3000-page PDF make pdf.js reject a promise nobody awaits ('Illegal character: 41') while it
      // goes on and finds no text. That must stay a refusal, not kill the thread as a crash.
      let bytes = blankPdf(3000);
      bytes[290731647 % bytes.length] ^= 109;
      for (const [at, junk] of [
        [1078087536, [207, 62, 185, 21, 96, 195, 62]],
        [1868314782, [105, 189, 237, 41]],
      ] as const) {
        const i = at % bytes.length;
        bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(junk), bytes.subarray(i)]);
      }
      const err = await extractTextBounded(bytes, { timeoutMs: 60_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AnalysisError);
      expect((err as AnalysisError).message).toBe('No readable text was found in the PDF');
    },
  );

  it('passes refusals through with their reason', async () => {
    const err = await extractTextBounded(Buffer.from('%PDF-1.4\nnot really')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).message).toBe('The file is not a valid PDF');
  });
});
