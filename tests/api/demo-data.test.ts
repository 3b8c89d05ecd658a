import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../api/src/env';
import { DEMO_STAFF, DEMO_USER, seedDemoData } from '../../api/src/seed/demo';
import { Client, createTestApp, type TestApp } from './harness';

/**
 * The demo a newcomer sees on first start: the trends tell a story, the chats, the moderation
 * queue and the audit log have content, every role can sign in, and loading it again adds nothing.
 */
let t: TestApp;
let demo: Client;

const counts = async () => {
  const n = async (table: 'users' | 'reports' | 'chats' | 'admins' | 'audit_logs' | 'report_values') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await n('users'),
    reports: await n('reports'),
    values: await n('report_values'),
    chats: await n('chats'),
    admins: await n('admins'),
    audit: await n('audit_logs'),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
  demo = new Client(t.baseUrl);
  const login = await demo.post('/auth/login', { email: DEMO_USER.email, password: DEMO_USER.password });
  expect(login.status).toBe(200);
  demo.bearer = login.body.token;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it("the demo patient's four analysed reports span eighteen months, placed by their printed dates", async () => {
    const hb = await demo.get('/user/trends/hemoglobin');
    expect(hb.status).toBe(200);
    expect(hb.body.points.map((p: { date: string; date_source: string }) => [p.date, p.date_source])).toEqual(
      [
        ['2025-05-20', 'printed'],
        ['2025-11-14', 'printed'],
        ['2026-05-08', 'printed'],
        ['2026-11-18', 'printed'],
      ],
    );
    // Haemoglobin leaves its range and comes back; fasting glucose too (printed in two units).
    expect(hb.body.points.map((p: { out_of_range: boolean }) => p.out_of_range)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const glucose = await demo.get('/user/trends/glucose_fasting');
    expect(glucose.body.points.map((p: { out_of_range: boolean }) => p.out_of_range)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(glucose.body.sentence.en).toMatch(
      /over 18 months, back within the normal range after being above it$/,
    );
    expect(hb.body.sentence.en).toMatch(/back within the normal range after being below it$/);
    const list = await demo.get('/user/trends');
    expect(list.body.total_count).toBeGreaterThanOrEqual(6);
  });

  it('the reports are real analyses: every value row came from the engine reading the file', async () => {
    const reports = await t.db
      .selectFrom('reports')
      .select((eb) => [
        'id',
        'status',
        'engine_version',
        'summary',
        eb
          .selectFrom('report_values')
          .whereRef('report_id', '=', 'reports.id')
          .select(eb.fn.countAll().as('n'))
          .as('values'),
      ])
      .execute();
    expect(reports.length).toBeGreaterThanOrEqual(8);
    for (const r of reports) {
      expect(r.status).toBe('completed');
      expect(r.engine_version).toBeTruthy();
      expect(r.summary).toBeTruthy();
      expect(Number(r.values)).toBeGreaterThan(0);
    }
  });

  it('has chats about the reports, and the chat flagged itself into the moderation queue', async () => {
    const chats = await demo.get('/user/chats');
    expect(chats.status).toBe(200);
    expect(chats.body.total ?? chats.body.total_count ?? chats.body.chats?.length).toBeGreaterThanOrEqual(5);
    const flagged = await t.db
      .selectFrom('chats')
      .select(['flag_reason', 'moderation_status'])
      .where('is_flagged', '=', true)
      .execute();
    expect(flagged).toEqual([{ flag_reason: 'auto:abuse:medium', moderation_status: 'pending' }]);
    const reports = await t.db
      .selectFrom('reports')
      .select(['original_filename', 'moderation_status', 'reviewed_by'])
      .where('is_flagged', '=', true)
      .execute();
    expect(reports).toEqual([
      {
        original_filename: 'arjun-lipids-sep-2026.txt',
        moderation_status: 'pending',
        reviewed_by: expect.any(Number),
      },
    ]);
  });

  it('staff of each role sign in with the printed credentials and see the queue and the audit log', async () => {
    for (const s of DEMO_STAFF) {
      const c = new Client(t.baseUrl);
      const res = await c.post('/admin/login', { username: s.username, password: s.password });
      expect(res.status, s.username).toBe(200);
      expect(res.body.admin?.role ?? res.body.user?.role).toBe(s.role);
    }
    // The patients rated some answers, so the dashboard's satisfaction rate is a real figure.
    const admin = new Client(t.baseUrl);
    const main = DEMO_STAFF[0];
    admin.bearer = (
      await admin.post('/admin/login', { username: main.username, password: main.password })
    ).body.token;
    const stats = await admin.get('/admin/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.chats.satisfaction_rate).toBeGreaterThan(0);
    expect(stats.body.chats.satisfaction_rate).toBeLessThan(100);
    const actions = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', 'not like', '%login%')
      .orderBy('id')
      .execute();
    // With no super admin (as here) the seed makes the demo admin, who creates the other two.
    expect(actions.map((a) => a.action)).toEqual([
      'create_admin',
      'create_admin',
      'flag_report',
      'suspend_user',
    ]);
  });

  it('is idempotent: loading it again adds nothing', async () => {
    const before = await counts();
    expect(await seedDemoData(t.deps)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });

  it('is never loaded into a database with real users, and is off in production unless asked', async () => {
    await t.db
      .insertInto('users')
      .values({ email: 'real@example.com', password_hash: 'x', full_name: 'Real Person' } as never)
      .execute();
    await t.db.deleteFrom('chats').where('message', '=', 'Is my haemoglobin better now?').execute();
    const before = await counts();
    expect(await seedDemoData(t.deps)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
    expect(readEnv({ NODE_ENV: 'production' }).DEMO_DATA).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(readEnv({ NODE_ENV: 'development' }).DEMO_DATA).toBe(true);
  });
});
