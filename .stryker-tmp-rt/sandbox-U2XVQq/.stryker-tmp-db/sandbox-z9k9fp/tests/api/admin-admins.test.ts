// @ts-nocheck
// 
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_SUPER_ADMIN } from '@reportsaathi/contracts';
import { Client, createTestApp, type TestApp } from './harness';
import { auditRows, seedChat, seedReport, seedUser, signedInAdmin } from './admin-helpers';

let t: TestApp;
let root: Client;
let rootId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedInAdmin(t, 'super_admin', 'root');
  root = signed.c;
  rootId = signed.admin.id;
});
afterAll(async () => {
  await t?.close();
});

describe('admin accounts', () => {
  it('creates an admin (password of 8 or more), audited; duplicates are 409', async () => {
    const short = await root.post('/admin/admins', {
      username: 'meera',
      email: 'meera@staff.in',
      full_name: 'Meera Rao',
      role: 'moderator',
      password: 'short12',
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Password must be at least 8 characters long.');
    const res = await root.post('/admin/admins', {
      username: 'meera',
      email: 'Meera@Staff.in',
      full_name: 'Meera Rao',
      role: 'moderator',
      password: 'longenough1',
    });
    expect(res.status).toBe(201);
    expect(res.body.admin).toMatchObject({
      username: 'meera',
      email: 'meera@staff.in',
      role: 'moderator',
      is_active: true,
    });
    expect(res.body.admin).not.toHaveProperty('password_hash');
    const [row] = await auditRows(t, 'create_admin');
    expect(row).toMatchObject({ resource_id: String(res.body.admin.id), success: 'success' });
    const login = await new Client(t.baseUrl).post('/admin/login', {
      username: 'meera',
      password: 'longenough1',
    });
    expect(login.status).toBe(200);

    const dup = await root.post('/admin/admins', {
      username: 'meera2',
      email: 'meera@staff.in',
      full_name: 'Other',
      role: 'viewer',
      password: 'longenough1',
    });
    expect(dup.status).toBe(409);
    expect((await auditRows(t, 'create_admin'))[0].success).toBe('failed');
    expect(
      (
        await root.post('/admin/admins', {
          username: 'x1x',
          email: 'a@b.in',
          full_name: 'Xx',
          role: 'owner',
          password: 'longenough1',
        })
      ).status,
    ).toBe(400);
  });

  it('lists with search, role and active filters', async () => {
    const all = await root.get('/admin/admins');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, total_pages: 1, page: 1 });
    const mods = await root.get('/admin/admins?role=moderator');
    expect(mods.body.admins.map((a: { username: string }) => a.username)).toEqual(['meera']);
    const search = await root.get(`/admin/admins?search=${encodeURIComponent('Rao')}`);
    expect(search.body.total).toBe(1);
    expect((await root.get(`/admin/admins?search=${encodeURIComponent('%')}`)).body.total).toBe(0);
    expect((await root.get('/admin/admins?is_active=false')).body.total).toBe(0);
    expect((await root.get('/admin/admins?sort_by=password_hash')).status).toBe(400);
    expect((await root.get('/admin/admins?page=4')).body).toMatchObject({ admins: [], total: 2 });
  });

  it('edits name, e-mail and active flag; a missing admin is 404 with a failed audit row', async () => {
    const meera = (await root.get('/admin/admins?search=meera')).body.admins[0];
    const res = await root.request('PUT', `/admin/admins/${meera.id}`, { full_name: 'Meera R.' });
    expect(res.status).toBe(200);
    expect(res.body.admin.full_name).toBe('Meera R.');
    expect((await auditRows(t, 'update_admin'))[0].success).toBe('success');
    const missing = await root.request('PUT', '/admin/admins/987654', { full_name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect((await auditRows(t, 'update_admin'))[0]).toMatchObject({
      resource_id: '987654',
      success: 'failed',
    });
  });

  it('the last active super admin can be neither demoted nor deactivated (409)', async () => {
    const demote = await root.post(`/admin/admins/${rootId}/role`, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.body.detail).toBe(LAST_SUPER_ADMIN);
    expect((await auditRows(t, 'change_admin_role'))[0]).toMatchObject({
      resource_id: String(rootId),
      success: 'failed',
    });
    const deactivate = await root.post(`/admin/admins/${rootId}/deactivate`);
    expect(deactivate.status).toBe(409);
    expect((await root.request('PUT', `/admin/admins/${rootId}`, { is_active: false })).status).toBe(409);
    expect((await root.get('/admin/me')).status).toBe(200);
  });

  it("with a second super admin, demotion works; deactivation ends that admin's sessions", async () => {
    const meera = (await root.get('/admin/admins?search=meera')).body.admins[0];
    const promote = await root.post(`/admin/admins/${meera.id}/role`, { role: 'super_admin' });
    expect(promote.status).toBe(200);
    expect(promote.body.admin.role).toBe('super_admin');
    const meeraClient = new Client(t.baseUrl);
    meeraClient.bearer = (
      await meeraClient.post('/admin/login', { username: 'meera', password: 'longenough1' })
    ).body.access_token;
    expect((await meeraClient.get('/admin/admins')).status).toBe(200);

    const demoteRoot = await meeraClient.post(`/admin/admins/${rootId}/role`, { role: 'admin' });
    expect(demoteRoot.status).toBe(200);
    // Now meera is the last super admin.
    expect((await meeraClient.post(`/admin/admins/${meera.id}/deactivate`)).status).toBe(409);
    await meeraClient.post(`/admin/admins/${rootId}/role`, { role: 'super_admin' });

    const off = await root.post(`/admin/admins/${meera.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.admin.is_active).toBe(false);
    const [row] = await auditRows(t, 'deactivate_admin');
    expect(row).toMatchObject({ resource_id: String(meera.id), success: 'success' });
    // She signed in twice (in the first test and this one): both sessions end.
    expect(row.details).toMatchObject({ sessions_revoked: 2 });
    expect((await meeraClient.get('/admin/me')).status).toBe(401);
    expect((await root.post('/admin/admins/987654/deactivate')).status).toBe(404);
  });

  it('only super admins manage admins', async () => {
    const { c } = await signedInAdmin(t, 'admin');
    expect((await c.get('/admin/admins')).status).toBe(403);
    expect((await c.post(`/admin/admins/${rootId}/role`, { role: 'viewer' })).status).toBe(403);
  });
});

describe('GET /admin/recent-activity', () => {
  it('answers the latest of each kind, each block only with its permission', async () => {
    const u = await seedUser(t, { email: 'newbie@example.com', full_name: 'Newbie' });
    const r = await seedReport(t, u.id, { original_filename: 'first.pdf' });
    await seedChat(t, u.id, r.id, { message: 'hello there' });
    const res = await root.get('/admin/recent-activity?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.registrations[0]).toMatchObject({
      type: 'registration',
      title: 'Newbie',
      user_email: 'newbie@example.com',
    });
    expect(res.body.uploads[0]).toMatchObject({ type: 'upload', title: 'first.pdf', status: 'completed' });
    expect(res.body.chats[0]).toMatchObject({ type: 'chat', title: 'hello there' });
    expect(res.body.admin_actions).toHaveLength(2);
    expect(res.body.admin_actions[0]).toMatchObject({ type: 'admin_action' });

    const { c: moderator } = await signedInAdmin(t, 'moderator');
    const mod = await moderator.get('/admin/recent-activity');
    expect(Object.keys(mod.body).sort()).toEqual(['chats', 'registrations', 'uploads']);
    expect((await root.get('/admin/recent-activity?limit=0')).status).toBe(400);
    expect((await root.get('/admin/recent-activity?limit=100000')).status).toBe(400);
  });
});
