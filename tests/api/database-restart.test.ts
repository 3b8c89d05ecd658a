import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedServer } from '@reportsaathi/db';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../api/src/http/errors';
import { startProduct, type RunningProduct } from '../../scripts/lib/product-server';
import { fileForm } from './harness';
import { productEnv } from './product-env';

/**
 * Decision 094: PostgreSQL restarts under a running API. While it is down,
 * requests answer 503 with a clear message (never a 500, never a hang); once it is back on the
 * same address, the same process serves again without a restart. The database is a PostgreSQL of
 * this test's own (the run's shared server cannot be restarted).
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe('a database restart under a running API', () => {
  it('answers 503 while PostgreSQL is down and recovers by itself when it is back', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-pg-restart-'));
    await chmod(dir, 0o755);
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    let pg: EmbeddedServer = await startEmbeddedPostgres(dir);
    cleanups.push(() => pg.stop());
    const product: RunningProduct = await startProduct(productEnv({ DATABASE_URL: pg.url, ROLE: 'api' }));
    cleanups.push(() => product.stop());
    const api = `${product.base}/api/v1`;

    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const email = `restart${Date.now()}@example.com`;
    expect(
      (await fetch(`${api}/auth/register`, json({ email, password: 'secret123', full_name: 'Restart Test' })))
        .status,
    ).toBe(201);
    const { token } = (await (
      await fetch(`${api}/auth/login`, json({ email, password: 'secret123' }))
    ).json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const upload = () =>
      fetch(`${api}/reports/upload`, {
        method: 'POST',
        headers: auth,
        body: fileForm('lab.txt', 'Hemoglobin 13.5 g/dL 13.0 - 17.0\n', 'text/plain'),
      });
    expect((await upload()).status).toBe(201);

    await pg.stop();
    const down = await fetch(`${api}/reports`, { headers: auth, signal: AbortSignal.timeout(15_000) });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({ detail: DATABASE_UNAVAILABLE });
    const downUpload = await upload();
    expect(downUpload.status).toBe(503);
    const health = await fetch(`${api}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', database: 'error' });

    // Back on the same address: the same API process serves again, no restart.
    pg = await startEmbeddedPostgres(dir, { port: pg.port });
    let status = 0;
    for (let i = 0; i < 60 && status !== 200; i++) {
      status = (await fetch(`${api}/reports`, { headers: auth })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(200);
    expect((await upload()).status).toBe(201);
    const list = (await (await fetch(`${api}/reports`, { headers: auth })).json()) as
      { reports?: unknown[] } | unknown[];
    const reports = Array.isArray(list) ? list : (list.reports ?? []);
    // The upload accepted before the restart is there; the one refused while down is not.
    expect(reports).toHaveLength(2);
  }, 240_000);
});
