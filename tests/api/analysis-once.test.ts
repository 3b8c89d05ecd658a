import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDocument } from '@reportsaathi/analysis';
import {
  claimForProcessing,
  markFailed,
  saveCompletedAnalysis,
  StaleAttempt,
} from '../../api/src/features/reports/reports.repo';
import { runAnalysis } from '../../api/src/features/reports/reports.service';
import { checkAnalysisIntegrity } from '../../api/src/ops/analysis-integrity';
import { REPO_ROOT, startProduct } from '../../scripts/lib/product-server';
import { transaction } from '@reportsaathi/db';
import {
  Client,
  createMigratedDatabase,
  createTestApp,
  fileForm,
  registerAndLogin,
  type TestApp,
} from './harness';
import { productEnv } from './product-env';

/**
 * "No report is analysed twice into two results" (decision 097). A report's
 * result is kept only by the attempt that holds its claim (status 'processing' and its `attempts`
 * number), so a worker thought dead — its job expired and ran again elsewhere — cannot overwrite
 * or add to the newer result; and the values are unique by position in the database.
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const labText = (tag: string) =>
  `Sample ${tag}\nHemoglobin 11.2 g/dL 13.0 - 17.0\nGlucose 132 mg/dL 70 - 100\nTSH 2.1 mIU/L 0.4 - 4.0\n`;

describe('one result per report, in one process', () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await createTestApp(); // no worker: the test runs the attempts itself
    cleanups.push(() => t.close());
    c = new Client(t.baseUrl);
    await registerAndLogin(c);
  });

  async function upload(tag: string): Promise<number> {
    const res = await c.request('POST', '/reports/upload', fileForm('lab.txt', labText(tag), 'text/plain'));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  const values = (id: number) =>
    t.db
      .selectFrom('report_values')
      .select(['position', 'name'])
      .where('report_id', '=', id)
      .orderBy('position')
      .execute();

  it("a stale attempt's completion and failure are refused; the newer result stays whole", async () => {
    const id = await upload('stale');
    // Attempt 1 claims the report and is slow; its job expires and attempt 2 runs and completes.
    const first = await claimForProcessing(t.db, id);
    expect(first?.attempts).toBe(1);
    expect(await runAnalysis(t.deps, id, { isLast: false })).toBe('completed');
    const kept = await values(id);
    expect(kept.length).toBe(3);

    // Attempt 1 comes back with a (different) result: refused, and nothing of it is kept.
    await expect(
      transaction(t.db, (trx) =>
        saveCompletedAnalysis(
          trx,
          id,
          first!.attempts,
          {
            report_type: 'other',
            summary: 'stale',
            key_findings: [],
            recommendations: [],
            impressions: [],
            confidence_score: 0.1,
            ai_model_version: 'stale',
            engine_version: 'stale',
            analysis_result: {},
            cache_hit: false,
          },
          [],
          new Date(),
        ),
      ),
    ).rejects.toBeInstanceOf(StaleAttempt);
    // …nor may it fail the report.
    expect(await markFailed(t.db, id, first!.attempts, 'timed out')).toBe(false);
    const row = await t.db
      .selectFrom('reports')
      .select(['status', 'summary', 'attempts', 'error_message'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', attempts: 2, error_message: null });
    expect(row.summary).not.toBe('stale');
    expect(await values(id)).toEqual(kept);
  });

  it('two workers running one report at once: one completes, the other is skipped', async () => {
    for (const round of [1, 2, 3]) {
      const id = await upload(`race-${round}`);
      const outcomes = await Promise.all([
        runAnalysis(t.deps, id, { isLast: false }),
        runAnalysis(t.deps, id, { isLast: false }),
      ]);
      expect(outcomes.sort()).toEqual(['completed', 'skipped']);
      expect((await values(id)).map((v) => v.position)).toEqual([0, 1, 2]);
    }
  });

  it('the database refuses a second set of values for a report', async () => {
    const id = await upload('constraint');
    expect(await runAnalysis(t.deps, id, { isLast: false })).toBe('completed');
    const err = await t.db
      .insertInto('report_values')
      .values({
        report_id: id,
        position: 0,
        canonical_id: 'hemoglobin',
        name: 'Hb',
        value_numeric: 1,
        unit: 'g/dL',
        ref_text: '',
        flag: 'low',
      })
      .execute()
      .catch((e: unknown) => e as { code?: string });
    expect(err).toMatchObject({ code: '23505' });
  });
});

/** A worker process (ROLE=worker) of the real product, in its own process group. */
function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  cleanups.push(async () => killGroup(child, 'SIGKILL'));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${out}`)), 120_000);
    const seen = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-4000);
      if (out.includes('worker is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

async function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((r) => child.once('exit', r));
}

describe('kill -9 of a worker process in the middle of an analysis', () => {
  it('every report ends with exactly one result and one set of values', async () => {
    const db = await createMigratedDatabase();
    cleanups.push(() => db.drop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-analysis-once-'));
    await chmod(dataDir, 0o755);
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = (role: string) =>
      productEnv({
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        ROLE: role,
        WORKER_CONCURRENCY: '2',
        // The killed worker's job expires after this and runs again (pg-boss looks every 30 s).
        ANALYSIS_TIMEOUT_SECONDS: '20',
      });
    // The API alone first: every upload waits in the queue until a worker starts.
    const api = await startProduct(env('api'));
    cleanups.push(() => api.stop());
    const c = new Client(`${api.base}/api/v1`);
    await registerAndLogin(c);
    // A long report (its analysis takes a second or more: the kill lands inside it), then short ones.
    const lines: string[] = [];
    for (let i = 0; i < 4000; i++)
      lines.push(
        `Hemoglobin ${(11 + (i % 50) / 10).toFixed(1)} g/dL 13.0 - 17.0`,
        `Glucose ${80 + (i % 60)} mg/dL 70 - 100`,
      );
    const files = [
      { name: 'long.txt', bytes: Buffer.from(`Sample long\n${lines.join('\n')}\n`) },
      ...[0, 1, 2, 3, 4, 5].map((i) => ({ name: `lab${i}.txt`, bytes: Buffer.from(labText(`kill-${i}`)) })),
    ];
    const ids: number[] = [];
    for (const f of files) {
      const res = await c.request('POST', '/reports/upload', fileForm(f.name, f.bytes, 'text/plain'));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const longId = ids[0];

    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    cleanups.push(() => sql.end());
    const processing = async () =>
      (
        await sql.query<{ id: number }>(
          "SELECT id FROM reports WHERE id = ANY($1) AND status = 'processing'",
          [ids],
        )
      ).rows.map((r) => r.id);

    // Worker A takes the long report's job first; kill -9 while it is being analysed.
    const a = await startWorkerProcess(env('worker'));
    const until = Date.now() + 120_000;
    while (!(await processing()).includes(longId)) {
      expect(Date.now()).toBeLessThan(until);
      await new Promise((r) => setTimeout(r, 20));
    }
    killGroup(a, 'SIGKILL');
    await waitForExit(a);
    // Dead with the analysis unfinished: nothing of it was stored.
    const cut = await processing();
    expect(cut).toContain(longId);
    expect((await sql.query('SELECT 1 FROM report_values WHERE report_id = ANY($1)', [cut])).rowCount).toBe(
      0,
    );

    // Two workers on the same queue: the restarted one and another.
    await startWorkerProcess(env('worker'));
    await startWorkerProcess(env('worker'));
    const settle = Date.now() + 150_000;
    let rows: Array<{
      id: number;
      status: string;
      error_message: string | null;
      attempts: number;
      values: string;
    }> = [];
    for (;;) {
      rows = (
        await sql.query<{
          id: number;
          status: string;
          error_message: string | null;
          attempts: number;
          values: string;
        }>(
          `SELECT r.id, r.status, r.error_message, r.attempts, (SELECT count(*) FROM report_values v WHERE v.report_id = r.id) AS values
             FROM reports r WHERE r.id = ANY($1) ORDER BY r.id`,
          [ids],
        )
      ).rows;
      if (rows.every((r) => r.status === 'completed' || r.status === 'failed') || Date.now() > settle) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(rows.map((r) => [r.status, r.error_message])).toEqual(ids.map(() => ['completed', null]));
    // The killed analysis ran again (a second claim) and kept one result.
    for (const id of cut) expect(rows.find((r) => r.id === id)!.attempts).toBeGreaterThanOrEqual(2);
    // Each report holds exactly the values one analysis of its bytes gives.
    for (const [i, f] of files.entries()) {
      const once = await analyzeDocument({ bytes: f.bytes, filename: f.name, language: 'en' });
      expect(Number(rows[i].values), f.name).toBe(once.values.length);
    }
    expect(await checkAnalysisIntegrity(sql, ids)).toEqual({ doubledReports: 0, doubledValues: 0 });
  }, 420_000);
});
