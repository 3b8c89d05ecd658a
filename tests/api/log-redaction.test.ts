import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/logger';
import { signedInAdmin } from './admin-helpers';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * Request logs carry no health data and no one's address: query values, route parameters and
 * bodies are never written, at any level. The app's own logger runs at trace level into `lines`.
 */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logger });
});
afterAll(async () => {
  await t?.close();
});

describe('log redaction', () => {
  it('searches, filters, bodies and guest ids stay out of the logs; the parameter names stay', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    await c.get('/user/search?query=hiv%20positive');
    await c.get(`/user/reports?page=1&search=${encodeURIComponent('cancer marker ca-125')}`);
    await c.post('/chats/', { report_id: 999999, message: 'Is my HbA1c of 9.1 diabetes?' });
    const { c: admin } = await signedInAdmin(t, 'admin');
    await admin.get(`/admin/users/list?search=${encodeURIComponent('asha.verma@example.com')}`);
    await admin.get(`/admin/audit/logs?admin_email=${encodeURIComponent('staff.person@example.com')}`);
    const guest = new Client(t.baseUrl);
    const sid = (await guest.post('/guest/session')).body.session_id as string;
    await guest.request(
      'POST',
      `/guest/session/${sid}/upload`,
      fileForm('r.txt', 'HIV 1/2 antibody reactive\n'),
    );
    await guest.get(`/guest/session/${sid}/reports?x=${encodeURIComponent('hepatitis B')}`);

    const log = lines.join('');
    expect(log).toContain('/user/search?query=[redacted]');
    expect(log).toContain('/admin/users/list?search=[redacted]');
    for (const secret of [
      'hiv',
      'HIV',
      'cancer',
      'ca-125',
      'HbA1c',
      'asha.verma',
      'staff.person',
      'hepatitis',
      sid,
      me.email,
    ])
      expect(log, `the logs hold ${secret}`).not.toContain(secret);
  });
});
