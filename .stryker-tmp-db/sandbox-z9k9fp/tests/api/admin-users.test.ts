// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_ACCOUNT, SUSPEND_REASON_REQUIRED } from '@reportsaathi/contracts';
import { Client, createTestApp, type TestApp } from './harness';
import {
  auditRows,
  download,
  parseCsv,
  seedChat,
  seedReport,
  seedUser,
  signedInAdmin,
  USER_PASSWORD,
} from './admin-helpers';

let t: TestApp;
let admin: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAdmin(t, 'super_admin')).c;
  const percent = await seedUser(t, {
    full_name: 'Discount 100% Raj',
    email: 'pct@example.com',
    is_verified: true,
  });
  const underscore = await seedUser(t, { full_name: 'snake_case Meera', email: 'under_score@example.com' });
  const quote = await seedUser(t, {
    full_name: `Ravi O'Brien "Jr"`,
    email: 'quote@example.com',
    is_active: false,
  });
  const hindi = await seedUser(t, {
    full_name: 'राम कुमार',
    email: 'ram@example.com',
    is_verified: true,
    created_at: '2026-03-10T23:59:30Z',
    last_login: '2026-11-01T10:00:00Z',
  });
  const early = await seedUser(t, {
    full_name: 'Asha Early',
    email: 'asha@example.com',
    created_at: '2026-03-09T12:00:00Z',
    last_login: '2026-10-01T10:00:00Z',
  });
  Object.assign(ids, {
    percent: percent.id,
    underscore: underscore.id,
    quote: quote.id,
    hindi: hindi.id,
    early: early.id,
  });
  const r1 = await seedReport(t, hindi.id, { status: 'completed' });
  await seedReport(t, hindi.id, { status: 'failed' });
  await seedReport(t, hindi.id, { status: 'deleted' });
  await seedChat(t, hindi.id, r1.id, { message: 'Is my sugar fine?' });
  await seedChat(t, hindi.id, r1.id, { is_flagged: true });
  await seedChat(t, hindi.id, r1.id);
  await t.db
    .insertInto('feedback')
    .values({ user_id: hindi.id, report_id: r1.id, rating: 'helpful' })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string) => admin.get(`/admin/users/list${query}`);
const names = (body: Record<string, unknown>) =>
  (body.users as { full_name: string }[]).map((u) => u.full_name);

