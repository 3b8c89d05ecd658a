import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '@reportsaathi/analysis/test-support/samples';
import { inflatingPdf } from '@reportsaathi/analysis/test-support/files';
import { startWorker } from '../../api/src/jobs/worker';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

/**
 * Bad input: a stored file damaged after it was accepted (a disk fault, a bad copy) makes
 * its analysis fail with a reason the patient can read, and the worker goes on with the next report.
 * A pathological PDF (Flate streams inflating to millions of operators) is stopped at
 * the extraction bound (EXTRACT_TIMEOUT_SECONDS, here 4 s; decision 083) and fails the same way.
 */
let t: TestApp;
beforeAll(async () => {
  // The bound must count whatever the machine's load while the suite runs (decision 216's deferral off).
  t = await createTestApp({ EXTRACT_TIMEOUT_SECONDS: '4', ANALYSIS_BUSY_LOAD_PER_CORE: '0' });
});
afterAll(async () => {
  await t?.close();
});

describe('a corrupted stored file', () => {
  it('fails its analysis with a reason, and the next report is analysed', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const pdf = samplePdf('bloodCount');
    const up = await c.request('POST', '/reports/upload', fileForm('lab.pdf', pdf, 'application/pdf'));
    expect(up.status).toBe(201);
    const row = await t.db
      .selectFrom('reports')
      .select('storage_key')
      .where('id', '=', up.body.id)
      .executeTakeFirstOrThrow();
    // Damage the stored bytes before any worker reads them: half the file, then noise.
    const stored = path.join(t.deps.env.DATA_DIR, 'uploads', row.storage_key!.slice(0, 2), row.storage_key!);
    await writeFile(stored, Buffer.concat([pdf.subarray(0, pdf.length / 2), Buffer.alloc(4096, 0xa7)]));
    const good = await c.request(
      'POST',
      '/reports/upload',
      fileForm('lab.txt', 'Hemoglobin 13.5 g/dL 13.0 - 17.0\n', 'text/plain'),
    );

    await startWorker(t.deps);
    const failed = await waitForReport(c, `/reports/${up.body.id}`);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.error_message).toEqual(expect.any(String));
    expect(failed.body.error_message.length).toBeGreaterThan(10);
    expect(failed.body.error_message).not.toMatch(/\n\s+at |TypeError|undefined/);
    const done = await waitForReport(c, `/reports/${good.body.id}`);
    expect(done.body.status).toBe('completed');
  }, 120_000);
});

describe('a pathological PDF', () => {
  it('is stopped at the extraction bound and its report fails with a readable reason', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const bomb = inflatingPdf(20, 20, 'lines'); // slow to parse, no text to cap
    const up = await c.request('POST', '/reports/upload', fileForm('bomb.pdf', bomb, 'application/pdf'));
    expect(up.status).toBe(201);
    // The worker of the test above is running; the API keeps answering while the thread parses.
    const started = Date.now();
    const seen = await c.request('GET', `/reports/${up.body.id}`);
    expect(seen.status).toBe(200);
    const failed = await waitForReport(c, `/reports/${up.body.id}`, 90_000);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.error_message).toMatch(
      /^Reading the file took longer than 4 seconds and was stopped; the file may be damaged/,
    );
    // Failed on its first attempt (not retried: the same file would hang the same way). Thread
    // start-up and queue polling come on top of the bound; a blocked extraction would never end.
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
