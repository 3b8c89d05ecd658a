import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@reportsaathi/contracts';
import { linkIn, startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * The account by mail (decision 230) against a real SMTP server started here: the product sends
 * through nodemailer as in production, and the tests read what arrived.
 */
let t: TestApp;
let smtp: MailCatcher;
beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await createTestApp(smtp.env);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newEmail = () => `p${randomBytes(5).toString('hex')}@example.com`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

describe('e-mail confirmation at registration', () => {
  it('mails a link in the person’s language; opening it confirms the address, once', async () => {
    const c = new Client(t.baseUrl);
    const email = newEmail();
    const reg = await c.post('/auth/register', {
      email,
      password: 'secret123',
      full_name: 'Meena Iyer',
      language: 'hi',
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user.is_verified).toBe(false);
    const mail = await smtp.waitFor(email, /पक्का/);
    expect(mail.text).toContain('नमस्ते Meena Iyer');
    expect(mail.html).toContain('<a href="');
    const token = tokenOf(linkIn(mail, '/confirm-email'));

    const ok = await c.post('/auth/confirm-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: ACCOUNT_MESSAGES.emailConfirmed, email });
    const login = await new Client(t.baseUrl).post('/auth/login', { email, password: 'secret123' });
    expect(login.body.user.is_verified).toBe(true);

    const again = await c.post('/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('sends the mail again on request to a signed-in, unconfirmed account', async () => {
    const c = new Client(t.baseUrl);
    const { email } = await registerAndLogin(c, newEmail());
    await smtp.waitFor(email, /Confirm your ReportSaathi/);
    const res = await c.post('/user/confirm-email/resend');
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.confirmationSent);
    const second = await smtp.waitFor(email, /Confirm your ReportSaathi/, 1);
    // The newer link works; the first one stopped working when the second was sent.
    const first = smtp.mails.filter((m) => m.to.includes(email))[0];
    expect(
      (await c.post('/auth/confirm-email', { token: tokenOf(linkIn(first, '/confirm-email')) })).status,
    ).toBe(400);
    expect(
      (await c.post('/auth/confirm-email', { token: tokenOf(linkIn(second, '/confirm-email')) })).status,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address, mails a single-use link that ends every session', async () => {
    const c = new Client(t.baseUrl);
    const { email } = await registerAndLogin(c, newEmail());
    const unknown = await new Client(t.baseUrl).post('/auth/password-reset', { email: newEmail() });
    const known = await new Client(t.baseUrl).post('/auth/password-reset', { email: email.toUpperCase() });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(ACCOUNT_MESSAGES.resetRequested);

    const mail = await smtp.waitFor(email, /new ReportSaathi password/);
    expect(mail.text).toContain('30 minutes');
    const token = tokenOf(linkIn(mail, '/reset-password'));
    const reset = await new Client(t.baseUrl).post('/auth/password-reset/confirm', {
      token,
      new_password: 'brand-new-pass',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(ACCOUNT_MESSAGES.resetDone);

    // The session that existed before is over; the old password no longer opens the account.
    expect((await c.get('/auth/me')).status).toBe(401);
    expect((await new Client(t.baseUrl).post('/auth/login', { email, password: 'secret123' })).status).toBe(
      401,
    );
    const login = await new Client(t.baseUrl).post('/auth/login', { email, password: 'brand-new-pass' });
    expect(login.status).toBe(200);
    // The link reached the address: it counts as confirmed.
    expect(login.body.user.is_verified).toBe(true);

    const reused = await new Client(t.baseUrl).post('/auth/password-reset/confirm', {
      token,
      new_password: 'another-pass-1',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('refuses a link past its 30 minutes', async () => {
    const { email } = await registerAndLogin(new Client(t.baseUrl), newEmail());
    await new Client(t.baseUrl).post('/auth/password-reset', { email });
    const token = tokenOf(linkIn(await smtp.waitFor(email, /new ReportSaathi password/), '/reset-password'));
    const row = await t.db
      .selectFrom('account_tokens')
      .innerJoin('users', 'users.id', 'account_tokens.user_id')
      .select(['account_tokens.id', 'account_tokens.created_at', 'account_tokens.expires_at'])
      .where('users.email', '=', email)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(30 * 60 * 1000 + 1000);
    // The clock moved 31 minutes on: the link's expiry is now in the past.
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', row.id)
      .execute();
    const late = await new Client(t.baseUrl).post('/auth/password-reset/confirm', {
      token,
      new_password: 'too-late-pass',
    });
    expect(late.status).toBe(400);
    expect((await new Client(t.baseUrl).post('/auth/login', { email, password: 'secret123' })).status).toBe(
      200,
    );
  });

  it('is throttled per address, the same way whether or not the address has an account', async () => {
    const { email } = await registerAndLogin(new Client(t.baseUrl), newEmail());
    for (const address of [email, newEmail()]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await new Client(t.baseUrl).post('/auth/password-reset', { email: address })).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
  });

  it('answers 400 with a message for a malformed token or a short password', async () => {
    const bad = await new Client(t.baseUrl).post('/auth/password-reset/confirm', {
      token: 'x',
      new_password: 'long-enough-1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(ACCOUNT_MESSAGES.linkInvalid);
    const short = await new Client(t.baseUrl).post('/auth/password-reset/confirm', {
      token: 'a'.repeat(43),
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password).toBeTruthy();
  });
});

describe('changing e-mail (issue 32, item 7)', () => {
  it('answers the same whether or not the address is taken; confirms by mail; tells the old address', async () => {
    const owner = await registerAndLogin(new Client(t.baseUrl), newEmail());
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c, newEmail());
    const target = newEmail();

    const free = await c.request('PUT', '/user/profile', {
      full_name: 'Test User',
      email: target,
      current_password: me.password,
    });
    const taken = await c.request('PUT', '/user/profile', {
      full_name: 'Test User',
      email: owner.email,
      current_password: me.password,
    });
    expect(free.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    expect(free.body).toMatchObject({
      message: ACCOUNT_MESSAGES.emailChangeRequested,
      email_change_requested: true,
      user: { email: me.email },
    });

    // The owner of the taken address is told; the free address gets a link to confirm.
    const warning = await smtp.waitFor(owner.email, /tried to use your e-mail/);
    expect(warning.text).not.toContain(me.email);
    const confirm = await smtp.waitFor(target, /Confirm your new ReportSaathi/);
    expect((await c.get('/user/me')).body.email).toBe(me.email);

    const done = await new Client(t.baseUrl).post('/auth/confirm-email', {
      token: tokenOf(linkIn(confirm, '/confirm-email')),
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, email: target });
    const now = await c.get('/user/me');
    expect(now.body).toMatchObject({ email: target, is_verified: true });
    const notice = await smtp.waitFor(me.email, /e-mail address was changed/);
    expect(notice.text).toContain('•••@example.com');
    expect(
      (await new Client(t.baseUrl).post('/auth/login', { email: target, password: me.password })).status,
    ).toBe(200);
  });

  it('is throttled per account', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c, newEmail());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await c.request('PUT', '/user/profile', {
            full_name: 'Test User',
            email: newEmail(),
            current_password: me.password,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Saving the name alone is not an e-mail change and is not counted.
    const name = await c.request('PUT', '/user/profile', { full_name: 'Renamed', email: me.email });
    expect(name.status).toBe(200);
  });
});

describe('consent (decision 231)', () => {
  it('starts off, is given on the form, and every change is recorded with its time', async () => {
    const c = new Client(t.baseUrl);
    const plain = await registerAndLogin(c, newEmail());
    expect(plain.user.preferences).toMatchObject({
      allow_data_for_training: false,
      share_usage_analytics: false,
    });
    const email = newEmail();
    const reg = await new Client(t.baseUrl).post('/auth/register', {
      email,
      password: 'secret123',
      full_name: 'Ravi',
      share_usage_analytics: true,
    });
    expect(reg.body.user.preferences).toMatchObject({
      allow_data_for_training: false,
      share_usage_analytics: true,
    });

    const before = new Date(Date.now() - 1000);
    const put = await c.request('PUT', '/user/preferences', { allow_data_for_training: true, theme: 'dark' });
    expect(put.status).toBe(200);
    const rows = await t.db
      .selectFrom('consent_records')
      .selectAll()
      .where('user_id', '=', plain.user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.consent, r.granted, r.source])).toEqual([
      ['allow_data_for_training', false, 'registration'],
      ['share_usage_analytics', false, 'registration'],
      ['allow_data_for_training', true, 'preferences'],
    ]);
    expect(rows[2].created_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});

describe('a guest’s analyses move into the account made from that session (decision 232)', () => {
  it('moves only that session’s reports from its last 48 hours, once', async () => {
    const guest = new Client(t.baseUrl);
    const sid = (await guest.post('/guest/session')).body.session_id as string;
    const other = (await guest.post('/guest/session')).body.session_id as string;
    const upload = async (s: string) =>
      (
        await guest.post(
          `/guest/session/${s}/upload`,
          fileForm('lab.txt', await sampleText('thyroid'), 'text/plain'),
        )
      ).body.report_id as number;
    const kept = await upload(sid);
    const old = await upload(sid);
    const notMine = await upload(other);
    await t.db
      .updateTable('reports')
      .set({ created_at: new Date(Date.now() - 49 * 3600 * 1000) })
      .where('id', '=', old)
      .execute();

    const c = new Client(t.baseUrl);
    const email = newEmail();
    const reg = await c.post('/auth/register', {
      email,
      password: 'secret123',
      full_name: 'Guest Turned User',
      guest_session_id: sid,
    });
    expect(reg.status).toBe(201);
    c.bearer = (await c.post('/auth/login', { email, password: 'secret123' })).body.token;
    const mine = await c.get(`/reports/${kept}`);
    expect(mine.status).toBe(200);
    expect((await c.get(`/reports/${old}`)).status).toBe(404);
    expect((await c.get(`/reports/${notMine}`)).status).toBe(404);
    // The guest session is over: it cannot hand anything to a second account.
    expect((await guest.get(`/guest/session/${sid}`)).status).toBe(404);
    const second = new Client(t.baseUrl);
    const r2 = await second.post('/auth/register', {
      email: newEmail(),
      password: 'secret123',
      full_name: 'Second',
      guest_session_id: sid,
    });
    expect(r2.status).toBe(201);
    const owner = await t.db
      .selectFrom('reports')
      .select('user_id')
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(reg.body.user.id);
  });
});

describe('the development outbox', () => {
  it('is closed when an SMTP server is configured', async () => {
    const res = await new Client(t.baseUrl).get('/dev/outbox');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(ACCOUNT_MESSAGES.outboxClosed);
  });

  it('holds the mail when no SMTP server is configured (development)', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const c = new Client(dev.baseUrl);
      const { email } = await registerAndLogin(c, newEmail());
      await new Client(dev.baseUrl).post('/auth/password-reset', { email });
      let mails: { to: string; subject: string; text: string }[] = [];
      for (let i = 0; i < 100 && mails.length < 2; i++) {
        mails = (await new Client(dev.baseUrl).get('/dev/outbox')).body.mails;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        [email, 'Choose a new ReportSaathi password'],
        [email, 'Confirm your ReportSaathi e-mail address'],
      ]);
      expect(linkIn(mails[0], '/reset-password')).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=/,
      );
    } finally {
      await dev.close();
    }
  });
});
