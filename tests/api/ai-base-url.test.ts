import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, seedReport, signedInAdmin } from './admin-helpers';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * The AI base URL setting cannot carry the provider key or the patients' text to a host of a
 * super admin's choosing: a changed URL clears the stored key, and only public https (or a host
 * the operator allowed in AI_ALLOWED_HOSTS) is accepted.
 */
let t: TestApp;
let superAdmin: Client;
const put = (c: Client, key: string, value: unknown) => c.request('PUT', `/admin/settings/${key}`, { value });

beforeAll(async () => {
  t = await createTestApp({ AI_ALLOWED_HOSTS: '127.0.0.1' });
  superAdmin = (await signedInAdmin(t, 'super_admin')).c;
});
afterAll(async () => {
  await t?.close();
});

/** A fake OpenAI-compatible server recording the Authorization header of each call. */
async function fakeModel() {
  const auth: Array<string | undefined> = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      auth.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ model: 'm', choices: [{ message: { content: 'Ask your doctor.' } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { auth, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

describe('the AI base URL setting', () => {
  it('refuses plain http, internal addresses, credentials and other schemes', async () => {
    for (const bad of [
      'http://evil.example/v1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/v1',
      'https://192.168.1.1/v1',
      'https://[::1]/v1',
      'https://[::ffff:127.0.0.1]/v1',
      'https://localhost/v1',
      'https://user:pw@api.example.com/v1',
      'file:///etc/passwd',
      'gopher://api.example.com/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const res = await put(superAdmin, 'ai_base_url', bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.detail, bad).toMatch(/ai_base_url/);
    }
    expect((await put(superAdmin, 'ai_base_url', 'https://api.example.com/v1')).status).toBe(200);
    expect((await put(superAdmin, 'ai_base_url', '')).status).toBe(200);
  });

  it('a changed base URL clears the stored key: the new host never receives it', async () => {
    const first = await fakeModel();
    const second = await fakeModel();
    try {
      await put(superAdmin, 'ai_provider', 'openai');
      await put(superAdmin, 'ai_model', 'm');
      await put(superAdmin, 'ai_base_url', first.url);
      await put(superAdmin, 'ai_api_key', 'the-stored-key-77');
      const user = new Client(t.baseUrl);
      const { user: u } = await registerAndLogin(user);
      const report = await seedReport(t, u.id, { summary: 'Haemoglobin is low' });
      expect(
        (await user.post('/chats/', { report_id: report.id, message: 'Explain my report' })).status,
      ).toBe(201);
      expect(first.auth).toContain('Bearer the-stored-key-77');

      const moved = await put(superAdmin, 'ai_base_url', second.url);
      expect(moved.status).toBe(200);
      expect((await superAdmin.get('/admin/settings/ai_api_key')).body.value).toBeNull();
      const [audit] = (await auditRows(t, 'update_setting')).filter(
        (r) =>
          (r.details as { key?: string }).key === 'ai_base_url' &&
          (r.details as { cleared?: string }).cleared,
      );
      expect(audit.details).toMatchObject({ cleared: 'ai_api_key' });
      await user.post('/chats/', { report_id: report.id, message: 'Explain my report in simple words' });
      expect(second.auth.length).toBeGreaterThan(0);
      expect(second.auth.every((a) => !a?.includes('the-stored-key-77'))).toBe(true);
    } finally {
      await put(superAdmin, 'ai_provider', 'local');
      first.server.close();
      second.server.close();
    }
  });
});
