import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { encryptPlainSecrets, findTwoFactor } from '../../api/src/platform/security/security.repo';
import { createLogger } from '../../api/src/logger';
import { DEMO_SHARE_PIN, seedDemoShareLink } from '../../api/src/seed/demo-share-link';
import { ADMIN_PASSWORD_FILE, startBanner } from '../../api/src/bootstrap/start-banner';
import { linkIn, startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Secrets stay secret (decision 082): password changes of patients and staff leave security
 * events; TOTP secrets are encrypted at rest (and plain ones from before are encrypted at start);
 * and the logs of the sign-in, 2FA, password and guest flows, written at the most verbose level,
 * hold none of the passwords, TOTP secrets and codes, recovery codes, tokens, challenges, CSRF
 * tokens or guest session ids those flows handled.
 */
const lines: string[] = [];
/** Every secret a flow below handled, with where it came from (for the failure message). */
const secrets = new Map<string, string>();
const keep = (what: string, value: unknown) => {
  if (typeof value === 'string' && value.length >= 6) secrets.set(value, what);
};

let t: TestApp;
let smtp: MailCatcher;
beforeAll(async () => {
  // The app's own logger (with its redaction), at trace level, writing into `lines`; its mail
  // goes to a real SMTP server started here, so the mailed links' tokens pass the logger too.
  smtp = await startMailCatcher();
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ LOG_LEVEL: 'trace', ...smtp.env }, { logger });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const totp = (secret: string, offset = 0) => generate({ secret, epoch: now() + offset });

async function eventsOf(type: string, column: 'user_id' | 'admin_id', id: number) {
  return t.db
    .selectFrom('security_events')
    .selectAll()
    .where('event_type', '=', type)
    .where(column, '=', id)
    .execute();
}

describe('patient flows', () => {
  it('2FA on, sign in with a code and a recovery code, change the password: events, no plain secret', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c, undefined, 'first-Password-91');
    keep('user password', me.password);
    keep('user token', me.token);

    const setup = await c.post('/security/2fa/setup');
    const secret: string = setup.body.secret;
    keep('user TOTP secret', secret);
    keep('user otpauth URI', setup.body.otpauth_uri);

    // Stored encrypted: the row holds neither the secret nor anything but the enc:v1 form.
    const raw = await t.db
      .selectFrom('two_factor_secrets')
      .select('secret')
      .where('user_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(raw.secret.startsWith('enc:v1:')).toBe(true);
    expect(raw.secret).not.toContain(secret);

    const enableCode = await totp(secret);
    keep('user enable code', enableCode);
    const on = await c.post('/security/2fa/enable', { token: enableCode, password: me.password });
    expect(on.status).toBe(200);
    const recovery: string[] = on.body.recovery_codes;
    recovery.forEach((r, i) => keep(`user recovery code ${i}`, r));

    const first = await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password });
    keep('user challenge 1', first.body.challenge);
    const code = await totp(secret, 30);
    keep('user sign-in code', code);
    const second = await new Client(t.baseUrl).post('/auth/login/2fa', {
      challenge: first.body.challenge,
      code,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    keep('user token (2FA)', second.body.token);

    const again = await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password });
    keep('user challenge 2', again.body.challenge);
    const viaRecovery = await new Client(t.baseUrl).post('/auth/login/2fa', {
      challenge: again.body.challenge,
      recovery_code: recovery[3],
    });
    expect(viaRecovery.status).toBe(200);
    keep('user token (recovery)', viaRecovery.body.token);

    // A wrong current password: refused, and recorded.
    const wrong = await c.post('/user/change-password', {
      current_password: 'not-the-password-7',
      new_password: 'second-Password-92',
    });
    expect(wrong.status).toBe(400);
    keep('wrong current password', 'not-the-password-7');
    expect(await eventsOf('password_change_failed', 'user_id', me.user.id)).toHaveLength(1);

    const changed = await c.post('/user/change-password', {
      current_password: me.password,
      new_password: 'second-Password-92',
    });
    expect(changed.status).toBe(200);
    keep('user new password', 'second-Password-92');
    const [event] = await eventsOf('password_changed', 'user_id', me.user.id);
    expect(event.details).toEqual({ sessions_signed_out: 2 });
    expect(JSON.stringify(event.details)).not.toContain('Password');
  });

  it('a guest session id is a token too', async () => {
    const g = new Client(t.baseUrl);
    const s = await g.post('/guest/session');
    expect(s.status).toBe(201);
    keep('guest session id', s.body.session_id);
    expect((await g.get(`/guest/session/${s.body.session_id}`)).status).toBe(200);
    expect((await g.get(`/guest/session/${s.body.session_id}/rate-limits`)).status).toBe(200);
  });
});

