import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { ANALYSIS_VERSION } from '@reportsaathi/analysis';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

// The analysis cache is keyed by content hash + language + engine version: an analysis made by
// an older engine is redone when the report is opened or re-analysed, and `npm run reanalyze`
// re-runs a batch on the queue.
let t: TestApp;
let bytes: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  bytes = sampleText('thyroid');
});
afterAll(async () => {
  await t?.close();
});

async function uploadAndWait(c: Client, content = bytes) {
  const up = await c.request('POST', '/reports/upload', fileForm('r.txt', content, 'text/plain'));
  expect(up.status).toBe(201);
  const done = await waitForReport(c, `/reports/${up.body.id}`);
  expect(done.body.status).toBe('completed');
  return done.body;
}

/** What an older engine would have left: another version and a summary of its own. */
async function makeOld(id: number, version: string | null = '0.9.0') {
  await t.db
    .updateTable('reports')
    .set({ engine_version: version, summary: 'Old engine summary' })
    .where('id', '=', id)
    .execute();
}

async function row(id: number) {
  return t.db
    .selectFrom('reports')
    .select(['status', 'engine_version', 'summary', 'cache_hit'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('engine version', () => {
  it('is stored with each analysis, and a cache hit needs the same version', async () => {
    const a = new Client(t.baseUrl);
    await registerAndLogin(a);
    const first = await uploadAndWait(a);
    expect(await row(first.id)).toMatchObject({ engine_version: ANALYSIS_VERSION, cache_hit: false });

    // Same bytes, same engine: reused.
    const b = new Client(t.baseUrl);
    await registerAndLogin(b);
    const second = await uploadAndWait(b);
    expect(await row(second.id)).toMatchObject({ engine_version: ANALYSIS_VERSION, cache_hit: true });

    // Both earlier analyses made by an older engine: the next upload is analysed afresh.
    await makeOld(first.id);
    await makeOld(second.id, null);
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const third = await uploadAndWait(c);
    expect(await row(third.id)).toMatchObject({ engine_version: ANALYSIS_VERSION, cache_hit: false });
    expect(third.summary).not.toBe('Old engine summary');
  });

  it('an older analysis is redone when the report is opened', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const done = await uploadAndWait(c, Buffer.concat([bytes, Buffer.from('\n')]));
    await makeOld(done.id);
    const opened = await c.get(`/reports/${done.id}`);
    expect(opened.status).toBe(200);
    expect(['pending', 'processing', 'completed']).toContain(opened.body.status);
    const again = await waitForReport(c, `/reports/${done.id}`);
    expect(again.body.status).toBe('completed');
    expect(again.body.summary).not.toBe('Old engine summary');
    expect(again.body.values.length).toBeGreaterThan(0);
    expect(await row(done.id)).toMatchObject({ engine_version: ANALYSIS_VERSION });
    // A current analysis is left alone on open.
    const current = await c.get(`/reports/${done.id}`);
    expect(current.body.status).toBe('completed');
  });

  it("an older analysis is redone on 'Start Analysis'; a current one is not", async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const done = await uploadAndWait(c, Buffer.concat([bytes, Buffer.from('\n\n')]));
    const current = await c.post(`/reports/${done.id}/analyze`);
    expect(current.status).toBe(200);
    expect(current.body.status).toBe('completed');
    await makeOld(done.id);
    const stale = await c.post(`/reports/${done.id}/analyze`);
    expect(stale.status).toBe(202);
    expect(stale.body.status).toBe('pending');
    const again = await waitForReport(c, `/reports/${done.id}`);
    expect(again.body.summary).not.toBe('Old engine summary');
    expect(await row(done.id)).toMatchObject({ engine_version: ANALYSIS_VERSION });
  });
});

describe('npm run reanalyze', () => {
  it('re-runs the older analyses as a queued batch, printing progress', { timeout: 180_000 }, async () => {
    // A product without a worker of its own: the script works the queue itself (--work).
    const quiet = await createTestApp({}, { worker: false });
    try {
      const c = new Client(quiet.baseUrl);
      await registerAndLogin(c);
      const ids: number[] = [];
      for (const extra of ['', ' ', '  ']) {
        const up = await c.request(
          'POST',
          '/reports/upload',
          fileForm('r.txt', Buffer.concat([bytes, Buffer.from(extra)]), 'text/plain'),
        );
        ids.push(up.body.id);
      }
      // Rows as an older engine left them: completed, another version, its own summary.
      await quiet.db
        .updateTable('reports')
        .set({ status: 'completed', engine_version: '0.9.0', summary: 'Old engine summary' })
        .where('id', 'in', ids)
        .execute();
      const env = {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: quiet.databaseUrl,
        DATA_DIR: quiet.deps.env.DATA_DIR,
        LOG_LEVEL: 'silent',
      };
      const run = (args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/reanalyze.ts', ...args], {
          env,
          timeout: 150_000,
        }).then(
          (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
          (err: { code: number; stdout: string; stderr: string }) => err,
        );

      const dry = await run(['--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(/^3 completed reports analysed by an engine other than/);

      const batch = await run(['--work']);
      expect(batch.stderr).toBe('');
      expect(batch.code).toBe(0);
      expect(batch.stdout).toContain(`Queued 3 of 3 completed reports`);
      expect(batch.stdout).toMatch(
        new RegExp(`\\[3/3\\] done with engine ${ANALYSIS_VERSION.replace(/\./g, '\\.')}: 3, failed: 0`),
      );
      expect(batch.stdout).toContain('Batch finished: 3 re-analysed, 0 failed.');
      const rows = await quiet.db
        .selectFrom('reports')
        .select(['status', 'engine_version', 'summary'])
        .where('id', 'in', ids)
        .execute();
      for (const r of rows) {
        expect(r).toMatchObject({ status: 'completed', engine_version: ANALYSIS_VERSION });
        expect(r.summary).not.toBe('Old engine summary');
      }

      const bad = await run(['--limit', 'many']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/Usage: npm run reanalyze/);
    } finally {
      await quiet.close();
    }
  });
});