describe('GET /admin/users/list', () => {
  it('pages with totals and per-user report and chat counts (soft-deleted reports left out)', async () => {
    const res = await admin.get('/admin/users/list?limit=2&sort_by=created_at&sort_order=desc');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 5, total_pages: 3, page: 1, limit: 2, total_is_estimate: false });
    expect(res.body.users).toHaveLength(2);
    const all = await list('?limit=100');
    const ram = all.body.users.find((u: { id: number }) => u.id === ids.hindi);
    expect(ram).toMatchObject({
      email: 'ram@example.com',
      total_reports: 2,
      total_chats: 3,
      is_verified: true,
    });
    expect(ram).not.toHaveProperty('password_hash');
  });

  it('a page past the end is empty with the right totals', async () => {
    const res = await list('?limit=2&page=9');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ users: [], total: 5, total_pages: 3, page: 9 });
  });

  it('searches name and email literally: %, _, quotes and unicode are plain characters', async () => {
    expect(names((await list(`?search=${encodeURIComponent('%')}`)).body)).toEqual(['Discount 100% Raj']);
    expect(names((await list(`?search=${encodeURIComponent('_')}`)).body)).toEqual(['snake_case Meera']);
    expect(names((await list(`?search=${encodeURIComponent(`O'Brien "`)}`)).body)).toEqual([
      `Ravi O'Brien "Jr"`,
    ]);
    expect(names((await list(`?search=${encodeURIComponent('राम')}`)).body)).toEqual(['राम कुमार']);
    expect(names((await list(`?search=UNDER_SCORE@`)).body)).toEqual(['snake_case Meera']);
    expect((await list(`?search=${encodeURIComponent('%%')}`)).body.total).toBe(0);
  });

  it('filters by status', async () => {
    expect((await list('?status=inactive')).body.users.map((u: { id: number }) => u.id)).toEqual([ids.quote]);
    expect((await list('?status=active')).body.total).toBe(4);
    expect((await list('?status=verified')).body.total).toBe(2);
    expect((await list('?status=unverified')).body.total).toBe(3);
    expect((await list('?status=banned')).status).toBe(400);
  });

  it('the date range includes the whole end day', async () => {
    const res = await list('?date_from=2026-03-10&date_to=2026-03-10');
    expect(names(res.body)).toEqual(['राम कुमार']);
    const both = await list('?date_from=2026-03-09&date_to=2026-03-10&sort_by=created_at&sort_order=asc');
    expect(names(both.body)).toEqual(['Asha Early', 'राम कुमार']);
    const reversed = await list('?date_from=2026-03-11&date_to=2026-03-10');
    expect(reversed.status).toBe(400);
    expect(reversed.body.detail).toBe('date_from must not be after date_to');
  });

  it('sorts by last_login with never-signed-in users last when descending', async () => {
    const res = await list('?sort_by=last_login&sort_order=desc');
    expect(res.body.users.slice(0, 2).map((u: { id: number }) => u.id)).toEqual([ids.hindi, ids.early]);
    expect(res.body.users[4].last_login).toBeNull();
    const asc = await list('?sort_by=full_name&sort_order=asc');
    expect(names(asc.body)[0]).toBe('Asha Early');
  });

  it('refuses an unknown sort, a huge limit and a negative page with a clear 400', async () => {
    const sort = await list('?sort_by=password_hash');
    expect(sort.status).toBe(400);
    expect(sort.body.detail).toBe('sort_by must be one of: full_name, email, created_at, last_login');
    const limit = await list('?limit=100000');
    expect(limit.status).toBe(400);
    expect(limit.body.detail).toBe('limit must be at most 100');
    const page = await list('?page=-1');
    expect(page.status).toBe(400);
    expect(page.body.detail).toBe('page must be at least 1');
  });
});

