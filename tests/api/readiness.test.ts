import http from 'node:http';
import { rename, rm, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '../../scripts/lib/product-server';
import { productEnv } from './product-env';
import { Client, createMigratedDatabase, createTestApp, type TestApp } from './harness';

/** Readiness for a load balancer, and a drain on SIGTERM that lets uploads finish. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /health/ready', () => {
  it('ready when the database, the queue and storage answer; /health keeps its shape', async () => {
    const c = new Client(t.baseUrl);
    const ready = await c.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', queue: 'ok', storage: 'ok' },
      version: expect.any(String),
    });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const health = await c.get('/health');
    expect(Object.keys(health.body).sort()).toEqual(['database', 'status', 'uptime_seconds', 'version']);
  });

  it('storage that cannot take a file: 503 not_ready, naming storage only', async () => {
    const incoming = t.deps.storage.tempDir;
    await rename(incoming, `${incoming}.away`);
    await writeFile(incoming, 'a file where the folder should be');
    try {
      const res = await new Client(t.baseUrl).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'not_ready',
        checks: { database: 'ok', queue: 'ok', storage: 'error' },
      });
    } finally {
      await rm(incoming);
      await rename(`${incoming}.away`, incoming);
    }
    expect((await new Client(t.baseUrl).get('/health/ready')).status).toBe(200);
  });

  it('draining: 503 so the balancer stops sending, though everything answers', async () => {
    t.deps.lifecycle!.draining = true;
    try {
      const res = await new Client(t.baseUrl).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'draining',
        checks: { database: 'ok', queue: 'ok', storage: 'ok' },
      });
    } finally {
      t.deps.lifecycle!.draining = false;
    }
  });
});

describe('SIGTERM drain', () => {
  it('an upload in flight when SIGTERM arrives is finished and kept; the process then exits', async () => {
    const db = await createMigratedDatabase();
    const product = await startProduct(productEnv({ DATABASE_URL: db.url, ROLE: 'api' }));
    try {
      const api = `${product.base}/api/v1`;
      const email = `drain${Date.now()}@example.com`;
      await fetch(`${api}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret123', full_name: 'Drain Test' }),
      });
      const login = (await (
        await fetch(`${api}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'secret123' }),
        })
      ).json()) as { token: string };

      const boundary = 'drainboundary1234';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lab.txt"\r\nContent-Type: text/plain\r\n\r\n`;
      const tail = `Hemoglobin 13.5 g/dL 13.0 - 17.0\r\n--${boundary}--\r\n`;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${api}/reports/upload`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${login.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': Buffer.byteLength(head + tail),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.write(head);
        // The rest arrives after SIGTERM, like the end of a slow phone upload.
        setTimeout(() => req.end(tail), 1500);
      });
      await new Promise((r) => setTimeout(r, 300));
      const stopped = product.stop();
      const res = await answer;
      expect(res.status).toBe(201);
      const { report_id } = JSON.parse(res.body) as { report_id: number };
      await stopped;
      // After the exit, the accepted upload is there.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const row = await client.query('SELECT id, storage_key FROM reports WHERE id = $1', [report_id]);
        expect(row.rowCount).toBe(1);
      } finally {
        await client.end();
      }
      // And new connections are refused once it has gone.
      await expect(fetch(`${api}/health`)).rejects.toThrow();
    } finally {
      await product.stop();
      await db.drop();
    }
  }, 180_000);
});
