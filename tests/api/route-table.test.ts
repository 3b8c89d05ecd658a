import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { ADMIN_ROLES, type AdminRole, type Permission } from '@reportsaathi/contracts';
import { createApp } from '../../api/src/app';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import type { AnyRoute } from '../../api/src/http/route-table';
import { ROUTES } from '../../api/src/routes';
import jwt from 'jsonwebtoken';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';
import { recordFigures } from './security-figures';

/**
 * Walks the whole route table with every kind of caller. The expected answers are written out
 * here from the product's permission table (who may do what), not read from the product's code,
 * so a wrong rule on a route fails this test.
 *
 * SPEC_PERMISSIONS is the product's role table written out by hand, and it repeats contracts/src/permissions.ts
 * (ROLE_PERMISSIONS) on purpose: that file is what the product enforces, this is the independent
 * source it is checked against. Importing ROLE_PERMISSIONS here would make the walk compare the
 * product with itself, and a permission wrongly added to or dropped from a role would pass.
 * Change this table only when what a role may do changes.
 */
const SPEC_PERMISSIONS: Record<AdminRole, readonly Permission[]> = {
  viewer: ['view_users', 'view_reports', 'view_chats', 'view_feedback', 'view_audit_logs'],
  moderator: [
    'view_users',
    'view_reports',
    'view_chats',
    'view_feedback',
    'edit_users',
    'suspend_users',
    'edit_reports',
    'moderate_chats',
    'respond_feedback',
    'moderate_content',
    'view_moderation_queue',
    'bulk_moderate',
  ],
  admin: [
    'view_users',
    'create_users',
    'edit_users',
    'suspend_users',
    'view_reports',
    'edit_reports',
    'delete_reports',
    'view_chats',
    'delete_chats',
    'moderate_chats',
    'view_feedback',
    'respond_feedback',
    'export_data',
    'view_audit_logs',
    'view_system_settings',
    'moderate_content',
    'view_moderation_queue',
    'bulk_moderate',
    'view_subscriptions',
    'manage_subscriptions',
    'view_payments',
  ],
  super_admin: [],
};
SPEC_PERMISSIONS.super_admin = [
  ...SPEC_PERMISSIONS.admin,
  'delete_users',
  'view_admins',
  'create_admins',
  'edit_admins',
  'delete_admins',
  'change_admin_roles',
  'bulk_delete',
  'delete_feedback',
  'manage_system_settings',
  'manage_subscription_plans',
  'process_refunds',
];

/**
 * What each back-office route needs, written from what each screen and call is for (and
 * decision 052 where the spec leaves a choice), not from the routes: a route whose rule drifts from this fails the walk.
 * Bulk deletes of reports and of chats are both a "bulk_delete" (a super admin's permission in
 * the role table) on top of the resource's own delete permission; an admin deletes one at a time.
 */
const SPEC_ROUTE_RULES: Record<string, readonly Permission[]> = {
  'GET /admin/me': [],
  'POST /admin/logout': [],
  // The dashboard's cards are filtered per permission inside the answer.
  'GET /admin/stats': [],
  'GET /admin/recent-activity': [],
  'GET /admin/users/list': ['view_users'],
  'GET /admin/users/:id': ['view_users'],
  'PUT /admin/users/:id': ['edit_users'],
  'POST /admin/users/:id/suspend': ['suspend_users'],
  'POST /admin/users/:id/activate': ['suspend_users'],
  'GET /admin/users/export/csv': ['view_users', 'export_data'],
  'GET /admin/data/reports': ['view_reports'],
  'GET /admin/data/reports/stats': ['view_reports'],
  'GET /admin/data/reports/:id': ['view_reports'],
  'PATCH /admin/data/reports/:id': ['edit_reports'],
  'DELETE /admin/data/reports/:id': ['delete_reports'],
  'POST /admin/data/reports/bulk-delete': ['delete_reports', 'bulk_delete'],
  'GET /admin/data/reports/export/json': ['view_reports', 'export_data'],
  'GET /admin/data/reports/export/csv': ['view_reports', 'export_data'],
  'GET /admin/data/chats': ['view_chats'],
  'GET /admin/data/chats/stats': ['view_chats'],
  'GET /admin/data/chats/:id': ['view_chats'],
  'GET /admin/data/chats/by-report/:id': ['view_chats'],
  'PATCH /admin/data/chats/:id': ['moderate_chats'],
  'POST /admin/data/chats/:id/flag': ['moderate_chats'],
  'POST /admin/data/chats/:id/unflag': ['moderate_chats'],
  'POST /admin/data/chats/:id/note': ['moderate_chats'],
  'DELETE /admin/data/chats/:id': ['delete_chats'],
  'POST /admin/data/chats/bulk-delete': ['delete_chats', 'bulk_delete'],
  'GET /admin/data/chats/export/csv': ['view_chats', 'export_data'],
  'GET /admin/admins': ['view_admins'],
  'POST /admin/admins': ['create_admins'],
  'PUT /admin/admins/:id': ['edit_admins'],
  'POST /admin/admins/:id/role': ['change_admin_roles'],
  'POST /admin/admins/:id/deactivate': ['delete_admins'],
};