describe('GET /admin/users/:id', () => {
  it('answers the user, statistics and recent activity', async () => {
    const res = await admin.get(`/admin/users/${ids.hindi}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: ids.hindi, email: 'ram@example.com', is_active: true });
    expect(res.body.user.preferences).toMatchObject({ theme: 'light', language: 'en' });
    expect(res.body.stats).toEqual({
      total_reports: 2,
      completed_reports: 1,
      total_chats: 3,
      total_feedback: 1,
      success_rate: 50,
      avg_chats_per_report: 1.5,
    });
    expect(res.body.recent_activity).toHaveLength(6);
    expect(res.body.recent_activity[0]).toEqual(
      expect.objectContaining({ type: expect.stringMatching(/report|chat/), title: expect.any(String) }),
    );
  });

  it('an id that does not exist is 404', async () => {
    const res = await admin.get('/admin/users/987654');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('User not found');
  });
});

describe('PUT /admin/users/:id', () => {
  it('changes the fields and writes an audit row in the same change', async () => {
    const res = await admin.request('PUT', `/admin/users/${ids.early}`, {
      full_name: 'Asha Updated',
      is_verified: true,
      admin_notes: 'Called support twice',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.user).toMatchObject({
      full_name: 'Asha Updated',
      is_verified: true,
      admin_notes: 'Called support twice',
    });
    const [row] = await auditRows(t, 'update_user');
    expect(row).toMatchObject({ resource_type: 'user', resource_id: String(ids.early), success: 'success' });
    expect(row.details).toMatchObject({ after: { full_name: 'Asha Updated', is_verified: true } });
  });

  it('refuses an empty change and leaves a failed audit row for a missing user', async () => {
    expect((await admin.request('PUT', `/admin/users/${ids.early}`, {})).status).toBe(400);
    const missing = await admin.request('PUT', '/admin/users/987654', { is_verified: true });
    expect(missing.status).toBe(404);
    const [row] = await auditRows(t, 'update_user');
    expect(row).toMatchObject({ resource_id: '987654', success: 'failed' });
  });
});

describe('suspend and activate', () => {
  it('suspension needs a reason', async () => {
    const none = await admin.post(`/admin/users/${ids.percent}/suspend`);
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(SUSPEND_REASON_REQUIRED);
    const blank = await admin.post(`/admin/users/${ids.percent}/suspend?reason=%20%20`);
    expect(blank.status).toBe(400);
    expect((await admin.post('/admin/users/987654/suspend?reason=spam')).status).toBe(404);
  });

  it('a suspended user is signed out and refused at sign-in; activation lets them back', async () => {
    const user = new Client(t.baseUrl);
    const login = await user.post('/auth/login', { email: 'pct@example.com', password: USER_PASSWORD });
    expect(login.status).toBe(200);
    user.bearer = login.body.token;
    expect((await user.get('/auth/me')).status).toBe(200);

    const res = await admin.post(
      `/admin/users/${ids.percent}/suspend?reason=${encodeURIComponent('Abusive chats')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User suspended successfully');
    expect(res.body.user).toMatchObject({ is_active: false, deactivated_at: expect.any(String) });
    const [row] = await auditRows(t, 'suspend_user');
    expect(row).toMatchObject({ resource_id: String(ids.percent), success: 'success' });
    expect(row.details).toMatchObject({ reason: 'Abusive chats', sessions_revoked: 1 });

    expect((await user.get('/reports')).status).toBe(401);
    const again = await new Client(t.baseUrl).post('/auth/login', {
      email: 'pct@example.com',
      password: USER_PASSWORD,
    });
    expect(again.status).toBe(403);
    expect(again.body.detail).toBe(DEACTIVATED_ACCOUNT);

    const act = await admin.post(`/admin/users/${ids.percent}/activate`);
    expect(act.status).toBe(200);
    expect(act.body).toMatchObject({
      message: 'User activated successfully',
      user: { is_active: true, deactivated_at: null },
    });
    expect((await auditRows(t, 'activate_user'))[0]).toMatchObject({ success: 'success' });
    const back = await new Client(t.baseUrl).post('/auth/login', {
      email: 'pct@example.com',
      password: USER_PASSWORD,
    });
    expect(back.status).toBe(200);
  });

  it('deactivating through the edit form also ends the sessions', async () => {
    const user = new Client(t.baseUrl);
    user.bearer = (
      await user.post('/auth/login', { email: 'ram@example.com', password: USER_PASSWORD })
    ).body.token;
    const res = await admin.request('PUT', `/admin/users/${ids.hindi}`, { is_active: false });
    expect(res.status).toBe(200);
    expect((await user.get('/reports')).status).toBe(401);
    await admin.request('PUT', `/admin/users/${ids.hindi}`, { is_active: true });
  });
});

describe('GET /admin/users/export/csv', () => {
  it('streams the users matching the filter as CSV named users_export_{date}.csv, with an audit row', async () => {
    const res = await download(admin, '/admin/users/export/csv?status=verified');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="users_export_${today}.csv"; filename*=UTF-8''users_export_${today}.csv`,
    );
    const rows = parseCsv(res.text);
    expect(rows.map((r) => r.email).sort()).toEqual([
      'asha@example.com',
      'pct@example.com',
      'ram@example.com',
    ]);
    const ram = rows.find((r) => r.email === 'ram@example.com')!;
    expect(ram).toMatchObject({
      full_name: 'राम कुमार',
      total_reports: '2',
      total_chats: '3',
      is_verified: 'true',
    });
    const [row] = await auditRows(t, 'export_users');
    expect(row.details).toMatchObject({ rows: 3, format: 'csv' });

    const all = parseCsv((await download(admin, '/admin/users/export/csv')).text);
    expect(all).toHaveLength(5);
    expect(all.find((r) => r.email === 'quote@example.com')!.full_name).toBe(`Ravi O'Brien "Jr"`);
  });

  it('needs export_data', async () => {
    const { c } = await signedInAdmin(t, 'moderator');
    expect((await download(c, '/admin/users/export/csv')).status).toBe(403);
  });
});
