import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('reports the database state', async () => {
    const res = await new Client(t.baseUrl).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('error envelope', () => {
  it('answers malformed JSON with 400 and a detail, no stack trace', async () => {
    const res = await new Client(t.baseUrl).request(
      'POST',
      '/auth/login',
      '{"email": "a@b.co", "password": ',
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Malformed JSON in request body' });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await new Client(t.baseUrl).get('/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/No route for GET/);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers oversized bodies with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await new Client(t.baseUrl).request('POST', '/auth/login', big);
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/^Request body is too large/);
  });

  it('answers a non-object JSON body with per-field 400s', async () => {
    const res = await new Client(t.baseUrl).request('POST', '/auth/register', '[1,2,3]');
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('sets security headers', async () => {
    const res = await new Client(t.baseUrl).get('/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
