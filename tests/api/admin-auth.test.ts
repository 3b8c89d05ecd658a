import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import cookieParser from 'cookie-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  MESSAGES,
  ROLE_PERMISSIONS,
  permissionsFor,
  type Permission,
} from '@reportsaathi/contracts';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { defineRoute, mountRoutes } from '../../api/src/http/route-table';
import { ADMIN } from '../../api/src/kernel/access';
import { errorHandler } from '../../api/src/http/errors';
import { Client, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ADMIN_ROLES) {
    await createAdmin(t.db, {
      username: `${role}-user`,
      password: 'adminpass123',
      role,
      email: `${role}@staff.in`,
      full_name: `The ${role}`,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

async function adminLogin(username: string, password = 'adminpass123') {
  const c = new Client(t.baseUrl);
  const res = await c.post('/admin/login', { username, password });
  return { c, res };
}

describe('admin login', () => {
  it('returns an access token, sets the 1-day admin_token cookie and writes an audit row', async () => {
    const { c, res } = await adminLogin('super_admin-user');
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('admin_token='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=86400/);
    const me = await c.get('/admin/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: 'super_admin-user',
      full_name: 'The super_admin',
      role: 'super_admin',
    });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'login')
      .where('success', '=', 'success')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('asks for both fields with the validation message', async () => {
    for (const body of [{ username: '', password: 'x' }, { username: 'x', password: '' }, {}]) {
      const res = await new Client(t.baseUrl).post('/admin/login', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(MESSAGES.adminBoth);
    }
  });

  it('refuses a wrong password and records a failed audit row', async () => {
    const { res } = await adminLogin('viewer-user', 'nope-nope');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Incorrect username or password' });
    const failed = await t.db.selectFrom('audit_logs').selectAll().where('success', '=', 'failed').execute();
    expect(failed.length).toBeGreaterThan(0);
  });

  it('a user token is not an admin token, nor the reverse', async () => {
    const { res } = await adminLogin('admin-user');
    const asUser = new Client(t.baseUrl);
    asUser.bearer = res.body.access_token;
    expect((await asUser.get('/auth/me')).status).toBe(401);
  });

  it('logout revokes the admin session and audits it', async () => {
    const { c, res } = await adminLogin('moderator-user');
    const bearer = new Client(t.baseUrl);
    bearer.bearer = res.body.access_token;
    expect((await c.post('/admin/logout', {}, c.csrfHeader())).status).toBe(200);
    expect((await bearer.get('/admin/me')).status).toBe(401);
  });
});

describe('permission table (the staff roles)', () => {
  it.each(ADMIN_ROLES.map((r) => [r]))('/admin/me lists exactly the permissions of %s', async (role) => {
    const { c } = await adminLogin(`${role}-user`);
    const me = await c.get('/admin/me');
    expect([...me.body.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
  });

  it('matches the spec for the roles it spells out', () => {
    expect(permissionsFor('viewer')).not.toContain('moderate_content');
    expect(permissionsFor('moderator')).not.toContain('view_audit_logs');
    expect(permissionsFor('moderator')).toContain('suspend_users');
    expect(permissionsFor('admin')).toContain('export_data');
    expect(permissionsFor('admin')).not.toContain('view_admins');
    expect(permissionsFor('admin')).not.toContain('delete_users');
    expect(permissionsFor('super_admin')).toEqual(
      expect.arrayContaining([...permissionsFor('admin'), 'delete_users', 'manage_system_settings']),
    );
  });

  it('an unknown role has no permissions', () => {
    expect(permissionsFor('auditor')).toEqual([]);
    expect(permissionsFor('')).toEqual([]);
    expect(permissionsFor('toString')).toEqual([]);
  });

  it('an ADMIN(permission) route enforces the table over HTTP for every role', async () => {
    const app = express();
    app.use(cookieParser());
    const probes: Permission[] = [
      'view_users',
      'view_audit_logs',
      'export_data',
      'moderate_content',
      'view_admins',
      'manage_system_settings',
    ];
    app.use(
      mountRoutes(
        t.deps,
        probes.map((p) =>
          defineRoute({
            method: 'get',
            path: `/probe/${p}`,
            access: ADMIN(p),
            handler: () => ({ ok: true }),
          }),
        ),
      ),
    );
    app.use(errorHandler(t.deps.logger));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const role of ADMIN_ROLES) {
        const { res } = await adminLogin(`${role}-user`);
        for (const p of probes) {
          const r = await fetch(`${base}/probe/${p}`, {
            headers: { authorization: `Bearer ${res.body.access_token}` },
          });
          expect([role, p, r.status]).toEqual([role, p, ROLE_PERMISSIONS[role].includes(p) ? 200 : 403]);
        }
      }
      expect((await fetch(`${base}/probe/view_users`)).status).toBe(401);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('GET /admin/stats', () => {
  it('gives each role only the blocks its permissions allow', async () => {
    const expected: Record<string, string[]> = {
      viewer: ['chats', 'reports', 'users'],
      moderator: ['chats', 'reports', 'users'],
      admin: ['chats', 'reports', 'users'],
      super_admin: ['admins', 'chats', 'reports', 'users'],
    };
    for (const role of ADMIN_ROLES) {
      const { c } = await adminLogin(`${role}-user`);
      const res = await c.get('/admin/stats');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(expected[role]);
    }
    const { c } = await adminLogin('super_admin-user');
    const res = await c.get('/admin/stats');
    expect(res.body.admins).toEqual({ total: 4, active: 4 });
    expect(res.body.users).toMatchObject({ total: expect.any(Number), new_this_week: expect.any(Number) });
    expect(res.body.reports).toMatchObject({ total: 0, success_rate: 0 });
    expect((await new Client(t.baseUrl).get('/admin/stats')).status).toBe(401);
  });
});
