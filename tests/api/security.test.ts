import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_REQUIRED } from '@reportsaathi/contracts';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Account security over HTTP against a real database: two-factor sign-in for patients and
 * staff, sessions, IP rules, lockout, rate limits and the security record each leaves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.db, { username: 'sec-super', password: 'adminpass123', role: 'super_admin' });
  await createAdmin(t.db, { username: 'sec-viewer', password: 'adminpass123', role: 'viewer' });
  await createAdmin(t.db, { username: 'sec-admin', password: 'adminpass123', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const code = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: now() + offsetSeconds });

async function events(type: string) {
  return t.db.selectFrom('security_events').selectAll().where('event_type', '=', type).execute();
}
async function setSetting(key: string, value: string) {
  await t.db.updateTable('system_settings').set({ value }).where('key', '=', key).execute();
  // Written behind the API's back: drop the settings cache as a save through the API does.
  invalidateSettingsCache(t.db);
}
async function adminClient(username: string, ip?: string) {
  const c = new Client(t.baseUrl);
  const headers: Record<string, string> = ip ? { 'x-forwarded-for': ip } : {};
  const res = await c.post('/admin/login', { username, password: 'adminpass123' }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  c.bearer = res.body.access_token;
  return c;
}

describe('two-factor sign-in for patients', () => {
  it('sets up, refuses bad codes, enables with recovery codes, then asks for a code at sign-in', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    expect((await c.get('/security/2fa/status')).body).toMatchObject({
      enabled: false,
      pending_setup: false,
    });

    // Enable before setup: refused and recorded.
    const early = await c.post('/security/2fa/enable', { token: '123456', password: me.password });
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('Set up two-factor authentication first');
    expect((await events('two_factor_enable_failed')).some((e) => e.user_id === me.user.id)).toBe(true);

    const setup = await c.post('/security/2fa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauth_uri).toContain('issuer=ReportSaathi');
    expect(setup.body.qr_code).toMatch(/^data:image\/png;base64,/);
    const secret: string = setup.body.secret;
    expect((await c.get('/security/2fa/status')).body).toMatchObject({ enabled: false, pending_setup: true });

    const wrong = await c.post('/security/2fa/enable', {
      token: (Number(await code(secret)) ^ 1).toString().padStart(6, '0'),
      password: me.password,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Invalid two-factor code');
    const far = await c.post('/security/2fa/enable', {
      token: await code(secret, -600),
      password: me.password,
    });
    expect(far.status).toBe(400);
    expect(far.body.detail).toBe('Invalid two-factor code');
    const malformed = await c.post('/security/2fa/enable', { token: 'abc', password: me.password });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBeTruthy();

    const enableCode = await code(secret);
    const on = await c.post('/security/2fa/enable', { token: enableCode, password: me.password });
    expect(on.status).toBe(200);
    expect(on.body.recovery_codes).toHaveLength(10);
    const recovery: string[] = on.body.recovery_codes;
    // Stored hashed, never as given.
    const row = await t.db
      .selectFrom('two_factor_secrets')
      .selectAll()
      .where('user_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(true);
    expect(JSON.stringify(row.backup_codes)).not.toContain(recovery[0]);
    expect((await c.post('/security/2fa/setup')).status).toBe(409);
    expect((await c.get('/security/2fa/status')).body).toMatchObject({
      enabled: true,
      recovery_codes_remaining: 10,
    });

    // Sign-in now answers a challenge, not a session.
    const anon = new Client(t.baseUrl);
    const first = await anon.post('/auth/login', { email: me.email, password: me.password });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ two_factor_required: true });
    expect(first.body.token).toBeUndefined();
    expect(anon.cookies.has('token')).toBe(false);

    // The code that enabled 2FA cannot be used again.
    const replay = await anon.post('/auth/login/2fa', { challenge: first.body.challenge, code: enableCode });
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toMatch(/already been used/);
    expect((await events('two_factor_code_reused')).length).toBeGreaterThan(0);

    const wrongStep = await anon.post('/auth/login/2fa', {
      challenge: first.body.challenge,
      code: await code(secret, -900),
    });
    expect(wrongStep.status).toBe(401);
    expect(wrongStep.body.detail).toBe('Invalid two-factor code');

    const nextCode = await code(secret, 30);
    const done = await anon.post('/auth/login/2fa', { challenge: first.body.challenge, code: nextCode });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.token).toBeTruthy();
    expect(anon.cookies.has('token')).toBe(true);
    // A used challenge is gone.
    expect(
      (await anon.post('/auth/login/2fa', { challenge: first.body.challenge, code: nextCode })).status,
    ).toBe(401);

    // A second sign-in with the same code: refused as a replay.
    const again = await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password });
    const replay2 = await new Client(t.baseUrl).post('/auth/login/2fa', {
      challenge: again.body.challenge,
      code: nextCode,
    });
    expect(replay2.status).toBe(401);

    // A recovery code works once.
    const viaRecovery = await new Client(t.baseUrl).post('/auth/login/2fa', {
      challenge: again.body.challenge,
      recovery_code: recovery[0].toUpperCase(),
    });
    expect(viaRecovery.status).toBe(200);
    const third = await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password });
    const reusedRecovery = await new Client(t.baseUrl).post('/auth/login/2fa', {
      challenge: third.body.challenge,
      recovery_code: recovery[0],
    });
    expect(reusedRecovery.status).toBe(401);
    expect((await c.get('/security/2fa/status')).body.recovery_codes_remaining).toBe(9);
    expect((await events('recovery_code_used')).some((e) => e.user_id === me.user.id)).toBe(true);

    const unknown = await new Client(t.baseUrl).post('/auth/login/2fa', {
      challenge: 'nope',
      code: '123456',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toMatch(/sign in again/);

    // Turning it off needs the password.
    expect((await c.post('/security/2fa/disable', {})).status).toBe(400);
    const badPw = await c.post('/security/2fa/disable', { password: 'not-my-password' });
    expect(badPw.status).toBe(400);
    expect(badPw.body.detail).toBe('Incorrect password');
    // That wrong password was this address's fifth failure (with the 2FA codes above): re-auth is
    // throttled with sign-in (decision 211), so even the right password waits out the window.
    expect((await c.post('/security/2fa/disable', { password: me.password })).status).toBe(429);
    await t.db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('identifier', '=', me.user.email)
      .execute();
    expect((await c.post('/security/2fa/disable', { password: me.password })).status).toBe(200);
    const plain = await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password });
    expect(plain.body.token).toBeTruthy();
    expect((await events('two_factor_disabled')).some((e) => e.user_id === me.user.id)).toBe(true);
  });
});

