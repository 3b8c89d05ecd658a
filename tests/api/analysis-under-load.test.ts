import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflatingPdf } from '@reportsaathi/analysis/test-support/files';
import { runAnalysis } from '../../api/src/features/reports/reports.service';
import { BUSY_FACTOR, deferSeconds, machineBusy, MAX_DEFERRALS } from '../../api/src/jobs/busy';
import { QUEUES } from '../../api/src/jobs/queue';
import { workAnalyses } from '../../api/src/jobs/worker';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * Load slows work down, it does not fail it (decision 216). At load 16 on two cores, photo
 * analyses ended "Reading the image took too long": a time limit meant for a hung or hostile file
 * failed honest files that had only waited for the CPU. Now an attempt that reaches a time limit
 * while the machine is overloaded goes back to pending (the patient sees it waiting) and is queued
 * again later without spending a try. On a calm machine the limits count as before.
 * The time limit is reached here by a job signal that has already fired (the engine's 'aborted').
 */
let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp(); // no worker: the test runs the attempts itself
  c = new Client(t.baseUrl);
  await registerAndLogin(c);
});
afterAll(async () => {
  await t?.close();
});

async function upload(name: string, text: string): Promise<number> {
  const res = await c.request('POST', '/reports/upload', fileForm(name, text, 'text/plain'));
  expect(res.status).toBe(201);
  return res.body.id as number;
}
const lab = 'Hemoglobin 11.2 g/dL 13.0 - 17.0\nGlucose 132 mg/dL 70 - 100\n';
const timedOut = () => AbortSignal.abort();

describe('a time limit reached on a busy machine', () => {
  it('puts the report back to pending, even on its last try, instead of failing it', async () => {
    const id = await upload('lab.txt', lab);
    const outcome = await runAnalysis(t.deps, id, { isLast: true, signal: timedOut(), mayDefer: () => true });
    expect(outcome).toBe('deferred');
    const seen = await c.get(`/reports/${id}`);
    expect(seen.body.status).toBe('pending');
    expect(seen.body.error_message ?? null).toBeNull();
    // Its next try, on a calm machine, completes.
    expect(await runAnalysis(t.deps, id, { isLast: false })).toBe('completed');
  });

  it('on a calm machine the same limit counts as before: the last try fails the report', async () => {
    const id = await upload('lab2.txt', `${lab}TSH 2.1 mIU/L 0.4 - 4.0\n`);
    const outcome = await runAnalysis(t.deps, id, {
      isLast: true,
      signal: timedOut(),
      mayDefer: () => false,
    });
    expect(outcome).toBe('failed');
    expect((await c.get(`/reports/${id}`)).body.status).toBe('failed');
  });
});

describe('the busy rule and the waits', () => {
  it('busy from BUSY_FACTOR tasks per core; waits double up to ten minutes, a bounded number of times', () => {
    expect(machineBusy(16, 2)).toBe(true);
    expect(machineBusy(BUSY_FACTOR * 2 - 0.1, 2)).toBe(false);
    expect([0, 1, 2, 3, 4, 5].map(deferSeconds)).toEqual([30, 60, 120, 240, 480, 600]);
    const total = Array.from({ length: MAX_DEFERRALS }, (_, i) => deferSeconds(i)).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(2 * 3600);
  });
});

describe('the worker on a busy machine', () => {
  let w: TestApp;
  afterAll(async () => {
    await w?.close();
  });

  it('a real time limit leaves the report pending and queues it again later, without spending a try', async () => {
    // A one-second extraction bound and a file slow to parse: the bound is reached for sure. The
    // machine is said to be busy, as the load average would say at load 16 on two cores.
    w = await createTestApp({ EXTRACT_TIMEOUT_SECONDS: '1' });
    const patient = new Client(w.baseUrl);
    await registerAndLogin(patient);
    const up = await patient.request(
      'POST',
      '/reports/upload',
      fileForm('slow.pdf', inflatingPdf(20, 20, 'lines'), 'application/pdf'),
    );
    expect(up.status).toBe(201);
    const id = up.body.id as number;
    await workAnalyses(w.deps, () => true);
    // The attempt ends (the bound, then the job's handler); the report is queued again for later.
    const queuedAgain = async () =>
      (
        await sql<{ deferrals: number; starts_in: number }>`
          SELECT (data->>'deferrals')::int AS deferrals,
                 extract(epoch FROM start_after - now())::float AS starts_in
            FROM pgboss.job
           WHERE name = ${QUEUES.analyzeReport} AND state = 'created' AND (data->>'reportId')::int = ${id}
             AND data->>'deferrals' IS NOT NULL`.execute(w.db)
      ).rows[0];
    const deadline = Date.now() + 60_000;
    let again = await queuedAgain();
    const failed = async () => (await patient.get(`/reports/${id}`)).body.status === 'failed';
    while (!again && Date.now() < deadline && !(await failed())) {
      await new Promise((r) => setTimeout(r, 250));
      again = await queuedAgain();
    }
    expect(again?.deferrals).toBe(1);
    // Waits 30 s (deferSeconds(0)) before its next try: not run again at once on a machine still busy.
    expect(again?.starts_in).toBeGreaterThan(10);
    const seen = await patient.get(`/reports/${id}`);
    expect(seen.body.status).toBe('pending');
    expect(seen.body.error_message ?? null).toBeNull();
    // No try was spent: the attempts count is where the first one left it.
    const row = await w.db
      .selectFrom('reports')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(1);
  }, 120_000);
});
