// @ts-nocheck
// 
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { Client, createTestApp, type TestApp } from './harness';
import { download, parseCsv, signedInAdmin } from './admin-helpers';

let t: TestApp;
let admin: Client;
let viewer: Client;
let adminEmail = '';

/** Audit rows written straight to the database, at chosen times, by chosen admins. */
async function seedAudit(
  rows: {
    action: string;
    resource_type: string;
    resource_id?: string;
    success?: 'success' | 'failed' | 'partial';
    admin_email?: string;
    created_at?: string;
    details?: Record<string, unknown>;
  }[],
) {
  await t.db
    .insertInto('audit_logs')
    .values(
      rows.map((r) => ({
        admin_id: null,
        admin_email: r.admin_email ?? 'seed@staff.in',
        action: r.action,
        resource_type: r.resource_type,
        resource_id: r.resource_id ?? null,
        success: r.success ?? 'success',
        ip_address: '10.1.2.3',
        user_agent: 'seed-agent',
        details: JSON.stringify(r.details ?? {}),
        ...(r.created_at ? { created_at: r.created_at } : {}),
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signedInAdmin(t, 'admin');
  admin = a.c;
  adminEmail = a.admin.email!;
  viewer = (await signedInAdmin(t, 'viewer')).c;
  await seedAudit([
    {
      action: 'suspend_user',
      resource_type: 'user',
      resource_id: '17',
      admin_email: 'ravi@staff.in',
      details: { reason: 'spam 100%' },
    },
    {
      action: 'suspend_user',
      resource_type: 'user',
      resource_id: '18',
      admin_email: 'ravi@staff.in',
      success: 'failed',
    },
    {
      action: 'delete_report',
      resource_type: 'report',
      resource_id: '5',
      admin_email: 'meera@staff.in',
      success: 'partial',
    },
    {
      action: 'update_setting',
      resource_type: 'system_setting',
      resource_id: 'chat_enabled',
      admin_email: 'ravi@staff.in',
    },
    {
      action: 'old_action',
      resource_type: 'user',
      admin_email: 'old@staff.in',
      created_at: '2025-01-15T10:00:00Z',
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('audit log list and detail', () => {
  it('lists newest first with per_page paging and every field', async () => {
    const res = await admin.get('/admin/audit/logs?per_page=2');
    expect(res.status).toBe(200);
    expect(res.body.logs).toHaveLength(2);
    expect(res.body.per_page).toBe(2);
    expect(res.body.total).toBeGreaterThanOrEqual(5);
    expect(res.body.total_pages).toBe(Math.ceil(res.body.total / 2));
    const first = res.body.logs[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'action',
        'admin_email',
        'admin_id',
        'details',
        'id',
        'ip_address',
        'resource_id',
        'resource_type',
        'success',
        'timestamp',
        'user_agent',
      ].sort(),
    );
    const page2 = await admin.get('/admin/audit/logs?per_page=2&page=2');
    expect(page2.body.logs[0].id).not.toBe(first.id);
  });

  it('filters by action, resource type, status, admin email, dates and search', async () => {
    const by = async (q: string) =>
      (await admin.get(`/admin/audit/logs?${q}`)).body.logs as {
        action: string;
        success: string;
        admin_email: string;
        resource_id: string;
      }[];
    expect((await by('action=suspend_user')).map((l) => l.resource_id).sort()).toEqual(['17', '18']);
    expect((await by('resource_type=report')).map((l) => l.action)).toEqual(['delete_report']);
    expect((await by('success=failed')).map((l) => l.resource_id)).toEqual(['18']);
    expect((await by('success=partial')).map((l) => l.action)).toEqual(['delete_report']);
    expect((await by('admin_email=meera')).length).toBe(1);
    expect((await by('start_date=2025-01-15&end_date=2025-01-15')).map((l) => l.action)).toEqual([
      'old_action',
    ]);
    expect((await by('search=chat_enabled')).map((l) => l.action)).toEqual(['update_setting']);
    expect((await by('search=100%25')).length).toBe(0); // literal search: '%' is not a wildcard
    const bad = await admin.get('/admin/audit/logs?success=maybe');
    expect(bad.status).toBe(400);
    expect((await admin.get('/admin/audit/logs?start_date=2026-02-01&end_date=2026-01-01')).status).toBe(400);
    expect((await admin.get('/admin/audit/logs?per_page=1000')).status).toBe(400);
  });

  it('shows one entry, and 404 for a missing one', async () => {
    const list = await admin.get('/admin/audit/logs?action=suspend_user&success=success');
    const id = list.body.logs[0].id;
    const one = await admin.get(`/admin/audit/logs/${id}`);
    expect(one.body).toMatchObject({
      id,
      action: 'suspend_user',
      details: { reason: 'spam 100%' },
      user_agent: 'seed-agent',
    });
    const missing = await admin.get(`/admin/audit/logs/${987654}`);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Audit log not found');
  });

  it('loads filter options and the 30-day stats', async () => {
    const actions = await admin.get('/admin/audit/actions');
    expect(actions.body.actions).toContainEqual({ value: 'suspend_user', label: 'Suspend User' });
    const types = await admin.get('/admin/audit/resource-types');
    expect(types.body.resource_types).toContainEqual({ value: 'system_setting', label: 'System Setting' });
    const stats = await admin.get('/admin/audit/stats?days=30');
    expect(stats.body.total_actions).toBeGreaterThanOrEqual(4);
    expect(stats.body.failed_actions).toBe(1);
    expect(stats.body.most_active_admins[0]).toBe('ravi@staff.in');
    const expected = Math.round(((stats.body.total_actions - 1) / stats.body.total_actions) * 1000) / 10;
    expect(stats.body.success_rate).toBe(expected);
    expect((await admin.get('/admin/audit/stats?days=0')).status).toBe(400);
  });

  it('exports the filtered trail as CSV and audits the export', async () => {
    const res = await download(admin, '/admin/audit/logs/export/csv?action=suspend_user');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toContain(`filename="audit_logs_${today}.csv"`);
    const rows = parseCsv(res.text);
    expect(rows.map((r) => r.resource_id).sort()).toEqual(['17', '18']);
    expect(JSON.parse(rows.find((r) => r.resource_id === '17')!.details)).toEqual({ reason: 'spam 100%' });
    const all = parseCsv((await download(admin, '/admin/audit/logs/export/csv')).text);
    const count = await t.db
      .selectFrom('audit_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.length).toBe(count.n - 0); // the export row itself was written before the download
    const exported = await admin.get('/admin/audit/logs?action=export_audit_logs');
    expect(exported.body.logs[0]).toMatchObject({ admin_email: adminEmail, resource_type: 'audit_log' });
  });

  it('is for view_audit_logs: a viewer reads it, a moderator does not', async () => {
    expect((await viewer.get('/admin/audit/logs')).status).toBe(200);
    const moderator = (await signedInAdmin(t, 'moderator')).c;
    expect((await moderator.get('/admin/audit/logs')).status).toBe(403);
    expect((await moderator.get('/admin/audit/stats')).status).toBe(403);
  });
});

describe('audit rows are append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await t.db.selectFrom('audit_logs').selectAll().orderBy('id').execute();
    await expect(sql`UPDATE audit_logs SET action = 'nothing_happened'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`UPDATE audit_logs SET admin_id = NULL, action = 'x'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_logs`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_logs`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_logs').where('success', '=', 'failed').execute()).rejects.toThrow(
      /append-only/,
    );
    const after = await t.db.selectFrom('audit_logs').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('deleting an admin keeps their rows (admin_id cleared, e-mail kept)', async () => {
    const gone = await createAdmin(t.db, {
      username: 'leaver',
      password: 'adminpass123',
      role: 'viewer',
      email: 'leaver@staff.in',
    });
    const c = new Client(t.baseUrl);
    const login = await c.post('/admin/login', { username: 'leaver', password: 'adminpass123' });
    expect(login.status).toBe(200);
    const mine = await t.db.selectFrom('audit_logs').selectAll().where('admin_id', '=', gone.id).execute();
    expect(mine.length).toBeGreaterThan(0);
    await t.db.deleteFrom('admins').where('id', '=', gone.id).execute();
    const kept = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where(
        'id',
        'in',
        mine.map((r) => r.id),
      )
      .execute();
    expect(kept.map((r) => [r.admin_id, r.admin_email, r.action])).toEqual(
      mine.map((r) => [null, r.admin_email, r.action]),
    );
  });

  it('no API route changes or removes audit rows', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await admin.request(method, `/admin/audit/logs/${1}`, method === 'DELETE' ? undefined : {});
      expect(res.status).toBe(404);
    }
  });
});