describe('sessions', () => {
  it('lists devices, marks the current one, revokes one or all others, and refuses other people’s', async () => {
    const email = `sess${Date.now()}@example.com`;
    const phone = new Client(t.baseUrl);
    await registerAndLogin(phone, email);
    const android =
      'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
    const laptop = new Client(t.baseUrl);
    const l = await laptop.request(
      'POST',
      '/auth/login',
      { email, password: 'secret123' },
      { 'user-agent': android },
    );
    laptop.bearer = l.body.token;
    const third = new Client(t.baseUrl);
    third.bearer = (await third.post('/auth/login', { email, password: 'secret123' })).body.token;

    const list = await laptop.get('/security/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(3);
    const current = list.body.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].device).toMatch(/Chrome 120 on Android 13 \(Samsung SM-A536E\)/);
    expect(current[0].ip_address).toBeTruthy();

    // Another person cannot end these sessions: 404, recorded.
    const stranger = new Client(t.baseUrl);
    await registerAndLogin(stranger);
    const theirs = list.body.sessions.find((s: { current: boolean }) => !s.current).id;
    const refused = await stranger.delete(`/security/sessions/${theirs}`);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('Session not found');
    expect((await events('session_revoke_refused')).length).toBeGreaterThan(0);
    expect((await stranger.delete('/security/sessions/not-a-uuid')).status).toBe(404);

    // Ending the phone's session from the laptop signs the phone out.
    const phoneSession = list.body.sessions.find(
      (s: { current: boolean; id: string }) => !s.current && s.id === theirs,
    ).id;
    expect((await laptop.delete(`/security/sessions/${phoneSession}`)).status).toBe(200);
    const phoneOrThird = [phone, third];
    const statuses = await Promise.all(phoneOrThird.map((c) => c.get('/auth/me').then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);

    const all = await laptop.delete('/security/sessions');
    expect(all.status).toBe(200);
    expect(all.body.revoked).toBe(1);
    expect((await third.get('/auth/me')).status).toBe(401);
    expect((await phone.get('/auth/me')).status).toBe(401);
    expect((await laptop.get('/auth/me')).status).toBe(200);
    expect((await laptop.get('/security/sessions')).body.sessions).toHaveLength(1);
  });
});

