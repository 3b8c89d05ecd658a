import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Throttling slows guessing without locking the owner out: failures count per account and
 * address, per address, and over all addresses only against addresses the account never signed
 * in from. Addresses come through X-Forwarded-For from loopback (TRUST_PROXY).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const adminLogin = (username: string, password: string, ip: string) =>
  new Client(t.baseUrl).post('/admin/login', { username, password }, from(ip));
const userLogin = (email: string, password: string, ip: string) =>
  new Client(t.baseUrl).post('/auth/login', { email, password }, from(ip));

describe('sign-in throttling', () => {
  it('five wrong passwords from five addresses do not keep the super admin out', async () => {
    await createAdmin(t.db, { username: 'admin', password: 'right-password-1', role: 'super_admin' });
    for (let i = 1; i <= 5; i++)
      expect((await adminLogin('admin', 'wrong', `203.0.113.${i}`)).status).toBe(401);
    expect((await adminLogin('admin', 'right-password-1', '198.51.100.77')).status).toBe(200);
    // Ten more from ten more addresses: still in from a new address (under the account-wide limit).
    for (let i = 10; i < 20; i++) await adminLogin('admin', 'wrong', `203.0.113.${i}`);
    expect((await adminLogin('admin', 'right-password-1', '198.51.100.78')).status).toBe(200);
  });

  it('five failures from one address stop that address for that account, not the owner elsewhere', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    for (let i = 0; i < 5; i++)
      expect((await userLogin(me.email, 'wrong-pass', '192.0.2.50')).status).toBe(401);
    const stopped = await userLogin(me.email, me.password, '192.0.2.50');
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await userLogin(me.email, me.password, '192.0.2.51')).status).toBe(200);
  });

  it('a guess spread over many addresses is stopped at new addresses; the owner’s address still works', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    // The owner's usual address: a successful sign-in from it.
    expect((await userLogin(me.email, me.password, '192.0.2.200')).status).toBe(200);
    for (let i = 0; i < 20; i++) await userLogin(me.email, 'wrong-pass', `100.64.0.${i + 1}`);
    expect((await userLogin(me.email, me.password, '100.64.1.1')).status).toBe(429);
    expect((await userLogin(me.email, me.password, '192.0.2.200')).status).toBe(200);
  });

  it('one address failing on many accounts is stopped for all of them', async () => {
    for (let i = 0; i < 20; i++) await userLogin(`nobody${i}@example.com`, 'wrong-pass', '192.0.2.99');
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    expect((await userLogin(me.email, me.password, '192.0.2.99')).status).toBe(429);
  });

  it('twenty wrong passwords sent at once from one address: exactly five are checked, the rest 429', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => userLogin(me.email, 'wrong-pass', '192.0.2.120')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // No try is left counted twice: the owner elsewhere signs in, and the record holds 5 failures.
    expect((await userLogin(me.email, me.password, '192.0.2.121')).status).toBe(200);
    const failures = await t.db
      .selectFrom('login_attempts')
      .select('reason')
      .where('identifier', '=', me.email)
      .where('success', '=', false)
      .execute();
    expect(failures.map((f) => f.reason)).toEqual(Array(5).fill('bad_credentials'));
  });
});
