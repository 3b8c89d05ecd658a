import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { MESSAGES } from '@reportsaathi/contracts';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('register', () => {
  it('creates a user with default preferences and refuses a second registration of the same email', async () => {
    const c = new Client(t.baseUrl);
    const res = await c.post('/auth/register', {
      email: 'Asha@Example.com',
      password: 'secret123',
      full_name: 'Asha Rao',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: 'asha@example.com',
      full_name: 'Asha Rao',
      is_active: true,
    });
    expect(res.body.user.preferences).toMatchObject({
      theme: 'light',
      language: 'en',
      timezone: 'Asia/Kolkata',
    });
    expect(res.body.user).not.toHaveProperty('password_hash');
    const again = await c.post('/auth/register', {
      email: 'asha@example.com',
      password: 'secret123',
      full_name: 'Asha',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Email already registered' });
  });

  it.each([
    [{ email: '', password: 'secret123', full_name: 'Asha' }, 'email', MESSAGES.emailRequired],
    [{ password: 'secret123', full_name: 'Asha' }, 'email', MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'secret123', full_name: 'Asha' }, 'email', MESSAGES.emailInvalid],
    [{ email: 'a@b.co', password: '', full_name: 'Asha' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'a@b.co', password: '12345', full_name: 'Asha' }, 'password', MESSAGES.passwordMin],
    [{ email: 'a@b.co', password: 'secret123', full_name: '' }, 'full_name', MESSAGES.fullNameRequired],
    [{ email: 'a@b.co', password: 'secret123', full_name: ' A ' }, 'full_name', MESSAGES.fullNameMin],
  ])('answers 400 with the validation message for %j', async (body, field, message) => {
    const res = await new Client(t.baseUrl).post('/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect(res.body.detail).toBe(message);
  });
});

describe('login and me', () => {
  it('returns a token and the user, and /auth/me answers with that token', async () => {
    const c = new Client(t.baseUrl);
    const { email, token } = await registerAndLogin(c);
    expect(token.split('.')).toHaveLength(3);
    const me = await c.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect(me.body.last_login).not.toBeNull();
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', MESSAGES.emailRequired],
    [{ email: 'bad', password: 'secret123' }, 'email', MESSAGES.emailInvalid],
    [{ email: 'a@b.co', password: '' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'a@b.co', password: 'abc' }, 'password', MESSAGES.passwordMin],
  ])('validates %j', async (body, field, message) => {
    const res = await new Client(t.baseUrl).post('/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('refuses a wrong password and an unknown email alike, with 401 and no token', async () => {
    const c = new Client(t.baseUrl);
    const { email } = await registerAndLogin(c);
    const wrong = await new Client(t.baseUrl).post('/auth/login', { email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Incorrect email or password' });
    const unknown = await new Client(t.baseUrl).post('/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: 'Incorrect email or password' });
  });

  it('throttles repeated failures for one account and records every attempt', async () => {
    const c = new Client(t.baseUrl);
    const { email, password } = await registerAndLogin(c);
    for (let i = 0; i < 5; i++) {
      expect(
        (await new Client(t.baseUrl).post('/auth/login', { email, password: 'bad-password' })).status,
      ).toBe(401);
    }
    const blocked = await new Client(t.baseUrl).post('/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed login attempts/);
    const rows = await t.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('identifier', '=', email)
      .execute();
    expect(rows.filter((r) => !r.success)).toHaveLength(5);
  });

  it('refuses a missing, tampered, expired or wrong-secret token', async () => {
    const c = new Client(t.baseUrl);
    const { token, user } = await registerAndLogin(c);
    expect((await new Client(t.baseUrl).get('/auth/me')).status).toBe(401);

    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: String(user.id + 1) })).toString(
      'base64url',
    );
    const tampered = new Client(t.baseUrl);
    tampered.bearer = `${h}.${forged}.${s}`;
    expect((await tampered.get('/auth/me')).status).toBe(401);

    const expired = new Client(t.baseUrl);
    expired.bearer = jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 60 }, t.deps.jwtSecret);
    expect((await expired.get('/auth/me')).status).toBe(401);

    const otherSecret = new Client(t.baseUrl);
    otherSecret.bearer = jwt.sign(
      { sub: payload.sub, sid: payload.sid, kind: 'user' },
      'another-secret-another-secret-1234',
    );
    const res = await otherSecret.get('/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Could not validate credentials' });
  });

  it('logout revokes the token at once', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    expect((await c.post('/auth/logout')).status).toBe(200);
    expect((await c.get('/auth/me')).status).toBe(401);
  });

  it('a deactivated user can no longer use a token', async () => {
    const c = new Client(t.baseUrl);
    const { user } = await registerAndLogin(c);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect((await c.get('/auth/me')).status).toBe(403);
  });
});

describe('cookie transport and CSRF', () => {
  it('sets httpOnly SameSite=Lax token cookie for 7 days and a readable csrf cookie', async () => {
    const c = new Client(t.baseUrl);
    const email = 'cookie@example.com';
    await c.post('/auth/register', { email, password: 'secret123', full_name: 'Cookie User' });
    const res = await c.post('/auth/login', { email, password: 'secret123' });
    const setCookies = res.headers.getSetCookie();
    const tokenCookie = setCookies.find((s) => s.startsWith('token='))!;
    expect(tokenCookie).toMatch(/HttpOnly/);
    expect(tokenCookie).toMatch(/SameSite=Lax/);
    expect(tokenCookie).toMatch(/Max-Age=604800/);
    const csrf = setCookies.find((s) => s.startsWith('csrf_token='))!;
    expect(csrf).not.toMatch(/HttpOnly/);
  });

  it('refuses a cookie-authenticated POST without the CSRF header, accepts it with the header', async () => {
    const c = new Client(t.baseUrl);
    const email = 'csrf@example.com';
    await c.post('/auth/register', { email, password: 'secret123', full_name: 'Csrf User' });
    await c.post('/auth/login', { email, password: 'secret123' });
    expect((await c.get('/auth/me')).status).toBe(200); // GET needs no CSRF header
    const refused = await c.post('/auth/logout');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'CSRF token missing or invalid' });
    const wrong = await c.post('/auth/logout', {}, { 'x-csrf-token': 'not-the-cookie' });
    expect(wrong.status).toBe(403);
    const ok = await c.post('/auth/logout', {}, c.csrfHeader());
    expect(ok.status).toBe(200);
  });
});
