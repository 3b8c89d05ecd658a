import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_UNICODE } from '../../api/src/http/nul-bytes';
import { ROUTES } from '../../api/src/routes';
import { seedChat, seedReport, signedInAdmin } from './admin-helpers';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Text that is not valid Unicode (a lone UTF-16 surrogate, "\ud800" in JSON) is refused with a
 * 400 on every route, before any handler: it reached PostgreSQL's jsonb (security events, audit
 * details) and came back as a 500 from the admin sign-in and a chat flag.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The raw JSON text, so the lone surrogate reaches the server as the escape a client would send. */
const LONE = '"\\ud800"';

describe('lone surrogates', () => {
  it('the admin sign-in with "\\ud800" as the user name: 400, not 500', async () => {
    const res = await new Client(t.baseUrl).post('/admin/login', `{"username":${LONE},"password":"x"}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(INVALID_UNICODE);
    const low = await new Client(t.baseUrl).post('/auth/login', '{"email":"a\\udc00@b.in","password":"x"}');
    expect(low.status).toBe(400);
  });

  it('a chat flag reason with a lone surrogate: 400, and a valid one still works', async () => {
    const { c: admin } = await signedInAdmin(t, 'admin');
    const user = new Client(t.baseUrl);
    const { user: u } = await registerAndLogin(user);
    const report = await seedReport(t, u.id);
    const chat = await seedChat(t, u.id, report.id);
    const path = `/admin/data/chats/${chat.id}/flag`;
    const bad = await admin.post(path, `{"reason":${LONE}}`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(INVALID_UNICODE);
    expect((await admin.post(path, { reason: 'Wrong advice 🙂' })).status).toBeLessThan(300);
  });

  it('every route that takes a body refuses it in any field, as 400 with the reason', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const r of ROUTES.filter((x) => x.method !== 'get')) {
      const path = r.path.replace(/:sid\b/, '00000000-0000-4000-8000-000000000000').replace(/:\w+/g, '1');
      for (const body of [`{"text":${LONE}}`, `{${LONE}:1}`, `{"list":[{"deep":${LONE}}]}`]) {
        tried++;
        const res = await new Client(t.baseUrl).request(r.method.toUpperCase(), path, body);
        if (res.status !== 400 || res.body.detail !== INVALID_UNICODE)
          failures.push(`${r.method} ${r.path} → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