describe('two-factor sign-in for staff', () => {
  it('admin sets up 2FA on /security/admin and then signs in with a code on /admin/login/2fa', async () => {
    await createAdmin(t.db, { username: 'sec-2fa', password: 'adminpass123', role: 'moderator' });
    const c = await adminClient('sec-2fa');
    const setup = await c.post('/security/admin/2fa/setup');
    expect(setup.status).toBe(200);
    expect(
      (
        await c.post('/security/admin/2fa/enable', {
          token: await code(setup.body.secret),
          password: 'adminpass123',
        })
      ).status,
    ).toBe(200);
    const status = await c.get('/security/admin/2fa/status');
    expect(status.body).toMatchObject({ enabled: true, required: false });

    const anon = new Client(t.baseUrl);
    const first = await anon.post('/admin/login', { username: 'sec-2fa', password: 'adminpass123' });
    expect(first.body).toMatchObject({ two_factor_required: true });
    expect(first.body.access_token).toBeUndefined();
    const bad = await anon.post('/admin/login/2fa', { challenge: first.body.challenge, code: '000000' });
    expect(bad.status).toBe(401);
    const ok = await anon.post('/admin/login/2fa', {
      challenge: first.body.challenge,
      code: await code(setup.body.secret, 30),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    const sessions = (await c.get('/security/admin/sessions')).body.sessions;
    expect(sessions.length).toBe(2);
    const other = sessions.find((x: { current: boolean }) => !x.current);
    const second = new Client(t.baseUrl);
    second.bearer = ok.body.access_token;
    expect((await second.get('/admin/me')).status).toBe(200);
    expect((await c.delete(`/security/admin/sessions/${other.id}`)).status).toBe(200);
    expect((await second.get('/admin/me')).status).toBe(401);
    expect((await c.delete('/security/admin/sessions')).body.revoked).toBe(0);

    // A code alone no longer turns it off (the password is asked again), then sign-in is one step again.
    const off = await c.post('/security/admin/2fa/disable', { token: await code(setup.body.secret, -30) });
    expect(off.status, JSON.stringify(off.body)).toBe(400);
    expect((await c.post('/security/admin/2fa/disable', { password: 'adminpass123' })).status).toBe(200);
    const plain = await new Client(t.baseUrl).post('/admin/login', {
      username: 'sec-2fa',
      password: 'adminpass123',
    });
    expect(plain.body.access_token).toBeTruthy();
  });

  it('with 2FA required, an admin without it gets a 403 with a setup code until set up', async () => {
    const c = await adminClient('sec-admin');
    await setSetting('require_2fa_for_admins', 'true');
    try {
      const refused = await c.get('/admin/stats');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(TWO_FACTOR_SETUP_REQUIRED);
      expect(refused.body.detail).toMatch(/Two-factor authentication is required/);
      expect((await c.get('/admin/me')).status).toBe(200);
      expect((await c.get('/security/admin/2fa/status')).body.required).toBe(true);
      const setup = await c.post('/security/admin/2fa/setup');
      expect(setup.status).toBe(200);
      expect(
        (
          await c.post('/security/admin/2fa/enable', {
            token: await code(setup.body.secret),
            password: 'adminpass123',
          })
        ).status,
      ).toBe(200);
      expect((await c.get('/admin/stats')).status).toBe(200);
    } finally {
      await setSetting('require_2fa_for_admins', 'false');
    }
  });
});

describe('IP rules for the admin surface', () => {
  it('refuses invalid ranges and self-lockout, enforces allow and block rules, IPv4 and IPv6', async () => {
    const ip = '10.20.30.40';
    const c = await adminClient('sec-super', ip);
    const headers = { 'x-forwarded-for': ip };
    const post = (body: unknown) => c.post('/security/admin/ip-restrictions', body, headers);

    for (const bad of ['300.1.1.1/8', '10.0.0.0/33', 'not-an-ip', '::g/64']) {
      const r = await post({ ip_cidr: bad, kind: 'block' });
      expect([bad, r.status]).toEqual([bad, 400]);
      expect(r.body.detail).toBe('Invalid IP address or CIDR range');
    }
    expect((await events('ip_rule_refused')).length).toBeGreaterThanOrEqual(4);

    // A block on my own range, or an allow list without me: 409, nothing stored.
    const selfBlock = await post({ ip_cidr: '10.20.0.0/16', kind: 'deny' });
    expect(selfBlock.status).toBe(409);
    expect(selfBlock.body.detail).toMatch(/would block your own IP address \(10\.20\.30\.40\)/);
    expect((await post({ ip_cidr: '192.168.0.0/16', kind: 'allow' })).status).toBe(409);
    expect(await t.db.selectFrom('ip_restrictions').selectAll().execute()).toHaveLength(0);

    const mine = await post({ ip_cidr: '10.20.30.40', kind: 'allow', description: 'office' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({
      ip_cidr: '10.20.30.40/32',
      kind: 'allow',
      created_by_username: 'sec-super',
    });
    const v6 = await post({ ip_cidr: '2001:db8::1/48', kind: 'allow' });
    expect(v6.status).toBe(201);
    expect(v6.body.ip_cidr).toBe('2001:db8::/48');
    const blockOther = await post({ ip_cidr: '172.16.0.0/12', kind: 'block' });
    expect(blockOther.status).toBe(201);

    // Enforced: an address outside the allow list cannot even sign in; IPv6 inside it can.
    const outsider = new Client(t.baseUrl);
    const out = await outsider.post(
      '/admin/login',
      { username: 'sec-super', password: 'adminpass123' },
      { 'x-forwarded-for': '192.0.2.7' },
    );
    expect(out.status).toBe(403);
    expect(out.body.detail).toBe('Access from your IP address is not allowed');
    const blocked = await new Client(t.baseUrl).post(
      '/admin/login',
      { username: 'sec-super', password: 'adminpass123' },
      { 'x-forwarded-for': '172.16.5.5' },
    );
    expect(blocked.status).toBe(403);
    const fromV6 = await new Client(t.baseUrl).post(
      '/admin/login',
      { username: 'sec-viewer', password: 'adminpass123' },
      { 'x-forwarded-for': '2001:db8:0:1::5' },
    );
    expect(fromV6.status).toBe(200);
    // A valid admin token used from elsewhere is refused too.
    expect((await c.request('GET', '/admin/me', undefined, { 'x-forwarded-for': '192.0.2.7' })).status).toBe(
      403,
    );
    expect((await events('ip_blocked')).length).toBeGreaterThanOrEqual(3);
    // Patients are not affected.
    const patient = new Client(t.baseUrl);
    await registerAndLogin(patient);
    expect(
      (await patient.request('GET', '/auth/me', undefined, { 'x-forwarded-for': '192.0.2.7' })).status,
    ).toBe(200);

    expect(
      (await c.request('GET', `/security/admin/ip-restrictions/${mine.body.id}`, undefined, headers)).body.id,
    ).toBe(mine.body.id);
    const list = await c.request('GET', '/security/admin/ip-restrictions', undefined, headers);
    expect(list.body.total).toBe(3);
    // Removing my own allow rule while another allow rule stays would lock me out.
    const del = await c.request(
      'DELETE',
      `/security/admin/ip-restrictions/${mine.body.id}`,
      undefined,
      headers,
    );
    expect(del.status).toBe(409);
    expect(
      (await c.request('DELETE', `/security/admin/ip-restrictions/${v6.body.id}`, undefined, headers)).status,
    ).toBe(200);
    expect(
      (await c.request('DELETE', `/security/admin/ip-restrictions/${mine.body.id}`, undefined, headers))
        .status,
    ).toBe(200);
    expect(
      (await c.request('DELETE', `/security/admin/ip-restrictions/${blockOther.body.id}`, undefined, headers))
        .status,
    ).toBe(200);
    expect(
      (await c.request('GET', '/security/admin/ip-restrictions/999999', undefined, headers)).status,
    ).toBe(404);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'success'])
      .where('resource_type', '=', 'ip_restriction')
      .execute();
    expect(audit.filter((a) => a.action === 'create_ip_restriction' && a.success === 'success')).toHaveLength(
      3,
    );
  });
});

describe('editing IP rules', () => {
  it('changes range, kind, note, active and expiry, with the self-lockout safeguard, audited', async () => {
    const ip = '10.70.1.5';
    const c = await adminClient('sec-super', ip);
    const headers = { 'x-forwarded-for': ip };
    const patch = (id: number, body: unknown) =>
      c.request('PATCH', `/security/admin/ip-restrictions/${id}`, body, headers);
    const office = await c.post(
      '/security/admin/ip-restrictions',
      { ip_cidr: '10.70.0.0/16', kind: 'allow', description: 'office' },
      headers,
    );
    expect(office.status).toBe(201);
    const other = await c.post(
      '/security/admin/ip-restrictions',
      { ip_cidr: '198.51.100.0/24', kind: 'block' },
      headers,
    );
    expect(other.status).toBe(201);
    const login = (from: string) =>
      new Client(t.baseUrl).post(
        '/admin/login',
        { username: 'sec-admin', password: 'adminpass123' },
        {
          'x-forwarded-for': from,
        },
      );

    // Bad edits: 400 with a detail, nothing changed.
    expect((await patch(office.body.id, {})).body.detail).toBe('Nothing to update');
    const badCidr = await patch(office.body.id, { ip_cidr: '10.0.0.0/40' });
    expect([badCidr.status, badCidr.body.detail]).toEqual([400, 'Invalid IP address or CIDR range']);
    expect((await patch(office.body.id, { kind: 'maybe' })).status).toBe(400);
    expect((await patch(office.body.id, { is_active: 'yes' })).status).toBe(400);
    const past = await patch(office.body.id, { expires_at: '2020-01-01T00:00:00Z' });
    expect([past.status, past.body.detail]).toEqual([400, 'expires_at must be in the future']);
    expect((await patch(999_999, { description: 'x' })).status).toBe(404);

    // Edits that would shut me out: narrowing my allow rule, switching it off while the block
    // stays harmless but another allow rule exists, turning the block onto my range: 409.
    const extraAllow = await c.post(
      '/security/admin/ip-restrictions',
      { ip_cidr: '203.0.113.0/24', kind: 'allow' },
      headers,
    );
    expect(extraAllow.status).toBe(201);
    for (const [id, body] of [
      [office.body.id, { ip_cidr: '10.71.0.0/16' }],
      [office.body.id, { is_active: false }],
      [office.body.id, { kind: 'block' }],
      [other.body.id, { ip_cidr: '10.70.1.0/24' }],
    ] as const) {
      const r = await patch(id, body);
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 409]);
      expect(r.body.detail).toMatch(/would block your own IP address \(10\.70\.1\.5\)/);
    }
    const refused = await events('ip_rule_refused');
    expect(refused.some((e) => (e.details as { editing?: number }).editing === office.body.id)).toBe(true);
    expect(
      (await c.request('GET', `/security/admin/ip-restrictions/${office.body.id}`, undefined, headers)).body,
    ).toMatchObject({ ip_cidr: '10.70.0.0/16', kind: 'allow', is_active: true, description: 'office' });

    // Allowed edits: note and range (still holding me), the other rule's kind and activity.
    const edited = await patch(office.body.id, { ip_cidr: '10.70.1.0/24', description: 'office floor 1' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      ip_cidr: '10.70.1.0/24',
      description: 'office floor 1',
      kind: 'allow',
    });
    // 10.70.2.9 left the allow list with the narrower range.
    expect((await login('10.70.2.9')).status).toBe(403);
    const turnedOff = await patch(extraAllow.body.id, { is_active: false });
    expect(turnedOff.body.is_active).toBe(false);
    expect((await login('203.0.113.9')).status).toBe(403); // no longer on the allow list

    // Expiry: an allow rule for a contractor, set to expire; when the time passes it stops
    // applying (moved into the past behind the API's back, as time would).
    const contractor = await patch(extraAllow.body.id, {
      is_active: true,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      description: 'contractor',
    });
    expect(contractor.status).toBe(200);
    expect(Date.parse(contractor.body.expires_at)).toBeGreaterThan(Date.now());
    expect((await login('203.0.113.9')).status).toBe(200);
    await t.db
      .updateTable('ip_restrictions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', extraAllow.body.id)
      .execute();
    expect((await login('203.0.113.9')).status).toBe(403);
    // Clearing the expiry brings it back.
    const cleared = await patch(extraAllow.body.id, { expires_at: null });
    expect(cleared.body.expires_at).toBeNull();
    expect((await login('203.0.113.9')).status).toBe(200);

    // A viewer may read the rules, not edit them.
    const viewer = await adminClient('sec-viewer', ip);
    expect(
      (
        await viewer.request(
          'PATCH',
          `/security/admin/ip-restrictions/${office.body.id}`,
          { description: 'x' },
          headers,
        )
      ).status,
    ).toBe(403);

    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'resource_id', 'details'])
      .where('action', '=', 'update_ip_restriction')
      .execute();
    expect(audit.length).toBe(4);
    const first = audit.find((a) => Number(a.resource_id) === office.body.id);
    expect((first?.details as { changes: unknown }).changes).toEqual({
      ip_cidr: { from: '10.70.0.0/16', to: '10.70.1.0/24' },
      description: { from: 'office', to: 'office floor 1' },
    });
    expect((await events('ip_rule_updated')).length).toBe(4);

    for (const id of [other.body.id, extraAllow.body.id, office.body.id])
      expect(
        (await c.request('DELETE', `/security/admin/ip-restrictions/${id}`, undefined, headers)).status,
      ).toBe(200);
  });
});

