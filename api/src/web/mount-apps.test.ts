import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountBackoffice } from './mount-apps';

/**
 * The back office under /admin answers with the same security headers as the other surfaces:
 * its pages (and the SPA fallback), its assets and the IP rules' 403 page. A stand-in build
 * (index.html and one asset) is served, so the test needs no `npm run build`.
 */
let dist: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rs-admin-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  const app = express();
  mountBackoffice(
    app,
    async (req) => {
      if (req.headers['x-blocked']) throw Object.assign(new Error('blocked'), { status: 403 });
    },
    dist,
  );
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('/admin security headers', () => {
  it.each([
    ['/admin', {}],
    ['/admin/users/12', {}],
    ['/admin/assets/index-abc.js', {}],
    ['/admin/login', { 'x-blocked': '1' }],
  ])('%s carries CSP, HSTS, nosniff and no framing', async (p, headers) => {
    const res = await fetch(base + p, { headers, redirect: 'manual' });
    expect([200, 403]).toContain(res.status);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });
});
