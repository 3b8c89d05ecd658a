import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import cookieParser from 'cookie-parser';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_ACCOUNT } from '@reportsaathi/contracts';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { errorHandler, notFoundHandler } from '../../api/src/http/errors';
import { assertUniqueRoutes, defineRoute, mountRoutes, type AnyRoute } from '../../api/src/http/route-table';
import { ADMIN, PUBLIC, USER } from '../../api/src/kernel/access';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * The guards every route goes through (api/src/http/actor.ts and the route table's pipeline),
 * tested on probe routes mounted with the real mountRoutes on the real dependencies: the real
 * sign-in issues the tokens, the real database holds users, admins, settings and IP rules. Each
 * probe answers who the guard let through, so a guard that lets the wrong caller in, or refuses
 * with another message, fails here. Mutation testing (decision 032) runs this file.
 */
const whoAmI = defineRoute({
  method: 'get',
  path: '/probe/anyone',
  access: PUBLIC,
  handler: ({ actor }) => ({ kind: actor.kind, ip: actor.ip, user_agent: actor.userAgent }),
});

function userProbe(method: 'get' | 'post' | 'put' | 'patch' | 'delete') {
  return defineRoute({
    method,
    path: '/probe/user',
    access: USER,
    handler: ({ actor }) => ({ kind: actor.kind, user_id: actor.user.id, session: actor.sessionId }),
  });
}

const PROBES: AnyRoute[] = [
  whoAmI,
  ...(['get', 'post', 'put', 'patch', 'delete'] as const).map(userProbe),
  defineRoute({
    method: 'post',
    path: '/probe/admin/users',
    access: ADMIN('view_users', 'edit_users'),
    handler: ({ actor }) => ({ kind: actor.kind, admin_id: actor.admin.id, session: actor.sessionId }),
  }),
  defineRoute({
    method: 'get',
    path: '/probe/admin/any',
    access: ADMIN(),
    handler: ({ actor }) => ({ kind: actor.kind, admin_id: actor.admin.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/probe/whoami',
    access: ADMIN(),
    exemptFromTwoFactorRequirement: true,
    handler: ({ actor }) => ({ admin_id: actor.admin.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/probe/open',
    access: PUBLIC,
    handler: () => ({ open: true }),
  }),
  defineRoute({
    method: 'get',
    path: '/probe/items/:id',
    access: PUBLIC,
    params: z.object({ id: z.coerce.number().int().positive() }),
    notFound: 'Item not found',
    handler: ({ params }) => ({ id: params.id }),
  }),
  // Declared after the parameter route: the static segment must still win.
  defineRoute({ method: 'get', path: '/probe/items/list', access: PUBLIC, handler: () => ({ list: true }) }),
  defineRoute({
    method: 'get',
    path: '/probe/things/:id',
    access: PUBLIC,
    params: z.object({ id: z.coerce.number().int().positive() }),
    handler: ({ params }) => ({ id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/probe/search',
    access: PUBLIC,
    query: z.object({ n: z.coerce.number({ message: 'n must be a number' }).default(1) }),
    handler: ({ query }) => ({ n: query.n }),
  }),
  defineRoute({
    method: 'post',
    path: '/probe/things',
    access: PUBLIC,
    status: 201,
    body: z.object({ name: z.string({ message: 'name is required' }) }),
    handler: ({ body }) => ({ name: body.name }),
  }),
  defineRoute({
    method: 'post',
    path: '/probe/accepted',
    access: PUBLIC,
    status: 201,
    handler: ({ res }) => {
      res.status(202);
      return { accepted: true };
    },
  }),
  defineRoute({ method: 'get', path: '/probe/plain', access: PUBLIC, handler: () => ({ plain: true }) }),
  defineRoute({
    method: 'get',
    path: '/probe/raw',
    access: PUBLIC,
    handler: ({ res }) => {
      res.type('text/plain').send('raw answer');
    },
  }),
  defineRoute({ method: 'get', path: '/probe/silent', access: PUBLIC, handler: () => undefined }),
];

let t: TestApp;
let probe: http.Server;
let base = '';
let user: { token: string; id: number };
let superAdminToken = '';
let viewerToken = '';
let viewerId = 0;

async function signInAdmin(username: string, role: 'super_admin' | 'viewer' | 'moderator') {
  const admin = await createAdmin(t.db, { username, password: 'adminpass123', role });
  const c = new Client(t.baseUrl);
  const res = await c.post('/admin/login', { username, password: 'adminpass123' });
  expect(res.status).toBe(200);
  return { id: admin.id, token: res.body.access_token as string, client: c };
}

// Everything sits in one describe so a failing beforeAll fails its tests: Stryker's vitest
// runner counts tests skipped by a failing file-level hook as skipped, and the mutant as survived.
describe('access guards', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const app = express();
    app.set('trust proxy', 'loopback'); // as createApp does with TRUST_PROXY
    app.use(cookieParser());
    app.use(express.json());
    app.use(mountRoutes(t.deps, PROBES));
    app.use(notFoundHandler);
    app.use(errorHandler(t.deps.logger));
    probe = http.createServer(app);
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    const u = await registerAndLogin(new Client(t.baseUrl));
    user = { token: u.token, id: u.user.id };
    superAdminToken = (await signInAdmin('guard-super', 'super_admin')).token;
    const viewer = await signInAdmin('guard-viewer', 'viewer');
    viewerToken = viewer.token;
    viewerId = viewer.id;
  });

  afterAll(async () => {
    probe?.closeAllConnections();
    await new Promise<void>((resolve) => (probe ? probe.close(() => resolve()) : resolve()));
    await t?.close();
  });

  function client(bearer?: string): Client {
    const c = new Client(base);
    if (bearer) c.bearer = bearer;
    return c;
  }

  /** A client holding a browser's cookies from a real user sign-in (token + csrf_token). */
  async function cookieUser(): Promise<{ c: Client; id: number }> {
    const signIn = new Client(t.baseUrl);
    const { user: u } = await registerAndLogin(signIn);
    signIn.bearer = null;
    const c = client();
    c.cookies = new Map(signIn.cookies);
    expect(c.cookies.has('token')).toBe(true);
    expect(c.cookies.has('csrf_token')).toBe(true);
    return { c, id: u.id };
  }

  async function setSetting(key: string, value: string): Promise<void> {
    const res = await t.db
      .updateTable('system_settings')
      .set({ value })
      .where('key', '=', key)
      .executeTakeFirst();
    expect(Number(res.numUpdatedRows)).toBe(1);
    invalidateSettingsCache(t.db);
  }

  describe('user guard', () => {
    it('lets a bearer token through on every method, with the user and session it names', async () => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await client(user.token).request(
          method,
          '/probe/user',
          method === 'GET' ? undefined : {},
        );
        expect(res.status, method).toBe(200);
        expect(res.body).toMatchObject({ kind: 'user', user_id: user.id });
        expect(res.body.session).toEqual(expect.any(String));
      }
      const spaced = await client().request('GET', '/probe/user', undefined, {
        authorization: `Bearer  ${user.token}  `,
      });
      expect(spaced.body).toMatchObject({ kind: 'user', user_id: user.id });
    });

    it('refuses a missing, malformed or non-bearer credential with 401 and the same message', async () => {
      const expected = { detail: 'Could not validate credentials' };
      const none = await client().get('/probe/user');
      expect([none.status, none.body]).toEqual([401, expected]);
      const bad = await client('not-a-token').get('/probe/user');
      expect([bad.status, bad.body]).toEqual([401, expected]);
      const basic = await client().request('GET', '/probe/user', undefined, {
        authorization: `Basic ${user.token}`,
      });
      expect([basic.status, basic.body]).toEqual([401, expected]);
    });

    it('refuses a token whose user is gone (401) or deactivated (403 with the account message)', async () => {
      const gone = await registerAndLogin(new Client(t.baseUrl));
      await t.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
      const res = await client(gone.token).get('/probe/user');
      expect([res.status, res.body]).toEqual([401, { detail: 'Could not validate credentials' }]);

      const off = await registerAndLogin(new Client(t.baseUrl));
      await t.db.updateTable('users').set({ is_active: false }).where('id', '=', off.user.id).execute();
      const refused = await client(off.token).get('/probe/user');
      expect([refused.status, refused.body]).toEqual([403, { detail: DEACTIVATED_ACCOUNT }]);
      expect(DEACTIVATED_ACCOUNT).toBe('Account is deactivated. Please contact support.');
    });

    it('takes a user token only for user routes and an admin token only for admin routes', async () => {
      expect((await client(superAdminToken).get('/probe/user')).status).toBe(401);
      const res = await client(user.token).get('/probe/admin/any');
      expect([res.status, res.body]).toEqual([401, { detail: 'Could not validate admin credentials' }]);
    });
  });

  describe('CSRF double submit on cookie sign-in', () => {
    it('lets cookie-authenticated reads through without the header', async () => {
      const { c, id } = await cookieUser();
      expect((await c.get('/probe/user')).body).toMatchObject({ kind: 'user', user_id: id });
      // An Authorization header that is not a bearer token leaves the cookie in charge.
      const basic = await c.request('GET', '/probe/user', undefined, { authorization: 'Basic dXNlcjpwYXNz' });
      expect(basic.body).toMatchObject({ kind: 'user', user_id: id });
    });

    it('refuses every cookie-authenticated mutation without the matching header, and accepts it with', async () => {
      const { c, id } = await cookieUser();
      const refused = { detail: 'CSRF token missing or invalid' };
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const none = await c.request(method, '/probe/user', {});
        expect([method, none.status, none.body]).toEqual([method, 403, refused]);
        const wrong = await c.request(method, '/probe/user', {}, { 'x-csrf-token': 'not-the-cookie' });
        expect([method, wrong.status, wrong.body]).toEqual([method, 403, refused]);
        const ok = await c.request(method, '/probe/user', {}, c.csrfHeader());
        expect([method, ok.status, ok.body.user_id]).toEqual([method, 200, id]);
      }
    });

    it('refuses a header that matches no cookie, and an empty header against an empty cookie', async () => {
      const { c } = await cookieUser();
      const header = c.csrfHeader();
      c.cookies.delete('csrf_token');
      expect((await c.request('POST', '/probe/user', {}, header)).status).toBe(403);
      c.cookies.set('csrf_token', '');
      expect((await c.request('POST', '/probe/user', {}, { 'x-csrf-token': '' })).status).toBe(403);
    });

    it('does not ask a bearer caller for the CSRF header', async () => {
      expect((await client(user.token).post('/probe/user')).status).toBe(200);
    });

    it('checks CSRF only after the cookie token is valid (a bad cookie is 401, not 403)', async () => {
      const c = client();
      c.cookies.set('token', 'not-a-token');
      const res = await c.post('/probe/user');
      expect([res.status, res.body]).toEqual([401, { detail: 'Could not validate credentials' }]);
    });

    it('applies to the admin cookie too', async () => {
      const { client: signIn } = await signInAdmin('guard-cookie', 'super_admin');
      const c = client();
      c.cookies = new Map(signIn.cookies);
      expect(c.cookies.has('admin_token')).toBe(true);
      expect((await c.get('/probe/admin/any')).status).toBe(200);
      expect((await c.post('/probe/admin/users')).status).toBe(403);
      expect((await c.post('/probe/admin/users', {}, c.csrfHeader())).status).toBe(200);
    });
  });

  describe('admin guard', () => {
    it('lets an admin holding every permission through, with the admin and session', async () => {
      const res = await client(superAdminToken).post('/probe/admin/users');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'admin' });
      expect(res.body.session).toEqual(expect.any(String));
      expect((await client(viewerToken).get('/probe/admin/any')).body).toEqual({
        kind: 'admin',
        admin_id: viewerId,
      });
    });

    it('refuses an admin missing one permission with 403 and records who asked for what', async () => {
      const res = await client(viewerToken).request(
        'POST',
        '/probe/admin/users?x=1',
        {},
        { 'user-agent': 'ua' },
      );
      expect([res.status, res.body]).toEqual([403, { detail: "You don't have permission to do this" }]);
      const event = await t.db
        .selectFrom('security_events')
        .selectAll()
        .where('event_type', '=', 'permission_denied')
        .where('admin_id', '=', viewerId)
        .executeTakeFirstOrThrow();
      expect(event.ip_address).toMatch(/127\.0\.0\.1/);
      expect(event.user_id).toBeNull();
      expect(event.details).toEqual({
        method: 'POST',
        path: '/probe/admin/users?x=1',
        needs: ['view_users', 'edit_users'],
        role: 'viewer',
      });
      // The recorded path is bounded.
      await client(viewerToken).post(`/probe/admin/users?long=${'a'.repeat(300)}`);
      const long = await t.db
        .selectFrom('security_events')
        .select('details')
        .where('event_type', '=', 'permission_denied')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect((long.details as { path: string }).path).toBe(`/probe/admin/users?long=${'a'.repeat(176)}`);
    });

    it('refuses a missing, bad, unknown or inactive admin with 401', async () => {
      const expected = { detail: 'Could not validate admin credentials' };
      for (const c of [client(), client('not-a-token')]) {
        const res = await c.get('/probe/admin/any');
        expect([res.status, res.body]).toEqual([401, expected]);
      }
      const inactive = await signInAdmin('guard-inactive', 'moderator');
      await t.db.updateTable('admins').set({ is_active: false }).where('id', '=', inactive.id).execute();
      const off = await client(inactive.token).get('/probe/admin/any');
      expect([off.status, off.body]).toEqual([401, expected]);
      const gone = await signInAdmin('guard-gone', 'moderator');
      await t.db.deleteFrom('admins').where('id', '=', gone.id).execute();
      expect((await client(gone.token).get('/probe/admin/any')).status).toBe(401);
    });

    it('holds an admin without two-factor sign-in to its setup when the setting asks, except on exempt routes', async () => {
      await setSetting('require_2fa_for_admins', 'true');
      try {
        const held = await client(viewerToken).get('/probe/admin/any');
        expect(held.status).toBe(403);
        expect(held.body.code).toBe('two_factor_setup_required');
        expect((await client(viewerToken).get('/admin/probe/whoami')).body).toEqual({ admin_id: viewerId });
        expect((await client(user.token).get('/probe/user')).status).toBe(200);
      } finally {
        await setSetting('require_2fa_for_admins', 'false');
      }
    });

    it('applies the IP rules to admin routes and the admin surface, and to nothing else', async () => {
      const rule = await t.db
        .insertInto('ip_restrictions')
        .values({ ip_cidr: '127.0.0.1/32', kind: 'block', description: 'probe', created_by: viewerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const blocked = await client(superAdminToken).get('/probe/admin/any');
        expect(blocked.status).toBe(403);
        expect(blocked.body.code).toBe('ip_not_allowed');
        expect((await client().get('/admin/probe/open')).body.code).toBe('ip_not_allowed');
        expect((await client(user.token).get('/probe/user')).status).toBe(200);
        expect((await client().get('/probe/anyone')).status).toBe(200);
      } finally {
        await t.db.deleteFrom('ip_restrictions').where('id', '=', rule.id).execute();
      }
    });
  });

  describe('public routes and the request pipeline', () => {
    it('hands public handlers an anonymous actor with the address and a bounded user agent', async () => {
      const res = await client().request('GET', '/probe/anyone', undefined, {
        'user-agent': 'x'.repeat(600),
      });
      expect(res.body.kind).toBe('anonymous');
      expect(res.body.ip).toMatch(/127\.0\.0\.1/);
      expect(res.body.user_agent).toBe('x'.repeat(500));
      // A token on a public route is not read at all.
      expect((await client('not-a-token').get('/probe/anyone')).body.kind).toBe('anonymous');
    });

    it('takes the address a trusted proxy forwards, and no user agent when none is sent', async () => {
      const res = await client().request('GET', '/probe/anyone', undefined, {
        'x-forwarded-for': '203.0.113.7',
      });
      expect(res.body.ip).toBe('203.0.113.7');
      // fetch always sends a user agent; node:http sends none unless told.
      const bare = await new Promise<{ ip: string; user_agent: string | null }>((resolve, reject) => {
        http
          .get(`${base}/probe/anyone`, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve(JSON.parse(body) as { ip: string; user_agent: string | null }));
          })
          .on('error', reject);
      });
      expect(bare.user_agent).toBeNull();
      expect(bare.ip).toMatch(/127\.0\.0\.1/);
    });

    it('refuses a NUL byte in the path, the query or the body before anything else', async () => {
      const expected = [400, { detail: 'Text must not contain NUL characters' }];
      const inQuery = await client().get('/probe/search?n=%00');
      expect([inQuery.status, inQuery.body]).toEqual(expected);
      const inPath = await client().get('/probe/items/1%00');
      expect([inPath.status, inPath.body]).toEqual(expected);
      const inBody = await client().post('/probe/things', { name: 'a\u0000b' });
      expect([inBody.status, inBody.body]).toEqual(expected);
      const beforeAuth = await client().post('/probe/user', { x: '\u0000' });
      expect([beforeAuth.status, beforeAuth.body]).toEqual(expected);
    });

    it("answers 404 with the route's own message for a parameter that names nothing", async () => {
      expect(await client().get('/probe/items/7')).toMatchObject({ status: 200, body: { id: 7 } });
      const bad = await client().get('/probe/items/abc');
      expect([bad.status, bad.body]).toEqual([404, { detail: 'Item not found' }]);
      const generic = await client().get('/probe/things/-1');
      expect([generic.status, generic.body]).toEqual([404, { detail: 'Not found' }]);
      expect((await client().get('/probe/items/list')).body).toEqual({ list: true });
    });

    it('validates the query and the body with their schemas (400 with the message and the field)', async () => {
      expect((await client().get('/probe/search?n=5')).body).toEqual({ n: 5 });
      expect((await client().get('/probe/search')).body).toEqual({ n: 1 });
      const badQuery = await client().get('/probe/search?n=abc');
      expect([badQuery.status, badQuery.body]).toEqual([
        400,
        { detail: 'n must be a number', errors: { n: 'n must be a number' } },
      ]);
      const badBody = await client().post('/probe/things', {});
      expect([badBody.status, badBody.body]).toEqual([
        400,
        { detail: 'name is required', errors: { name: 'name is required' } },
      ]);
    });

    it("answers with the route's success status unless the handler chose one, and 200 by default", async () => {
      const created = await client().post('/probe/things', { name: 'x' });
      expect([created.status, created.body]).toEqual([201, { name: 'x' }]);
      expect((await client().post('/probe/accepted')).status).toBe(202);
      expect((await client().get('/probe/plain')).status).toBe(200);
    });

    it('leaves a response the handler sent alone, and makes a missing answer a 500', async () => {
      const raw = await client().get('/probe/raw');
      expect([raw.status, raw.body]).toEqual([200, 'raw answer']);
      const silent = await client().get('/probe/silent');
      expect(silent.status).toBe(500);
      expect(silent.body).toEqual({ detail: 'Route get /probe/silent sent no answer' });
    });

    it('closes the patient side during maintenance with 503 and Retry-After, and keeps the admin side open', async () => {
      await setSetting('maintenance_mode', 'true');
      try {
        const closed = await client().get('/probe/anyone');
        expect(closed.status).toBe(503);
        expect(closed.headers.get('retry-after')).toBe('300');
        expect(closed.body.maintenance).toBe(true);
        expect((await client(user.token).get('/probe/user')).status).toBe(503);
        expect((await client().get('/admin/probe/open')).body).toEqual({ open: true });
        expect((await client(superAdminToken).get('/probe/admin/any')).status).toBe(200);
      } finally {
        await setSetting('maintenance_mode', 'false');
      }
      expect((await client().get('/probe/anyone')).status).toBe(200);
    });
  });

  describe('the table itself', () => {
    it('refuses a route declared twice, whatever its parameter names', () => {
      const a = defineRoute({ method: 'get', path: '/x/:id', access: PUBLIC, handler: () => ({}) });
      const b = defineRoute({ method: 'get', path: '/x/:name', access: PUBLIC, handler: () => ({}) });
      const c = defineRoute({ method: 'post', path: '/x/:id', access: PUBLIC, handler: () => ({}) });
      expect(() => assertUniqueRoutes([a, c])).not.toThrow();
      expect(() => assertUniqueRoutes([a, c, b])).toThrow('Route declared twice: GET /x/:');
      expect(() => mountRoutes(t.deps, [a, b])).toThrow('Route declared twice: GET /x/:');
    });
  });
});
