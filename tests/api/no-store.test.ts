import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noStoreByDefault } from '../../api/src/http/security-headers';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * No health or account data in shared caches (decision 213): every API answer and every page says
 * `Cache-Control: no-store` unless it set a policy of its own. Before, `GET /api/v1/reports/{id}`,
 * `GET /api/v1/auth/me`, `/analysis/{id}`, its print page and `/dashboard` sent none.
 */
describe('the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('account and report answers, errors included, are no-store', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const report = await t.db
      .insertInto('reports')
      .values({
        user_id: me.user.id,
        filename: 'k',
        original_filename: 'r.pdf',
        file_type: 'pdf',
        mime_type: 'application/pdf',
        file_size: 1000,
        content_hash: 'h-no-store',
        status: 'completed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const path of [
      '/auth/me',
      '/user/me',
      `/reports/${report.id}`,
      '/reports',
      '/user/dashboard-stats',
      '/reports/999999',
    ]) {
      const res = await c.get(path);
      expect(res.headers.get('cache-control'), `${path} (${res.status})`).toBe('no-store');
    }
  });
});

describe('the pages (the response layer the patient app is mounted behind)', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(noStoreByDefault());
    // As Remix sends a response: its headers appended to the Express response.
    app.get('/analysis/:id', (_req, res) => res.status(200).type('html').send('<p>Hb 11.1</p>'));
    app.get('/favicon.ico', (_req, res) => {
      res.append('Cache-Control', 'public, max-age=86400');
      res.send('icon');
    });
    app.get('/dashboard', (_req, res) => res.redirect('/login'));
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it('a page without a policy of its own is no-store; one with its own keeps it', async () => {
    expect((await fetch(`${base}/analysis/1`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/dashboard`, { redirect: 'manual' })).headers.get('cache-control')).toBe(
      'no-store',
    );
    expect((await fetch(`${base}/favicon.ico`)).headers.get('cache-control')).toBe('public, max-age=86400');
  });
});
