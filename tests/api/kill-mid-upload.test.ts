import { createHash } from 'node:crypto';
import http from 'node:http';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startProduct } from '../../scripts/lib/product-server';
import { createMigratedDatabase, fileForm } from './harness';
import { productEnv } from './product-env';

/**
 * Kill -9 the API in the middle of an upload. After a restart every upload that
 * was answered 201 is there with its file intact (checked against the hash taken at upload), the
 * one cut off left no report, and no report points at a half-written file (uploads are written to
 * a temporary file and renamed into place).
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe('kill -9 in the middle of an upload', () => {
  it('keeps every accepted upload whole and creates nothing for the one cut off', async () => {
    const db = await createMigratedDatabase();
    cleanups.push(() => db.drop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-kill-'));
    await chmod(dataDir, 0o755);
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = productEnv({ DATABASE_URL: db.url, DATA_DIR: dataDir, ROLE: 'api' });
    const first = await startProduct(env);
    cleanups.push(() => first.stop());
    const api = `${first.base}/api/v1`;
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const email = `kill${Date.now()}@example.com`;
    await fetch(`${api}/auth/register`, json({ email, password: 'secret123', full_name: 'Kill Test' }));
    const { token } = (await (
      await fetch(`${api}/auth/login`, json({ email, password: 'secret123' }))
    ).json()) as { token: string };

    const accepted: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${api}/reports/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: fileForm(`lab${i}.txt`, `Hemoglobin 1${i}.5 g/dL 13.0 - 17.0\n`, 'text/plain'),
      });
      expect(res.status).toBe(201);
      accepted.push(((await res.json()) as { id: number }).id);
    }

    // An upload whose body is still arriving when the process is killed.
    const boundary = 'killboundary5678';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n${'Glucose 99 mg/dL 70 - 100\n'.repeat(2000)}`;
    const cut = new Promise<string>((resolve) => {
      const req = http.request(`${api}/reports/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length * 2,
        },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (err) => resolve(`cut: ${err.message}`));
      req.write(head);
    });
    await new Promise((r) => setTimeout(r, 500));
    // SIGKILL to the whole process group: no shutdown handler runs.
    process.kill(-first.pid, 'SIGKILL');
    expect(await cut).toMatch(/^cut:/);

    const second = await startProduct(env);
    cleanups.push(() => second.stop());
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const rows = await client.query<{ id: number; storage_key: string; content_hash: string }>(
        'SELECT id, storage_key, content_hash FROM reports ORDER BY id',
      );
      expect(rows.rows.map((r) => r.id)).toEqual(accepted);
      for (const r of rows.rows) {
        const bytes = await readFile(path.join(dataDir, 'uploads', r.storage_key.slice(0, 2), r.storage_key));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(r.content_hash);
      }
    } finally {
      await client.end();
    }
    // And the restarted process serves them.
    const list = await fetch(`${second.base}/api/v1/reports`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
  }, 240_000);
});
