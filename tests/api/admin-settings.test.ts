import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_VALUE, SETTING_CATEGORIES } from '@reportsaathi/contracts';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';
import { auditRows, seedReport, signedInAdmin } from './admin-helpers';

let t: TestApp;
let superAdmin: Client;
let admin: Client;
let viewer: Client;

const put = (c: Client, key: string, body: unknown) => c.request('PUT', `/admin/settings/${key}`, body);

beforeAll(async () => {
  t = await createTestApp({ AI_ALLOWED_HOSTS: '127.0.0.1' });
  superAdmin = (await signedInAdmin(t, 'super_admin')).c;
  admin = (await signedInAdmin(t, 'admin')).c;
  viewer = (await signedInAdmin(t, 'viewer')).c;
});
afterAll(async () => {
  await t?.close();
});

describe('reading settings', () => {
  it('lists the known settings by category, never the internal secrets', async () => {
    const all = await admin.get('/admin/settings/');
    expect(all.status).toBe(200);
    const keys = all.body.settings.map((s: { key: string }) => s.key);
    expect(keys).toContain('guest_daily_uploads');
    expect(keys).not.toContain('jwt_secret');
    expect(keys).not.toContain('settings_encryption_key');
    const ai = await admin.get('/admin/settings/?category=ai_model');
    expect(ai.body.settings.every((s: { category: string }) => s.category === 'ai_model')).toBe(true);
    expect(ai.body.settings.map((s: { key: string }) => s.key)).toContain('ai_provider');
    const typed = all.body.settings.find((s: { key: string }) => s.key === 'guest_daily_uploads');
    expect(typed).toMatchObject({ value: 3, data_type: 'integer', category: 'rate_limiting' });
    const noSensitive = await admin.get('/admin/settings/?include_sensitive=false');
    expect(noSensitive.body.settings.some((s: { is_sensitive: boolean }) => s.is_sensitive)).toBe(false);
    expect((await admin.get('/admin/settings/?category=nope')).status).toBe(400);
  });

  it('has the six categories, a status and one setting by key', async () => {
    const cats = await admin.get('/admin/settings/categories');
    expect(cats.body.categories.map((c: { value: string }) => c.value)).toEqual([...SETTING_CATEGORIES]);
    expect(cats.body.categories[0]).toMatchObject({ value: 'ai_model', label: 'AI Model' });
    const status = await admin.get('/admin/settings/status/system');
    expect(status.body).toMatchObject({
      status: 'operational',
      maintenance_mode: false,
      system_version: '2.1.0',
    });
    expect(typeof status.body.uptime).toBe('string');
    expect(typeof status.body.active_users).toBe('number');
    const one = await admin.get(`/admin/settings/${'chat_enabled'}`);
    expect(one.body).toMatchObject({ key: 'chat_enabled', value: true, data_type: 'boolean' });
    const unknown = await admin.get(`/admin/settings/${'no_such_setting'}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Setting not found');
    expect((await admin.get(`/admin/settings/${'jwt_secret'}`)).status).toBe(404);
  });

  it('is closed to roles without the permission', async () => {
    expect((await viewer.get('/admin/settings/')).status).toBe(403);
    expect((await put(admin, 'chat_enabled', { value: false })).status).toBe(403);
    expect((await admin.post('/admin/settings/initialize')).status).toBe(403);
  });
});

describe('changing settings', () => {
  it('checks the value against the data type and changes nothing on a bad one', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['guest_daily_uploads', 'abc', /must be a whole number/],
      ['guest_daily_uploads', 2.5, /must be a whole number/],
      ['guest_daily_uploads', -1, /at least 0/],
      ['chat_enabled', 'yes', /true or false/],
      ['allowed_upload_extensions', '{"pdf": ', /^Invalid JSON: /],
      ['allowed_upload_extensions', '["exe"]', /JSON list of/],
      ['ai_provider', 'skynet', /one of: local, gemini, openai/],
      ['ai_provider', 12, /must be text/],
    ];
    for (const [key, value, message] of cases) {
      const res = await put(superAdmin, key, { value });
      expect([key, res.status]).toEqual([key, 400]);
      expect(res.body.detail).toMatch(message);
    }
    expect((await put(superAdmin, 'no_such_setting', { value: 1 })).status).toBe(404);
    expect((await put(superAdmin, 'chat_enabled', {})).status).toBe(400);
    const still = await superAdmin.get(`/admin/settings/${'guest_daily_uploads'}`);
    expect(still.body.value).toBe(3);
  });

  it('converts form text by type, records who changed it, and audits old and new value', async () => {
    const res = await put(superAdmin, 'guest_report_retention_hours', {
      value: '36',
      description: 'Shorter',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: 36, description: 'Shorter' });
    expect(res.body.last_modified_by).toMatch(/@staff\.in$/);
    expect(res.body.last_modified_at).toBeTruthy();
    const json = await put(superAdmin, 'allowed_upload_extensions', {
      value: ['pdf', 'png', 'jpg', 'jpeg', 'txt'],
    });
    expect(json.body.value).toEqual(['pdf', 'png', 'jpg', 'jpeg', 'txt']);
    const [row] = await auditRows(t, 'update_setting');
    expect(row).toMatchObject({ resource_type: 'system_setting', success: 'success' });
    const failed = (await auditRows(t, 'update_setting')).find((r) => r.success === 'failed');
    expect(failed).toBeUndefined(); // a 400 before the change writes nothing
  });

  it('stores sensitive values encrypted, masks them in every answer and never logs them', async () => {
    const secret = 'sk-live-very-secret-123456';
    const res = await put(superAdmin, 'razorpay_key_secret', { value: secret });
    expect(res.status).toBe(200);
    expect(res.body.value).toBe(MASKED_VALUE);
    const stored = await t.db
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', 'razorpay_key_secret')
      .executeTakeFirstOrThrow();
    expect(stored.value).toMatch(/^enc:v1:/);
    expect(stored.value).not.toContain(secret);
    const list = await superAdmin.get('/admin/settings/?category=payment');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const one = await superAdmin.get(`/admin/settings/${'razorpay_key_secret'}`);
    expect(one.body.value).toBe(MASKED_VALUE);
    const audits = await t.db.selectFrom('audit_logs').select('details').execute();
    expect(JSON.stringify(audits)).not.toContain(secret);
  });

  it('Initialize Defaults adds missing settings and keeps chosen values', async () => {
    await t.db.deleteFrom('system_settings').where('key', '=', 'razorpay_key_id').execute();
    const res = await superAdmin.post('/admin/settings/initialize');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Default settings initialized successfully', created: 1 });
    const kept = await superAdmin.get(`/admin/settings/${'guest_report_retention_hours'}`);
    expect(kept.body.value).toBe(36);
  });
});

describe('settings take effect', () => {
  it('guest limits and the guest analyzer switch', async () => {
    const guest = new Client(t.baseUrl);
    const session = await guest.post('/guest/session');
    const sid = session.body.session_id;
    await put(superAdmin, 'guest_daily_uploads', { value: 1 });
    expect((await guest.get(`/guest/session/${sid}/rate-limits`)).body.uploads_remaining).toBe(1);
    await put(superAdmin, 'guest_daily_uploads', { value: 7 });
    expect((await guest.get(`/guest/session/${sid}/rate-limits`)).body.uploads_remaining).toBe(7);
    await put(superAdmin, 'guest_daily_analyses', { value: 0 });
    expect((await guest.get(`/guest/session/${sid}/rate-limits`)).body.can_analyze).toBe(false);
    await put(superAdmin, 'guest_daily_analyses', { value: 3 });
    await put(superAdmin, 'guest_analysis_enabled', { value: 'false' });
    expect((await new Client(t.baseUrl).post('/guest/session')).status).toBe(503);
    await put(superAdmin, 'guest_analysis_enabled', { value: true });
    expect((await new Client(t.baseUrl).post('/guest/session')).status).toBe(201);
  });

  it('upload size and accepted types', async () => {
    const user = new Client(t.baseUrl);
    await registerAndLogin(user);
    const big = 'Haemoglobin 13.5 g/dL\n'.repeat(60_000); // about 1.3 MB
    await put(superAdmin, 'max_upload_mb', { value: 1 });
    const tooBig = await user.post('/reports/upload', fileForm('big.txt', big, 'text/plain'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe(`File is larger than ${1024 * 1024} bytes`);
    await put(superAdmin, 'max_upload_mb', { value: 10 });
    const ok = await user.post('/reports/upload', fileForm('big.txt', big, 'text/plain'));
    expect(ok.status).toBe(201);
    await put(superAdmin, 'allowed_upload_extensions', { value: '["pdf"]' });
    const txt = await user.post('/reports/upload', fileForm('r.txt', 'Haemoglobin 13.5 g/dL', 'text/plain'));
    expect(txt.status).toBe(415);
    expect(txt.body.detail).toBe('File type must be one of application/pdf');
    await put(superAdmin, 'allowed_upload_extensions', { value: '["pdf","png","jpg","jpeg","txt"]' });
    const back = await user.post('/reports/upload', fileForm('r.txt', 'Haemoglobin 13.5 g/dL', 'text/plain'));
    expect(back.status).toBe(201);
  });

  it('the registration and chat switches', async () => {
    await put(superAdmin, 'registration_enabled', { value: false });
    const closed = await new Client(t.baseUrl).post('/auth/register', {
      email: 'late@example.com',
      password: 'secret123',
      full_name: 'Late Comer',
    });
    expect(closed.status).toBe(403);
    expect(closed.body.detail).toBe('Registration is currently closed. Please try again later.');
    await put(superAdmin, 'registration_enabled', { value: true });
    const user = new Client(t.baseUrl);
    const { user: u } = await registerAndLogin(user);
    const report = await seedReport(t, u.id);
    await put(superAdmin, 'chat_enabled', { value: false });
    const off = await user.post('/chats/', { report_id: report.id, message: 'What is haemoglobin?' });
    expect(off.status).toBe(503);
    await put(superAdmin, 'chat_enabled', { value: true });
    const on = await user.post('/chats/', { report_id: report.id, message: 'What is haemoglobin?' });
    expect(on.status).toBe(201);
  });

  it('session lengths apply to new sessions', async () => {
    await put(superAdmin, 'session_days_user', { value: 2 });
    await put(superAdmin, 'session_hours_admin', { value: 3 });
    const user = new Client(t.baseUrl);
    const { user: u } = await registerAndLogin(user);
    const session = await t.db
      .selectFrom('user_sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    const days = (session.expires_at.getTime() - session.created_at.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(1.99);
    expect(days).toBeLessThan(2.01);
    const { admin: a } = await signedInAdmin(t, 'viewer');
    const adminSession = await t.db
      .selectFrom('user_sessions')
      .select(['created_at', 'expires_at'])
      .where('admin_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const hours = (adminSession.expires_at.getTime() - adminSession.created_at.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(2.99);
    expect(hours).toBeLessThan(3.01);
    await put(superAdmin, 'session_days_user', { value: 7 });
    await put(superAdmin, 'session_hours_admin', { value: 24 });
  });

  it('sign-in rate limits', async () => {
    const user = new Client(t.baseUrl);
    const { email } = await registerAndLogin(user);
    await put(superAdmin, 'login_attempts_per_account', { value: 2 });
    const wrong = () => new Client(t.baseUrl).post('/auth/login', { email, password: 'wrong-password' });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    // The lockout notice (the account_locked event) follows the setting, not a fixed 5.
    const lockedEvents = await t.db
      .selectFrom('security_events')
      .select('details')
      .where('event_type', '=', 'account_locked')
      .execute();
    expect(lockedEvents.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ identifier: email, minutes: 15 }),
    );
    const blocked = await wrong();
    expect(blocked.status).toBe(429);
    await put(superAdmin, 'login_attempts_per_account', { value: 5 });
    expect((await wrong()).status).toBe(401);
  });

  it('the AI provider, model and (encrypted) key reach the language-model call', async () => {
    const seen: { model: string; auth: string | undefined }[] = [];
    const fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body || '{}') as { model?: string };
        seen.push({ model: parsed.model ?? '', auth: req.headers.authorization });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            model: parsed.model,
            choices: [{ message: { content: 'Your haemoglobin is a little low; please ask your doctor.' } }],
            usage: { total_tokens: 42 },
          }),
        );
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const port = (fake.address() as AddressInfo).port;
    try {
      await put(superAdmin, 'ai_provider', { value: 'openai' });
      await put(superAdmin, 'ai_model', { value: 'settings-test-model' });
      await put(superAdmin, 'ai_base_url', { value: `http://127.0.0.1:${port}/v1` });
      await put(superAdmin, 'ai_api_key', { value: 'key-from-settings-42' });
      const user = new Client(t.baseUrl);
      const { user: u } = await registerAndLogin(user);
      const report = await seedReport(t, u.id, { summary: 'Haemoglobin is low' });
      const res = await user.post('/chats/', {
        report_id: report.id,
        message: 'Explain my report in simple words',
      });
      expect(res.status).toBe(201);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]).toEqual({ model: 'settings-test-model', auth: 'Bearer key-from-settings-42' });
    } finally {
      await put(superAdmin, 'ai_provider', { value: 'local' });
      fake.close();
    }
  });
});