describe('mailed links (decision 212)', () => {
  it('reset and confirmation tokens are capabilities, wherever a client puts them', async () => {
    const c = new Client(t.baseUrl);
    const { email } = await registerAndLogin(c, `mailed${Date.now()}@example.com`);
    const confirmation = new URL(linkIn(await smtp.waitFor(email, /confirm/i), '/confirm-email'));
    const confirmToken = confirmation.searchParams.get('token') as string;
    keep('e-mail confirmation token', confirmToken);
    expect((await new Client(t.baseUrl).post('/auth/password-reset', { email })).status).toBe(202);
    const reset = new URL(linkIn(await smtp.waitFor(email, /new ReportSaathi password/), '/reset-password'));
    const resetToken = reset.searchParams.get('token') as string;
    keep('password reset token', resetToken);
    // Where a client may carry them besides the body: in a path, a query or a header of its own.
    const stray = new Client(t.baseUrl);
    for (const token of [resetToken, confirmToken]) {
      await stray.get(`/auth/password-reset/${token}`);
      await stray.get(`/reset-password/${token}`);
      await stray.get(`/auth/confirm-email?token=${token}`);
      await stray.request('GET', '/auth/me', undefined, { 'x-reset-token': token });
    }
    expect((await stray.post('/auth/confirm-email', { token: confirmToken })).status).toBe(200);
    const done = await stray.post('/auth/password-reset/confirm', {
      token: resetToken,
      new_password: 'brand-new-pass-1',
    });
    expect(done.status).toBe(200);
  });
});

