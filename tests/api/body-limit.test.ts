import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyLimitFor, boundRequestBody } from '../../api/src/http/body-limit';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Every surface bounds what it reads (decision 210): a chunked body (no Content-Length) past its
 * limit is answered 413 and the sender stopped, instead of being read to its end. Before, a
 * 256 MB chunked form to /logout was read whole (RSS 204 MB → 972 MB). The sender here offers
 * 64 MB; with the bound it gets the 413 after what the socket buffers hold and the server's
 * lingering moment drops (a few MB), and the
 * reader (Remix's request stream, express.json) never sees more than the limit.
 */
const OFFERED = 64 * 1024 * 1024;
/** What loopback socket buffers take before the server's answer stops the sender. */
const STOPPED_BEFORE = 24 * 1024 * 1024;

interface Sent {
  status: number;
  sent: number;
  body: string;
}

/** Posts `total` bytes chunked, stopping when the answer comes. */
function sendChunked(base: string, path: string, total: number, headers: Record<string, string> = {}) {
  return new Promise<Sent>((resolve) => {
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      headers: {
        'transfer-encoding': 'chunked',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
    });
    let sent = 0;
    let done = false;
    req.on('response', (res) => {
      done = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, sent, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, sent, body }));
    });
    req.on('error', () => {
      if (!done) resolve({ status: 0, sent, body: '' });
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (!done && sent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', write);
          return;
        }
      }
      if (!done) req.end();
    };
    write();
  });
}

describe('the page surfaces (the patient app reads bodies as Remix does)', () => {
  let server: http.Server;
  let base: string;
  const read: Record<string, number> = {};

  beforeAll(async () => {
    const app = express();
    app.use(boundRequestBody());
    // A Remix action: the request's body read as a web stream, as @remix-run/express hands it over.
    const action: express.RequestHandler = (req, res) => {
      const request = new Request(`http://x${req.originalUrl}`, {
        method: 'POST',
        body: Readable.toWeb(req) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      request.arrayBuffer().then(
        (b) => {
          read[req.path] = b.byteLength;
          res.redirect(303, '/');
        },
        () => undefined,
      );
    };
    app.post(['/logout', '/login', '/s/:token', '/upload', '/share-links/:id/revoke'], action);
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it.each(['/logout', '/login', '/s/abc123', '/upload', '/share-links/1/revoke'])(
    '%s: a chunked body past the limit is a 413, read no further',
    async (path) => {
      const res = await sendChunked(base, path, OFFERED);
      expect(res.status).toBe(413);
      expect(res.body).toMatch(/too large/);
      expect(res.sent).toBeLessThan(STOPPED_BEFORE + bodyLimitFor('POST', path));
      expect(read[path.replace('abc123', ':token')]).toBeUndefined();
    },
  );

  it('a body within the limit is read whole', async () => {
    const res = await sendChunked(base, '/login', 32 * 1024);
    expect(res.status).toBe(303);
    expect(read['/login']).toBe(32 * 1024);
  });

  it('a declared Content-Length past the limit is refused before any byte is read', async () => {
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a'.repeat(BODY_LIMITS.page + 1),
    });
    expect(res.status).toBe(413);
  });
});

describe('the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a chunked JSON body past 1 MB is a 413 {"detail"} and the sender is stopped', async () => {
    const res = await sendChunked(t.baseUrl, '/auth/login', OFFERED, { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).detail).toMatch(/too large/);
    expect(res.sent).toBeLessThan(STOPPED_BEFORE);
  });

  it('a chunked upload past the largest allowed upload is a 413 and the sender is stopped', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const res = await sendChunked(t.baseUrl, '/reports/upload', BODY_LIMITS.apiUpload + OFFERED, {
      'content-type': 'multipart/form-data; boundary=x',
      authorization: `Bearer ${me.token}`,
    });
    expect(res.status).toBe(413);
    expect(res.sent).toBeLessThan(BODY_LIMITS.apiUpload + STOPPED_BEFORE);
  });
});