describe('maintenance mode', () => {
  it('closes the patient API with the message while the back office keeps working, then reopens', async () => {
    const user = new Client(t.baseUrl);
    await registerAndLogin(user);
    expect((await user.get('/reports')).status).toBe(200);
    const on = await superAdmin.post('/admin/settings/maintenance-mode', {
      enabled: true,
      message: 'Upgrading the database',
      estimated_duration: '2 hours',
    });
    expect(on.status).toBe(200);
    const closed = await user.get('/reports');
    expect(closed.status).toBe(503);
    expect(closed.body).toEqual({
      detail: 'Upgrading the database',
      maintenance: true,
      estimated_duration: '2 hours',
    });
    expect(
      (await new Client(t.baseUrl).post('/auth/login', { email: 'a@b.co', password: 'secret123' })).status,
    ).toBe(503);
    expect((await new Client(t.baseUrl).post('/guest/session')).status).toBe(503);
    const status = await new Client(t.baseUrl).get('/status/maintenance');
    expect(status.body).toEqual({
      maintenance_mode: true,
      message: 'Upgrading the database',
      estimated_duration: '2 hours',
    });
    expect((await new Client(t.baseUrl).get('/health')).status).toBe(200);
    // the back office: an admin still signs in and works
    const { c: lateAdmin } = await signedInAdmin(t, 'admin');
    expect((await lateAdmin.get('/admin/settings/status/system')).body).toMatchObject({
      status: 'maintenance',
      maintenance_mode: true,
      maintenance_message: 'Upgrading the database',
    });
    expect((await superAdmin.get('/admin/settings/')).status).toBe(200);
    const [audit] = await auditRows(t, 'enable_maintenance');
    expect(audit.details).toMatchObject({ message: 'Upgrading the database', estimated_duration: '2 hours' });

    const off = await superAdmin.post('/admin/settings/maintenance-mode', { enabled: false });
    expect(off.body).toEqual({ message: 'Maintenance mode disabled', maintenance_mode: false });
    expect((await user.get('/reports')).status).toBe(200);
    expect((await new Client(t.baseUrl).get('/status/maintenance')).body.maintenance_mode).toBe(false);
    expect((await superAdmin.post('/admin/settings/maintenance-mode', { enabled: 'yes' })).status).toBe(400);
  });
});
