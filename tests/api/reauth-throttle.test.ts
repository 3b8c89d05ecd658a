import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Every password check is throttled like sign-in (decision 211). Before, a stolen session could
 * guess the account's password without limit on each re-authentication (100 guesses in 7 s,
 * then the right one answered 200). Now five wrong passwords from one address stop that address
 * for the account: the sixth try is a 429 with Retry-After even with the right password, and a
 * wrong current password counts toward sign-in too. And each account has a budget of calls that
 * hash (password checks, share links) so one account cannot starve the others.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // An e-mail change also spends the mail budget (5 an hour, decision 230), which alone would
  // answer the sixth change 429: off here, so the 429 below is the password throttle's.
  await t.db
    .updateTable('system_settings')
    .set({ value: '0' })
    .where('key', '=', 'rate_limit_account_mail_per_hour')
    .execute();
  invalidateSettingsCache(t.db);
});
afterAll(async () => {
  await t?.close();
});

let seq = 1;
/** A patient signed in from an address of their own (the app trusts X-Forwarded-For from loopback). */
async function patient() {
  const c = new Client(t.baseUrl);
  const ip = `198.51.100.${seq++}`;
  const me = await registerAndLogin(c);
  const send = (method: string, path: string, body?: unknown) =>
    c.request(method, path, body, { 'x-forwarded-for': ip });
  return { c, me, ip, send };
}

type Patient = Awaited<ReturnType<typeof patient>>;

/** Each re-authentication of a patient, with the password to try. */
const REAUTH: Record<string, (p: Patient, password: string) => ReturnType<Patient['send']>> = {
  'POST /user/change-password': (p, password) =>
    p.send('POST', '/user/change-password', { current_password: password, new_password: 'brand-new-9876' }),
  'PUT /user/profile (e-mail change)': (p, password) =>
    p.send('PUT', '/user/profile', {
      full_name: 'Test User',
      email: `moved${seq}@example.com`,
      current_password: password,
    }),
  'DELETE /user/account/permanent': (p, password) =>
    p.send('DELETE', '/user/account/permanent', { password, confirmation: true }),
  'POST /security/2fa/disable': (p, password) => p.send('POST', '/security/2fa/disable', { password }),
  'POST /security/2fa/enable': (p, password) =>
    p.send('POST', '/security/2fa/enable', { token: '123456', password }),
};

describe('re-authentication is throttled like sign-in', () => {
  it.each(Object.keys(REAUTH))('%s: the sixth guess is a 429, even the right password', async (name) => {
    const p = await patient();
    if (name.includes('2fa')) expect((await p.send('POST', '/security/2fa/setup')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await REAUTH[name](p, `guess-${i}-xyz`);
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    }
    const right = await REAUTH[name](p, p.me.password);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    // Still signed in, still the same account: nothing the right password would have done happened.
    const me = await p.c.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(p.me.email);
    // And sign-in from that address is throttled too: the guesses counted as failed sign-ins.
    const signIn = await p.c.request(
      'POST',
      '/auth/login',
      { email: p.me.email, password: p.me.password },
      { 'x-forwarded-for': p.ip },
    );
    expect(signIn.status).toBe(429);
  });

  it('the owner elsewhere still signs in and changes the password', async () => {
    const p = await patient();
    for (let i = 0; i < 6; i++) await REAUTH['POST /user/change-password'](p, `guess-${i}-xyz`);
    const home = new Client(t.baseUrl);
    const login = await home.request(
      'POST',
      '/auth/login',
      { email: p.me.email, password: p.me.password },
      { 'x-forwarded-for': '192.0.2.77' },
    );
    expect(login.status).toBe(200);
  });

  it('staff: POST /security/admin/change-password, the sixth guess is a 429', async () => {
    await createAdmin(t.db, { username: 'reauth-admin', password: 'adminpass123', role: 'admin' });
    const c = new Client(t.baseUrl);
    const ip = '198.51.100.250';
    const login = await c.request(
      'POST',
      '/admin/login',
      { username: 'reauth-admin', password: 'adminpass123' },
      { 'x-forwarded-for': ip },
    );
    expect(login.status).toBe(200);
    c.bearer = login.body.access_token;
    const change = (current: string) =>
      c.request(
        'POST',
        '/security/admin/change-password',
        { current_password: current, new_password: 'another-pass-456' },
        { 'x-forwarded-for': ip },
      );
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}-xyz`)).status).toBe(400);
    expect((await change('adminpass123')).status).toBe(429);
  });
});

describe('a budget of costly calls per account', () => {
  it('password checks past the per-minute budget are refused before hashing', async () => {
    await t.db
      .updateTable('system_settings')
      .set({ value: '3' })
      .where('key', '=', 'rate_limit_password_check_per_minute')
      .execute();
    invalidateSettingsCache(t.db);
    try {
      const p = await patient();
      // Right passwords (no throttle failure): the budget alone stops the fourth.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await p.send('PUT', '/user/profile', { full_name: `Name ${i}`, email: p.me.email })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.db
        .updateTable('system_settings')
        .set({ value: '10' })
        .where('key', '=', 'rate_limit_password_check_per_minute')
        .execute();
      invalidateSettingsCache(t.db);
    }
  });

  it('exports and downloads past the hourly budget are refused, for that account only', async () => {
    await t.db
      .updateTable('system_settings')
      .set({ value: '3' })
      .where('key', '=', 'rate_limit_export_per_hour')
      .execute();
    invalidateSettingsCache(t.db);
    try {
      const p = await patient();
      // One budget over every export route: a FHIR bundle and the chats' file count together.
      const statuses = [
        (await p.send('GET', '/user/export/chats')).status,
        (await p.send('GET', '/user/export/fhir')).status,
        (await p.send('GET', '/user/export/chats')).status,
        (await p.send('GET', '/user/export/fhir')).status,
      ];
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Another patient is not starved by it.
      const other = await patient();
      expect((await other.send('GET', '/user/export/chats')).status).toBe(200);
    } finally {
      await t.db
        .updateTable('system_settings')
        .set({ value: '30' })
        .where('key', '=', 'rate_limit_export_per_hour')
        .execute();
      invalidateSettingsCache(t.db);
    }
  });

  it('share links past the hourly budget are refused', async () => {
    const p = await patient();
    const r = await t.db
      .insertInto('reports')
      .values({
        user_id: p.me.user.id,
        filename: 'k',
        original_filename: 'r.pdf',
        file_type: 'pdf',
        mime_type: 'application/pdf',
        file_size: 1000,
        content_hash: `h-budget-${p.me.user.id}`,
        status: 'completed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await p.send('POST', `/reports/${r.id}/share-links`, {})).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