describe('lockout, unlock and the security record', () => {
  it('locks an account after 5 failures (429 with Retry-After), an admin unlocks it', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const ip = { 'x-forwarded-for': '198.51.100.9' };
    for (let i = 0; i < 5; i++)
      expect(
        (await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: 'wrong-pass' }, ip))
          .status,
      ).toBe(401);
    const locked = await new Client(t.baseUrl).post(
      '/auth/login',
      { email: me.email, password: me.password },
      ip,
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.detail).toMatch(/Too many failed login attempts/);
    expect((await events('account_locked')).some((e) => e.user_id === me.user.id)).toBe(true);

    const viewer = await adminClient('sec-viewer');
    expect(
      (await viewer.post('/security/admin/unlock-account', { kind: 'user', identifier: me.email })).status,
    ).toBe(403);
    expect((await events('permission_denied')).length).toBeGreaterThan(0);
    const sup = await adminClient('sec-super');
    const unlock = await sup.post('/security/admin/unlock-account', {
      kind: 'user',
      identifier: me.email.toUpperCase(),
    });
    expect(unlock.status).toBe(200);
    expect(unlock.body.cleared_failures).toBe(5);
    expect(
      (await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password }, ip))
        .status,
    ).toBe(200);
  });

  it('lists events and sign-in attempts with filters, and figures for N days', async () => {
    const viewer = await adminClient('sec-viewer');
    const ev = await viewer.get('/security/admin/security-events?event_type=login_failed&limit=5');
    expect(ev.status).toBe(200);
    expect(ev.body.items.length).toBeGreaterThan(0);
    expect(ev.body.items.every((e: { event_type: string }) => e.event_type === 'login_failed')).toBe(true);
    expect(ev.body.total).toBeGreaterThanOrEqual(ev.body.items.length);
    expect((await viewer.get('/security/admin/security-events?severity=extreme')).status).toBe(400);
    expect((await viewer.get('/security/admin/security-events?sort_by=password')).status).toBe(400);

    const att = await viewer.get('/security/admin/login-attempts?success=false&kind=user');
    expect(att.status).toBe(200);
    expect(
      att.body.items.every((a: { success: boolean; kind: string }) => !a.success && a.kind === 'user'),
    ).toBe(true);
    expect(JSON.stringify(att.body)).not.toMatch(/wrong-pass|"password"/);

    const stats = await viewer.get('/security/admin/security-stats?days=7');
    expect(stats.status).toBe(200);
    expect(stats.body.days).toBe(7);
    expect(stats.body.daily).toHaveLength(8);
    expect(stats.body.login_attempts.failed).toBeGreaterThanOrEqual(5);
    expect(stats.body.locked_accounts).toBeGreaterThanOrEqual(1);
    expect(stats.body.events_by_type.login_failed).toBeGreaterThan(0);
    expect((await viewer.get('/security/admin/security-stats')).body.days).toBe(7);
    for (const bad of ['0', '-1', '366', 'abc', '1e9'])
      expect([bad, (await viewer.get(`/security/admin/security-stats?days=${bad}`)).status]).toEqual([
        bad,
        400,
      ]);
    // A moderator lacks view_audit_logs.
    await createAdmin(t.db, { username: 'sec-mod', password: 'adminpass123', role: 'moderator' });
    expect((await (await adminClient('sec-mod')).get('/security/admin/security-events')).status).toBe(403);
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After past the limit, counted per IP in the database', async () => {
    await setSetting('rate_limit_register_per_hour', '2');
    try {
      const ip = { 'x-forwarded-for': '203.0.113.50' };
      const reg = (n: number) =>
        new Client(t.baseUrl).post(
          '/auth/register',
          { email: `rl${n}${Date.now()}@example.com`, password: 'secret123', full_name: 'Rate Limit' },
          ip,
        );
      expect((await reg(1)).status).toBe(201);
      expect((await reg(2)).status).toBe(201);
      const third = await reg(3);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(third.body.detail).toBe('Too many requests. Please wait a moment and try again.');
      // Another address is counted on its own.
      const other = await new Client(t.baseUrl).post(
        '/auth/register',
        { email: `rl4${Date.now()}@example.com`, password: 'secret123', full_name: 'Rate Limit' },
        { 'x-forwarded-for': '203.0.113.51' },
      );
      expect(other.status).toBe(201);
      expect((await events('rate_limited')).length).toBe(1);
    } finally {
      await setSetting('rate_limit_register_per_hour', '50');
    }
  });
});
