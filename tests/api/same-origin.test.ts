import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginMutations } from '../../api/src/http/same-origin';

/**
 * One CSRF rule for every page and resource route that changes something (decision 214). Before,
 * a post from `Origin: https://evil.example` (or a sibling subdomain, which SameSite=Lax lets
 * through) to `/share-links/{id}/revoke` revoked the link and to `/logout` ended the session; page
 * actions were refused with an empty 500. The rule stands in front of the patient app, as
 * api/src/web/mount-apps.ts mounts it; the class probes check the built product.
 */
let server: http.Server;
let base: string;
const done: string[] = [];

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(sameOriginMutations());
  app.all(['/logout', '/share-links/:id/revoke', '/login'], (req, res) => {
    done.push(`${req.method} ${req.path}`);
    res.redirect(303, '/');
  });
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

const post = (path: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'to=/login',
    redirect: 'manual',
  });

describe('cross-site posts are refused with a 403 that says why', () => {
  it.each([
    ['/share-links/7/revoke', { origin: 'https://evil.example' }],
    ['/logout', { origin: 'https://evil.example' }],
    ['/logout', { origin: 'null' }],
    ['/login', { referer: 'https://evil.example/page' }],
    // A sibling subdomain: same site for SameSite=Lax, another origin here.
    ['/logout', { origin: 'http://evil.127.0.0.1.nip.io' }],
  ])('%s from %j', async (path, headers) => {
    done.length = 0;
    const res = await post(path, headers);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/sent from another site/);
    expect(done).toEqual([]);
  });

  it('a post from this site, or without Origin and Referer (a server calling), is carried out', async () => {
    done.length = 0;
    expect((await post('/share-links/7/revoke', { origin: base })).status).toBe(303);
    expect((await post('/logout', { referer: `${base}/user/security` })).status).toBe(303);
    expect((await post('/logout', {})).status).toBe(303);
    expect(done).toEqual(['POST /share-links/7/revoke', 'POST /logout', 'POST /logout']);
  });

  it('behind a trusted proxy, the forwarded host is this site', async () => {
    const res = await post('/logout', {
      origin: 'https://reportsaathi.in',
      'x-forwarded-host': 'reportsaathi.in',
    });
    expect(res.status).toBe(303);
  });

  it('a GET changes nothing and is not checked', async () => {
    const res = await fetch(`${base}/logout`, {
      headers: { origin: 'https://evil.example' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
  });
});