let t: TestApp;
const adminTokens = {} as Record<AdminRole, string>;
let ownerToken = '';
let otherToken = '';
const owned = { report: 0, chat: 0, feedback: 0, user: 0, shareLink: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ADMIN_ROLES) {
    await createAdmin(t.db, { username: `walk-${role}`, password: 'adminpass123', role });
    const c = new Client(t.baseUrl);
    const res = await c.post('/admin/login', { username: `walk-${role}`, password: 'adminpass123' });
    adminTokens[role] = res.body.access_token;
  }
  const owner = await registerAndLogin(new Client(t.baseUrl));
  ownerToken = owner.token;
  otherToken = (await registerAndLogin(new Client(t.baseUrl))).token;
  owned.user = owner.user.id;
  const report = await t.db
    .insertInto('reports')
    .values({
      user_id: owner.user.id,
      filename: 'walk.txt',
      original_filename: 'walk.txt',
      file_type: 'txt',
      mime_type: 'text/plain',
      file_size: 10,
      content_hash: 'walk',
      status: 'completed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  owned.report = report.id;
  const chat = await t.db
    .insertInto('chats')
    .values({ user_id: owner.user.id, report_id: report.id, message: 'hi', response: 'hello' })
    .returning('id')
    .executeTakeFirstOrThrow();
  owned.chat = chat.id;
  const fb = await t.db
    .insertInto('feedback')
    .values({ user_id: owner.user.id, report_id: report.id, rating: 'helpful' })
    .returning('id')
    .executeTakeFirstOrThrow();
  owned.feedback = fb.id;
  // A live share link of the owner's, so the routes naming a link are walked with a real one.
  const link = await t.db
    .insertInto('share_links')
    .values({
      user_id: owner.user.id,
      report_id: report.id,
      token_hash: 'walk-token-hash',
      pin_hash: 'walk-pin-hash',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  owned.shareLink = link.id;
});
afterAll(async () => {
  recordFigures('route-walk', {
    calls: walked.calls,
    leaks: walked.leaks.length,
    server_errors: walked.errors,
  });
  await t?.close();
});

/** Every call of the identity walk, and any answer that let a caller through or broke. */
const walked = { calls: 0, leaks: [] as string[], errors: 0 };

/**
 * Credentials that must never work: the keys are what the walk reports. Built in the walk's
 * beforeAll from a real user and a real admin, so each differs from a good token in one way only.
 */
async function hostileCredentials(): Promise<Record<string, (kind: 'user' | 'admin') => string>> {
  const secret = t.deps.jwtSecret;
  // Revoked: a real sign-in, then sign-out.
  const u = await registerAndLogin(new Client(t.baseUrl));
  const revokedUser = u.token;
  const uc = new Client(t.baseUrl);
  uc.bearer = revokedUser;
  await uc.post('/auth/logout');
  await createAdmin(t.db, { username: 'walk-revoked', password: 'adminpass123', role: 'super_admin' });
  const ac = new Client(t.baseUrl);
  const al = await ac.post('/admin/login', { username: 'walk-revoked', password: 'adminpass123' });
  ac.bearer = al.body.access_token;
  await ac.post('/admin/logout');
  // Expired: a live session whose token's time is up.
  const live = (token: string) => jwt.decode(token) as { sub: string; sid: string; kind: string };
  const expired = (token: string) => {
    const c = live(token);
    return jwt.sign({ sub: c.sub, sid: c.sid, kind: c.kind }, secret, { algorithm: 'HS256', expiresIn: -60 });
  };
  // Forged: right claims, wrong key; and "alg: none".
  const forged = (token: string) =>
    jwt.sign(live(token), 'not-the-secret-'.repeat(4), { algorithm: 'HS256' });
  const none = (token: string) => `${jwt.sign(live(token), '', { algorithm: 'none' })}`;
  const guest = (await new Client(t.baseUrl).post('/guest/session')).body.session_id as string;
  const good = (kind: 'user' | 'admin') => (kind === 'user' ? ownerToken : adminTokens.super_admin);
  return {
    malformed: () => 'not.a.jwt',
    garbage: () => 'Bearer x.y.z',
    expired: (k) => expired(good(k)),
    forged: (k) => forged(good(k)),
    alg_none: (k) => none(good(k)),
    revoked: (k) => (k === 'user' ? revokedUser : (al.body.access_token as string)),
    other_kind: (k) => (k === 'user' ? adminTokens.super_admin : ownerToken),
    guest_session: () => guest,
  };
}

/** The owner's object a path parameter names, guessed from the segment before it. */
function ownedIdFor(segments: string[], index: number): number {
  const before = segments.slice(0, index).reverse();
  for (const s of before) {
    if (/share-link/.test(s)) return owned.shareLink;
    if (/chat/.test(s)) return owned.chat;
    if (/report/.test(s)) return owned.report;
    if (/feedback/.test(s)) return owned.feedback;
    if (/user/.test(s)) return owned.user;
  }
  return owned.report;
}

/** The route's path with its parameters filled: the owner's ids, or ids that exist nowhere. */
function fillPath(r: AnyRoute, mode: 'owned' | 'missing'): string {
  const segments = r.path.split('/');
  return segments
    .map((s, i) => {
      if (!s.startsWith(':')) return s;
      if (s === ':sid') return '00000000-0000-4000-8000-000000000000';
      if (s === ':type') return 'report';
      if (/key/.test(s)) return 'no_such_setting';
      return String(mode === 'owned' ? ownedIdFor(segments, i) : 987654);
    })
    .join('/');
}

async function call(r: AnyRoute, token: string | null, mode: 'owned' | 'missing' = 'missing') {
  walked.calls++;
  const c = new Client(t.baseUrl);
  c.bearer = token;
  const path = fillPath(r, mode);
  const method = r.method.toUpperCase();
  return method === 'GET' || method === 'DELETE' ? c.request(method, path) : c.request(method, path, {});
}

const label = (r: AnyRoute) => `${r.method.toUpperCase()} ${r.path}`;
// Signing out ends the token the walk uses, so those routes go last.
const ordered = [...ROUTES].sort(
  (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
);
const adminRoutes = ordered.filter((r) => r.access.kind === 'admin');
const userRoutes = ordered.filter((r) => r.access.kind === 'user');

describe('the route table', () => {
  it('has a rule on every route: public, guest, user or admin with known permissions', () => {
    for (const r of ROUTES) {
      expect([label(r), ['public', 'guest', 'user', 'admin'].includes(r.access?.kind)]).toEqual([
        label(r),
        true,
      ]);
      if (r.access.kind === 'admin')
        for (const p of r.access.permissions) expect(SPEC_PERMISSIONS.super_admin).toContain(p);
    }
  });

  it('gives each back-office route of users, reports, chats and admins the permissions the spec gives it', () => {
    const declared = new Map(ROUTES.map((r) => [label(r), r]));
    for (const [route, needs] of Object.entries(SPEC_ROUTE_RULES)) {
      const r = declared.get(route);
      expect([route, r?.access.kind]).toEqual([route, 'admin']);
      const has = r?.access.kind === 'admin' ? [...r.access.permissions].sort() : null;
      expect([route, has]).toEqual([route, [...needs].sort()]);
    }
  });

  it(
    'every user and admin route refuses a malformed, expired, forged, revoked, other-kind or guest credential with 401',
    { timeout: 600_000 },
    async () => {
      const hostile = await hostileCredentials();
      for (const r of [...userRoutes, ...adminRoutes]) {
        const kind = r.access.kind as 'user' | 'admin';
        for (const [name, make] of Object.entries(hostile)) {
          const res = await call(r, make(kind));
          if (res.status >= 500) walked.errors++;
          if (res.status !== 401) walked.leaks.push(`${label(r)} with ${name}: ${res.status}`);
        }
      }
      expect(walked.leaks).toEqual([]);
    },
  );

  it('is the only way routes exist: the mounted app serves exactly the table', () => {
    const app = createApp(t.deps) as Express & { _router: { stack: Layer[] } };
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> };
      handle?: { stack?: Layer[] };
    }
    const mounted = new Set<string>();
    const walk = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.route)
          for (const m of Object.keys(layer.route.methods))
            mounted.add(`${m.toUpperCase()} ${layer.route.path}`);
        else if (layer.handle?.stack) walk(layer.handle.stack);
      }
    };
    walk(app._router.stack);
    expect([...mounted].sort()).toEqual(ROUTES.map(label).sort());
  });

  it('every admin route answers 401 without a token and to a patient token', async () => {
    for (const r of adminRoutes) {
      expect([label(r), (await call(r, null)).status]).toEqual([label(r), 401]);
      expect([label(r), (await call(r, ownerToken)).status]).toEqual([label(r), 401]);
    }
  });

  it(
    'every admin route lets exactly the roles holding its permissions through',
    { timeout: 600_000 },
    async () => {
      for (const r of adminRoutes) {
        const needs = r.access.permissions as Permission[];
        for (const role of ADMIN_ROLES) {
          const allowed = needs.every((p) => SPEC_PERMISSIONS[role].includes(p));
          const res = await call(r, adminTokens[role]);
          if (allowed) expect([label(r), role, res.status]).not.toEqual([label(r), role, 403]);
          else expect([label(r), role, res.status]).toEqual([label(r), role, 403]);
          expect([label(r), role, res.status]).not.toEqual([label(r), role, 401]);
          expect(res.status, `${label(r)} as ${role}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        }
      }
    },
  );

  it("every user route answers 401 without a token or with an admin's token", async () => {
    for (const r of userRoutes) {
      expect([label(r), (await call(r, null)).status]).toEqual([label(r), 401]);
      expect([label(r), (await call(r, adminTokens.super_admin)).status]).toEqual([label(r), 401]);
    }
  });

  it("a user route naming another user's object answers 404 and changes nothing", async () => {
    const withIds = userRoutes.filter((r) => r.path.includes('/:'));
    expect(withIds.length).toBeGreaterThan(0);
    for (const r of withIds) {
      const res = await call(r, otherToken, 'owned');
      // A route that validates a body first may refuse the empty body before the lookup.
      const expected = r.body && res.status === 400 ? 400 : 404;
      expect([label(r), res.status]).toEqual([label(r), expected]);
    }
    const still = await t.db
      .selectFrom('reports')
      .select('id')
      .where('id', '=', owned.report)
      .executeTakeFirst();
    expect(still).toBeTruthy();
    const chat = await t.db.selectFrom('chats').select('id').where('id', '=', owned.chat).executeTakeFirst();
    expect(chat).toBeTruthy();
    const link = await t.db
      .selectFrom('share_links')
      .select('revoked_at')
      .where('id', '=', owned.shareLink)
      .executeTakeFirstOrThrow();
    expect(link.revoked_at).toBeNull();
  });
});
