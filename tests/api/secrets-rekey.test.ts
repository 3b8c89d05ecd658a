import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rekeySecrets, RekeyRefused } from '../../api/src/ops/rekey-secrets';
import { decryptValue, deriveKey, encryptValue } from '../../api/src/platform/settings/settings-crypto';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * `npm run secrets:rekey` (decision 085): every value sealed with SETTINGS_ENCRYPTION_KEY (the
 * sensitive settings, the TOTP secrets) moves to the new key in one transaction; one value that
 * the old key cannot open refuses the whole run and changes nothing. After it, a process started
 * with the new key signs in with 2FA as before.
 */
const OLD = 'old-settings-key-0123456789-abcdefghij';
const NEW = 'new-settings-key-9876543210-zyxwvutsrq';
const OTHER = 'some-earlier-key-5555555555-kkkkkkkkkk';
const ROOT = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
let second: TestApp | undefined;
beforeAll(async () => {
  t = await createTestApp({ SETTINGS_ENCRYPTION_KEY: OLD });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const code = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

async function sealed() {
  const settings = await t.db
    .selectFrom('system_settings')
    .select(['key', 'value'])
    .where('value', 'like', 'enc:%')
    .orderBy('key')
    .execute();
  const secrets = await t.db
    .selectFrom('two_factor_secrets')
    .select(['id', 'secret'])
    .orderBy('id')
    .execute();
  return { settings, secrets };
}

function runCli(env: Record<string, string>) {
  const run = spawnSync('npx', ['tsx', 'scripts/secrets-rekey.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', ...env },
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('re-keying the encrypted settings and 2FA secrets', () => {
  it('refuses when a value does not open with the old key, then moves everything to the new key', async () => {
    // A patient with 2FA on (secret sealed with OLD) and an API key stored as a sensitive setting.
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const setup = await c.post('/security/2fa/setup');
    const secret: string = setup.body.secret;
    expect(
      (await c.post('/security/2fa/enable', { token: await code(secret), password: me.password })).status,
    ).toBe(200);
    await t.db
      .updateTable('system_settings')
      .set({ value: encryptValue(deriveKey(OLD), 'sk-live-provider-key') })
      .where('key', '=', 'ai_api_key')
      .execute();
    // A payment secret left over from an earlier key: nobody can read it any more.
    await t.db
      .updateTable('system_settings')
      .set({ value: encryptValue(deriveKey(OTHER), 'rzp-secret') })
      .where('key', '=', 'razorpay_key_secret')
      .execute();
    const before = await sealed();
    expect(before.settings.map((s) => s.key)).toEqual(['ai_api_key', 'razorpay_key_secret']);

    // Refused: names the value (never its content), exit 1, nothing changed.
    const refused = runCli({ OLD_SETTINGS_ENCRYPTION_KEY: OLD, NEW_SETTINGS_ENCRYPTION_KEY: NEW });
    expect(refused.status, refused.out).toBe(1);
    expect(refused.out).toContain(
      'Nothing was changed: 1 value(s) do not decrypt with the old key: setting razorpay_key_secret',
    );
    expect(refused.out).not.toContain('rzp-secret');
    expect(refused.out).not.toMatch(/\n\s+at /);
    expect(await sealed()).toEqual(before);
    // A wrong old key: every value is named, still nothing changed.
    await expect(rekeySecrets(t.db, deriveKey(NEW), deriveKey(OTHER))).rejects.toThrow(RekeyRefused);
    expect(await sealed()).toEqual(before);

    // Bad invocations are refused before touching anything.
    const noNew = runCli({ OLD_SETTINGS_ENCRYPTION_KEY: OLD, NEW_SETTINGS_ENCRYPTION_KEY: '' });
    expect([noNew.status, noNew.out.trim()]).toEqual([
      1,
      expect.stringContaining('NEW_SETTINGS_ENCRYPTION_KEY must be set, at least 32 characters'),
    ]);
    const same = runCli({ OLD_SETTINGS_ENCRYPTION_KEY: OLD, NEW_SETTINGS_ENCRYPTION_KEY: OLD });
    expect(same.out).toContain('The new key is the same as the old key');

    // The operator clears the dead secret (to be entered again); now the re-key goes through.
    await t.db
      .updateTable('system_settings')
      .set({ value: null })
      .where('key', '=', 'razorpay_key_secret')
      .execute();
    const ok = runCli({ OLD_SETTINGS_ENCRYPTION_KEY: OLD, NEW_SETTINGS_ENCRYPTION_KEY: NEW });
    expect(ok.status, ok.out).toBe(0);
    expect(ok.out).toContain('Re-encrypted 1 sensitive setting(s) and 1 2FA secret(s)');

    const after = await sealed();
    const apiKey = after.settings.find((s) => s.key === 'ai_api_key')!.value!;
    expect(decryptValue(deriveKey(NEW), apiKey)).toBe('sk-live-provider-key');
    expect(decryptValue(deriveKey(OLD), apiKey)).toBeNull();
    expect(after.secrets).toHaveLength(1);
    expect(after.secrets[0].secret).toMatch(/^enc:v1:/);
    expect(decryptValue(deriveKey(NEW), after.secrets[0].secret)).toBe(secret);
    expect(decryptValue(deriveKey(OLD), after.secrets[0].secret)).toBeNull();

    // A process started with the new key: the patient signs in with a code as before.
    second = await createTestApp({ SETTINGS_ENCRYPTION_KEY: NEW }, { database: t.databaseUrl });
    const anon = new Client(second.baseUrl);
    const first = await anon.post('/auth/login', { email: me.email, password: me.password });
    expect(first.body).toMatchObject({ two_factor_required: true });
    const done = await anon.post('/auth/login/2fa', {
      challenge: first.body.challenge,
      code: await code(secret, 30),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }, 180_000);
});
