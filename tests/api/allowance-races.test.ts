import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * An allowance holds under parallel uploads: the check and the recording of its use are one
 * step (features/reports/accept-upload.ts), so ten uploads sent at once by one guest or one user
 * are accepted exactly up to the limit, and the refused ones leave no report and no file.
 */
let t: TestApp;
const REPORT = 'Haemoglobin 13.5 g/dL 13.0 - 17.0\nPlatelet count 250 10^3/uL 150 - 410\n';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setSetting(key: string, value: string) {
  await t.db.updateTable('system_settings').set({ value }).where('key', '=', key).execute();
  invalidateSettingsCache(t.db);
}

describe('allowances under parallel uploads', () => {
  it("a guest's daily uploads: 10 at once against a limit of 3 → exactly 3 accepted", async () => {
    await setSetting('guest_daily_uploads', '3');
    const c = new Client(t.baseUrl);
    const sid = (await c.post('/guest/session')).body.session_id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.request('POST', `/guest/session/${sid}/upload`, fileForm(`r${i}.txt`, `${REPORT}#${i}\n`)),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const reports = await t.db
      .selectFrom('reports')
      .select('id')
      .where('guest_session_id', '=', sid)
      .execute();
    expect(reports).toHaveLength(3);
    const uploads = await t.db
      .selectFrom('guest_usage')
      .select('id')
      .where('guest_session_id', '=', sid)
      .where('kind', '=', 'upload')
      .execute();
    expect(uploads).toHaveLength(3);
  });

  it("a plan's monthly analyses: 10 at once with 2 left → exactly 2 accepted", async () => {
    await t.db
      .updateTable('plans')
      .set({ limits: sql`limits || '{"analyses_per_month": 2}'::jsonb` })
      .where('code', '=', 'free')
      .execute();
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.request('POST', '/reports/upload', fileForm(`u${i}.txt`, `${REPORT}#${i}\n`)),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(8);
    const used = await t.db
      .selectFrom('analysis_usage')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(used).toHaveLength(2);
  });
});