describe('share links (decision 212)', () => {
  it('the token in the path, the PIN and the grant header are capabilities too', async () => {
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
        content_hash: 'h-secrets',
        status: 'completed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made = await c.post(`/reports/${report.id}/share-links`, {});
    expect(made.status).toBe(201);
    const token = (made.body.path as string).slice(3);
    keep('share token', token);
    keep('share PIN', made.body.pin);
    const doctor = new Client(t.baseUrl);
    const unlocked = await doctor.post(`/share/${token}/unlock`, { pin: made.body.pin });
    expect(unlocked.status).toBe(200);
    keep('share grant', unlocked.body.grant);
    const view = await doctor.request('GET', `/share/${token}`, undefined, {
      'x-share-grant': unlocked.body.grant,
    });
    expect(view.status).toBe(200);
  });

  it("the demo's share link is not logged at start, nor its PIN", async () => {
    const demo = await registerAndLogin(new Client(t.baseUrl));
    const report = await t.db
      .insertInto('reports')
      .values({
        user_id: demo.user.id,
        filename: 'k',
        original_filename: 'demo.pdf',
        file_type: 'pdf',
        mime_type: 'application/pdf',
        file_size: 1000,
        content_hash: 'h-demo-secrets',
        status: 'completed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seeded = await seedDemoShareLink(t.deps, demo.user.id, report.id);
    keep('demo share link', seeded?.path.slice(3));
    keep('demo share PIN', DEMO_SHARE_PIN);
  });

  it('a generated super admin password is kept in a file of its owner, never printed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-banner-'));
    try {
      const password = 'Generated-Secret-Pass-1';
      const lines = startBanner({
        url: 'http://localhost:3000',
        role: 'all',
        dataDir: dir,
        demo: true,
        bootstrapAdmin: { username: 'admin', password, generated: true },
      });
      expect(lines.join('\n')).not.toContain(password);
      const file = path.join(dir, ADMIN_PASSWORD_FILE);
      expect(lines.join('\n')).toContain(file);
      expect((await readFile(file, 'utf8')).trim()).toBe(password);
      expect((await stat(file)).mode & 0o077).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('staff flows', () => {
  it('an admin changes their own password over the cookie session: audited, an event, other sessions end', async () => {
    const admin = await createAdmin(t.db, {
      username: 'sec-secrets',
      password: 'staff-Password-81',
      role: 'viewer',
    });
    keep('admin password', 'staff-Password-81');
    const other = new Client(t.baseUrl);
    const o = await other.post('/admin/login', { username: 'sec-secrets', password: 'staff-Password-81' });
    keep('admin token (other)', o.body.access_token);

    // Cookie session with the CSRF header, as the back office calls.
    const c = new Client(t.baseUrl);
    const login = await c.post('/admin/login', { username: 'sec-secrets', password: 'staff-Password-81' });
    expect(login.status).toBe(200);
    keep('admin token', login.body.access_token);
    keep('CSRF token', c.cookies.get('csrf_token'));

    const setup = await c.post('/security/admin/2fa/setup', {}, c.csrfHeader());
    keep('admin TOTP secret', setup.body.secret);
    const enableCode = await totp(setup.body.secret);
    keep('admin enable code', enableCode);
    const on = await c.post(
      '/security/admin/2fa/enable',
      { token: enableCode, password: 'staff-Password-81' },
      c.csrfHeader(),
    );
    expect(on.status).toBe(200);
    (on.body.recovery_codes as string[]).forEach((r, i) => keep(`admin recovery code ${i}`, r));

    const refused = await c.post(
      '/security/admin/change-password',
      { current_password: 'wrong-staff-pass-1', new_password: 'staff-Password-82' },
      c.csrfHeader(),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Current password is incorrect');
    expect(await eventsOf('password_change_failed', 'admin_id', admin.id)).toHaveLength(1);

    // Without the CSRF header a cookie-authenticated change is refused.
    const noCsrf = await c.post('/security/admin/change-password', {
      current_password: 'staff-Password-81',
      new_password: 'staff-Password-82',
    });
    expect(noCsrf.status).toBe(403);

    const short = await c.post(
      '/security/admin/change-password',
      { current_password: 'staff-Password-81', new_password: 'short' },
      c.csrfHeader(),
    );
    expect(short.status).toBe(400);
    expect(short.body.detail).toBeTruthy();

    const ok = await c.post(
      '/security/admin/change-password',
      { current_password: 'staff-Password-81', new_password: 'staff-Password-82' },
      c.csrfHeader(),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.sessions_signed_out).toBe(1);
    keep('admin new password', 'staff-Password-82');
    const [event] = await eventsOf('password_changed', 'admin_id', admin.id);
    expect(event.details).toEqual({ sessions_signed_out: 1 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'change_password')
      .where('admin_id', '=', admin.id)
      .execute();
    expect(audit.map((a) => a.success)).toContain('success');
    expect(JSON.stringify(audit)).not.toContain('staff-Password');

    // The other session ended; this one goes on; the old password no longer signs in.
    expect((await other.get('/security/admin/sessions')).status).toBe(401);
    expect((await c.get('/security/admin/sessions')).status).toBe(200);
    const old = await new Client(t.baseUrl).post('/admin/login', {
      username: 'sec-secrets',
      password: 'staff-Password-81',
    });
    expect(old.status).toBe(401);
    const fresh = await new Client(t.baseUrl).post('/admin/login', {
      username: 'sec-secrets',
      password: 'staff-Password-82',
    });
    expect(fresh.body.two_factor_required).toBe(true);
    keep('admin challenge', fresh.body.challenge);
  });
});

describe('TOTP secrets at rest', () => {
  it('encrypts secrets stored in plain text before, and still reads both forms', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.db
      .insertInto('two_factor_secrets')
      .values({ user_id: me.user.id, admin_id: null, secret: plain, enabled: false, backup_codes: '[]' })
      .execute();
    // Read as it is before the migration…
    expect((await findTwoFactor(t.db, { kind: 'user', id: me.user.id }))?.secret).toBe(plain);
    expect(await encryptPlainSecrets(t.db)).toBe(1);
    expect(await encryptPlainSecrets(t.db)).toBe(0);
    const raw = await t.db
      .selectFrom('two_factor_secrets')
      .select('secret')
      .where('user_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(raw.secret.startsWith('enc:v1:')).toBe(true);
    // …and the same secret after it: a code from it enables 2FA.
    expect((await findTwoFactor(t.db, { kind: 'user', id: me.user.id }))?.secret).toBe(plain);
    const on = await c.post('/security/2fa/enable', { token: await totp(plain), password: me.password });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
  });
});

describe('the logs', () => {
  it('were written, and hold none of the secrets above', () => {
    const log = lines.join('');
    // The request log is there (so an empty log cannot pass): the sign-in calls were logged.
    expect(log).toContain('/auth/login/2fa');
    expect(log).toContain('/security/admin/change-password');
    expect(log).toContain('/guest/session/[redacted]');
    expect(log).toContain('/share/[redacted]/unlock');
    expect(secrets.size).toBeGreaterThan(30);
    const found: string[] = [];
    for (const [value, what] of secrets) {
      // Six-digit codes count only as a whole word (a timestamp may hold the same digits).
      const hit = /^\d{6}$/.test(value)
        ? new RegExp(`(?<![0-9A-Za-z])${value}(?![0-9A-Za-z])`).test(log)
        : log.includes(value);
      if (hit) found.push(what);
    }
    expect(found, `found in the logs: ${found.join(', ')}`).toEqual([]);
  });
});
