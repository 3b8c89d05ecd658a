import { generate } from 'otplib';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import type { AnyRoute } from '../../api/src/http/route-table';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { ROUTES } from '../../api/src/routes';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';
import { recordFigures } from './security-figures';

/**
 * The authorization walk (route-table.test.ts) extended to the two kinds of route a bearer token
 * alone does not open (issue 32):
 * - re-authentication routes, found in the table by class (a signed-in route whose body carries
 *   the caller's own password): a hostile credential with the right password, a missing password,
 *   another account's password and wrong guesses change nothing; the sixth try from one address is
 *   a 429 even with the right password (decision 211); the right password from the owner's own
 *   address then works, which proves the observer of "changed nothing" can see a change;
 * - share routes, found by class (a public route whose path holds a capability token): every link
 *   state (open, revoked, expired, report deleted, unknown, malformed) × every grant (none, its own,
 *   another link's, forged, garbage) × every session (none, the owner's, an admin's): only an open
 *   link with its own grant shows the report, a session never stands in for the PIN, and a closed
 *   link refuses even the grant and PIN that opened it.
 * The expected lists are written out here, so a new route of either class fails the walk until
 * it is named, and walked, here.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The budgets per account (decision 211) and of e-mail changes (decision 230) would answer 429 on
  // their own within the walk's guesses: off here, so what answers is the password throttle. They
  // have their own tests (reauth-throttle.test.ts, account-mail.test.ts).
  await t.db
    .updateTable('system_settings')
    .set({ value: '0' })
    .where('key', 'in', ['rate_limit_password_check_per_minute', 'rate_limit_account_mail_per_hour'])
    .execute();
  invalidateSettingsCache(t.db);
});

const figures = {
  reauth: { routes: 0, calls: 0, leaks: 0, server_errors: 0 },
  share: { routes: 0, calls: 0, leaks: 0, server_errors: 0 },
  csrf: { routes: 0, calls: 0, leaks: 0, server_errors: 0 },
};
afterAll(async () => {
  recordFigures('reauth-walk', figures.reauth);
  recordFigures('share-walk', figures.share);
  recordFigures('csrf-walk', figures.csrf);
  await t?.close();
});

const label = (r: AnyRoute) => `${r.method.toUpperCase()} ${r.path}`;

/** The keys of a route's JSON body schema (through refinements and defaults), or none. */
function bodyKeys(r: AnyRoute): string[] {
  type Node = { shape?: Record<string, unknown>; _def?: Record<string, Node | undefined> };
  let s = r.body as Node | undefined;
  for (let i = 0; i < 6 && s; i++) {
    if (s.shape) return Object.keys(s.shape);
    s = s._def?.schema ?? s._def?.innerType ?? s._def?.in;
  }
  return [];
}

// ------------------------------------------------------------------------- re-authentication

/** A password in a signed-in route's body that is not the caller's own: it sets another person's. */
const SETS_ANOTHERS_PASSWORD = new Set(['POST /admin/admins']);

interface Person {
  kind: 'user' | 'admin';
  id: number;
  password: string;
  token: string;
  /** TOTP secret, for the routes that set up two-factor sign-in first. */
  secret?: string;
}

interface ReauthSpec {
  kind: 'user' | 'admin';
  /** The request's body with `password` as the current password. */
  body: (p: Person, password: string) => Promise<Record<string, unknown>>;
  /** The body without any current password (refused before a hash). */
  bare: (p: Person) => Promise<Record<string, unknown>>;
  /** Brings the account to where the route means something (2FA set up, or on). */
  prepare?: (p: Person, c: Client) => Promise<void>;
}

const code = (p: Person) => generate({ secret: p.secret as string });
const setUp2fa = (prefix: string) => async (p: Person, c: Client) => {
  const setup = await c.post(`${prefix}/2fa/setup`);
  expect(setup.status).toBe(200);
  p.secret = setup.body.secret as string;
};
const turnOn2fa = (prefix: string) => async (p: Person, c: Client) => {
  await setUp2fa(prefix)(p, c);
  const on = await c.post(`${prefix}/2fa/enable`, { token: await code(p), password: p.password });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
};

/** Every re-authentication route, written out: the walk checks the table has exactly these. */
const SPEC_REAUTH: Record<string, ReauthSpec> = {
  'POST /user/change-password': {
    kind: 'user',
    body: async (_p, current_password) => ({ current_password, new_password: 'walked-new-pass-1' }),
    bare: async () => ({ new_password: 'walked-new-pass-1' }),
  },
  'PUT /user/profile': {
    kind: 'user',
    body: async (p, current_password) => ({
      full_name: 'Walk',
      email: `moved-${p.id}@example.com`,
      current_password,
    }),
    bare: async (p) => ({ full_name: 'Walk', email: `moved-${p.id}@example.com` }),
  },
  'DELETE /user/account/permanent': {
    kind: 'user',
    body: async (_p, password) => ({ password, confirmation: true }),
    bare: async () => ({ confirmation: true }),
  },
  'POST /security/2fa/enable': {
    kind: 'user',
    body: async (p, password) => ({ token: await code(p), password }),
    bare: async (p) => ({ token: await code(p) }),
    prepare: setUp2fa('/security'),
  },
  'POST /security/2fa/disable': {
    kind: 'user',
    body: async (_p, password) => ({ password }),
    bare: async (p) => ({ token: await code(p) }),
    prepare: turnOn2fa('/security'),
  },
  'POST /security/admin/change-password': {
    kind: 'admin',
    body: async (_p, current_password) => ({ current_password, new_password: 'walked-new-pass-1' }),
    bare: async () => ({ new_password: 'walked-new-pass-1' }),
  },
  'POST /security/admin/2fa/enable': {
    kind: 'admin',
    body: async (p, password) => ({ token: await code(p), password }),
    bare: async (p) => ({ token: await code(p) }),
    prepare: setUp2fa('/security/admin'),
  },
  'POST /security/admin/2fa/disable': {
    kind: 'admin',
    body: async (_p, password) => ({ password }),
    bare: async (p) => ({ token: await code(p) }),
    prepare: turnOn2fa('/security/admin'),
  },
};

const reauthRoutes = ROUTES.filter(
  (r) =>
    (r.access.kind === 'user' || r.access.kind === 'admin') &&
    bodyKeys(r).some((k) => k === 'password' || k === 'current_password') &&
    !SETS_ANOTHERS_PASSWORD.has(label(r)),
);

let personSeq = 0;
async function person(kind: 'user' | 'admin', password = 'walk-pass-123'): Promise<{ p: Person; c: Client }> {
  const c = new Client(t.baseUrl);
  if (kind === 'user') {
    const me = await registerAndLogin(c, undefined, password);
    return { p: { kind, id: me.user.id as number, password, token: me.token }, c };
  }
  const username = `walk-reauth-${++personSeq}`;
  const admin = await createAdmin(t.db, { username, password, role: 'admin' });
  const login = await c.post('/admin/login', { username, password });
  expect(login.status).toBe(200);
  c.bearer = login.body.access_token as string;
  return { p: { kind, id: admin.id, password, token: c.bearer }, c };
}

/** What a re-authentication could change: the sign-in secret and name, 2FA, pending mail, the account. */
async function stateOf(p: Person): Promise<string> {
  const col = p.kind === 'user' ? 'user_id' : 'admin_id';
  const account =
    p.kind === 'user'
      ? await t.db
          .selectFrom('users')
          .select(['email', 'password_hash', 'is_active'])
          .where('id', '=', p.id)
          .executeTakeFirst()
      : await t.db
          .selectFrom('admins')
          .select(['username', 'password_hash', 'is_active'])
          .where('id', '=', p.id)
          .executeTakeFirst();
  const twoFactor = await t.db
    .selectFrom('two_factor_secrets')
    .select(['enabled'])
    .where(col, '=', p.id)
    .execute();
  const mail =
    p.kind === 'user'
      ? await t.db
          .selectFrom('account_tokens')
          .select(['purpose', 'email'])
          .where('user_id', '=', p.id)
          .execute()
      : [];
  return JSON.stringify({ account: account ?? null, twoFactor, mail });
}

/** Tokens for `p` that must never work, each one way off a good one. */
async function hostileTokensFor(p: Person, other: Person): Promise<Record<string, string | null>> {
  const { sub, sid, kind } = jwt.decode(p.token) as { sub: string; sid: string; kind: string };
  const claims = { sub, sid, kind };
  const secret = t.deps.jwtSecret;
  // Revoked: a second sign-in of the same person, signed out.
  const second = new Client(t.baseUrl);
  if (p.kind === 'user') {
    const email = (
      await t.db.selectFrom('users').select('email').where('id', '=', p.id).executeTakeFirstOrThrow()
    ).email;
    second.bearer = (await second.post('/auth/login', { email, password: p.password })).body.token as string;
    expect((await second.post('/auth/logout')).status).toBeLessThan(300);
  } else {
    const { username } = await t.db
      .selectFrom('admins')
      .select('username')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    second.bearer = (await second.post('/admin/login', { username, password: p.password })).body
      .access_token as string;
    expect((await second.post('/admin/logout')).status).toBeLessThan(300);
  }
  return {
    none: null,
    malformed: 'not.a.jwt',
    expired: jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: -60 }),
    forged: jwt.sign(claims, 'not-the-secret-'.repeat(4), { algorithm: 'HS256' }),
    alg_none: jwt.sign(claims, '', { algorithm: 'none' }),
    revoked: second.bearer,
    other_kind: other.token,
  };
}

describe('the authorization walk: re-authentication routes', () => {
  it('the table holds exactly the re-authentication routes written out here', () => {
    expect(reauthRoutes.map(label).sort()).toEqual(Object.keys(SPEC_REAUTH).sort());
  });

  let ipSeq = 0;
  it.each(Object.keys(SPEC_REAUTH))(
    '%s: no hostile credential, missing or wrong password gets through; the sixth try is a 429; the owner then can',
    { timeout: 60_000 },
    async (name) => {
      const spec = SPEC_REAUTH[name];
      const r = reauthRoutes.find((x) => label(x) === name) as AnyRoute;
      figures.reauth.routes++;
      const { p, c } = await person(spec.kind);
      const { p: other } = await person(spec.kind === 'user' ? 'admin' : 'user');
      // Another account of the same kind, with a password of its own.
      const { p: sameKind } = await person(spec.kind, 'other-pass-456');
      const hostile = await hostileTokensFor(p, other);
      await spec.prepare?.(p, c);
      const before = await stateOf(p);
      const ip = `198.51.100.${++ipSeq + 100}`;
      const leaks: string[] = [];
      const send = async (token: string | null, body: Record<string, unknown>, from: string | null = ip) => {
        figures.reauth.calls++;
        const caller = new Client(t.baseUrl);
        caller.bearer = token;
        const res = await caller.request(
          r.method.toUpperCase(),
          r.path,
          body,
          from ? { 'x-forwarded-for': from } : {},
        );
        if (res.status >= 500) figures.reauth.server_errors++;
        return res;
      };
      const expectStatus = (what: string, got: number, want: number) => {
        if (got !== want) leaks.push(`${name} ${what}: ${got} (expected ${want})`);
      };

      // A credential that is not a live session of this person, even with the right password.
      for (const [kind, token] of Object.entries(hostile))
        expectStatus(
          `${kind} token with the right password`,
          (await send(token, await spec.body(p, p.password))).status,
          401,
        );
      // The session without its password, then with another account's (right for that account).
      expectStatus('no current password', (await send(p.token, await spec.bare(p))).status, 400);
      expectStatus(
        "another account's password",
        (await send(p.token, await spec.body(p, sameKind.password))).status,
        400,
      );
      // Four more wrong guesses: five in all from this address, each answered "incorrect".
      for (let i = 0; i < 4; i++)
        expectStatus(
          `wrong guess ${i + 2}`,
          (await send(p.token, await spec.body(p, `guess-${i}-xyz`))).status,
          400,
        );
      const sixth = await send(p.token, await spec.body(p, p.password));
      expectStatus('the right password after five wrong ones', sixth.status, 429);
      if (sixth.status === 429 && !/^\d+$/.test(sixth.headers.get('retry-after') ?? ''))
        leaks.push(`${name}: 429 without Retry-After`);
      if ((await stateOf(p)) !== before)
        leaks.push(`${name}: the account changed before the owner's own call`);

      // The owner, from the address the account signed in from: the right password works, and
      // the change is seen (so "changed nothing" above could have failed).
      const own = await send(p.token, await spec.body(p, p.password), null);
      if (own.status >= 300)
        leaks.push(`${name} from the owner's address: ${own.status} ${JSON.stringify(own.body)}`);
      if ((await stateOf(p)) === before)
        leaks.push(`${name}: the owner's call changed nothing the walk can see`);

      figures.reauth.leaks += leaks.length;
      expect(leaks).toEqual([]);
    },
  );
});

// ------------------------------------------------------------------------- share links

/** Public routes whose path carries a capability: the token is the only credential. */
const shareRoutes = ROUTES.filter((r) => r.access.kind === 'public' && r.path.includes(':token'));
const SPEC_SHARE = ['GET /share/:token', 'POST /share/:token/unlock'];

describe('the authorization walk: share routes', () => {
  it('the table holds exactly the capability routes written out here', () => {
    expect(shareRoutes.map(label).sort()).toEqual([...SPEC_SHARE].sort());
  });

  it(
    'only an open link with its own grant shows the report; no session stands in for the PIN; a closed link refuses its own grant and PIN',
    { timeout: 120_000 },
    async () => {
      figures.share.routes = shareRoutes.length;
      const owner = new Client(t.baseUrl);
      const me = await registerAndLogin(owner);
      const stranger = new Client(t.baseUrl);
      await registerAndLogin(stranger);
      const staff = new Client(t.baseUrl);
      await createAdmin(t.db, {
        username: 'walk-share-admin',
        password: 'walk-pass-123',
        role: 'super_admin',
      });
      staff.bearer = (
        await staff.post('/admin/login', { username: 'walk-share-admin', password: 'walk-pass-123' })
      ).body.access_token as string;

      const report = async (label: string) =>
        (
          await t.db
            .insertInto('reports')
            .values({
              user_id: me.user.id,
              filename: 'k',
              original_filename: `walk-${label}.pdf`,
              file_type: 'pdf',
              mime_type: 'application/pdf',
              file_size: 1000,
              content_hash: `walk-share-${label}`,
              status: 'completed',
              summary: `WALK-SUMMARY-${label}`,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      let ipSeq = 0;
      const fresh = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq}` });
      const makeLink = async (label: string) => {
        const reportId = await report(label);
        const res = await owner.post(`/reports/${reportId}/share-links`, {});
        expect(res.status).toBe(201);
        const token = (res.body.path as string).slice(3);
        const pin = res.body.pin as string;
        const unlocked = await new Client(t.baseUrl).post(`/share/${token}/unlock`, { pin }, fresh());
        expect(unlocked.status).toBe(200);
        return {
          id: res.body.link.id as number,
          reportId,
          token,
          pin,
          grant: unlocked.body.grant as string,
          label,
        };
      };
      const open = await makeLink('open');
      const another = await makeLink('another');
      const revoked = await makeLink('revoked');
      expect((await owner.delete(`/user/share-links/${revoked.id}`)).status).toBe(200);
      const expired = await makeLink('expired');
      await t.db
        .updateTable('share_links')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', expired.id)
        .execute();
      const deleted = await makeLink('deleted');
      await t.db
        .updateTable('reports')
        .set({ status: 'deleted', deleted_at: new Date() })
        .where('id', '=', deleted.reportId)
        .execute();
      // A stranger cannot revoke the owner's link (it stays open: checked by the 200 below).
      expect((await stranger.delete(`/user/share-links/${open.id}`)).status).toBe(404);

      const [exp, mac] = open.grant.split('.');
      const grants: Record<string, string | null> = {
        none: null,
        own: 'OWN',
        another_links: another.grant,
        forged_expiry: `${Number(exp) + 3600_000}.${mac}`,
        expired: `${Date.now() - 1}.${mac}`,
        garbage: 'x.y',
      };
      const sessions: Record<string, string | null> = {
        none: null,
        owner: me.token,
        stranger: stranger.bearer,
        staff: staff.bearer,
      };
      const links = {
        open,
        revoked,
        expired,
        report_deleted: deleted,
        unknown: { ...open, token: 'A'.repeat(43), label: 'unknown' },
        malformed: { ...open, token: '..%2F..%2Fetc', label: 'malformed' },
      };
      const leaks: string[] = [];
      const send = async (
        method: string,
        path: string,
        body: unknown,
        headers: Record<string, string>,
        session: string | null,
      ) => {
        figures.share.calls++;
        const c = new Client(t.baseUrl);
        c.bearer = session;
        const res = await c.request(method, path, body, { ...fresh(), ...headers });
        if (res.status >= 500) figures.share.server_errors++;
        return res;
      };
      for (const [linkState, link] of Object.entries(links))
        for (const [grantName, grant] of Object.entries(grants))
          for (const [sessionName, session] of Object.entries(sessions)) {
            const g = grant === 'OWN' ? link.grant : grant;
            const res = await send(
              'GET',
              `/share/${link.token}`,
              undefined,
              g ? { 'x-share-grant': g } : {},
              session,
            );
            const shows = JSON.stringify(res.body).includes('WALK-SUMMARY');
            const want = linkState !== 'open' ? 404 : grantName === 'own' ? 200 : 401;
            const where = `GET /share/:token (${linkState} link, ${grantName} grant, ${sessionName} session)`;
            if (res.status !== want) leaks.push(`${where}: ${res.status} (expected ${want})`);
            if (shows !== (want === 200)) leaks.push(`${where}: report ${shows ? 'shown' : 'missing'}`);
            if (want === 200 && !JSON.stringify(res.body).includes(`WALK-SUMMARY-${link.label}`))
              leaks.push(`${where}: shows another report`);
          }
      for (const [linkState, link] of Object.entries(links))
        for (const [pinName, pin] of Object.entries({ own: link.pin, another_links: another.pin }))
          for (const [sessionName, session] of Object.entries(sessions)) {
            if (pin === link.pin && pinName === 'another_links') continue; // the same six digits by chance
            const res = await send('POST', `/share/${link.token}/unlock`, { pin }, {}, session);
            const want = linkState !== 'open' ? 404 : pinName === 'own' ? 200 : 401;
            const where = `POST /share/:token/unlock (${linkState} link, ${pinName} PIN, ${sessionName} session)`;
            if (res.status !== want) leaks.push(`${where}: ${res.status} (expected ${want})`);
            if ((typeof res.body?.grant === 'string') !== (want === 200)) leaks.push(`${where}: grant given`);
          }
      figures.share.leaks = leaks.length;
      expect(leaks).toEqual([]);
    },
  );
});

// ------------------------------------------------------------------------- cookie sessions

/**
 * A browser's session is a cookie it sends on its own, so every user and admin route that changes
 * something must refuse a cookie session without the session's own CSRF token (decision 121),
 * with a 403 that says why, before it acts. Walked over the whole table, logout included.
 */
describe('the authorization walk: cookie sessions without their CSRF token', () => {
  it(
    'every user and admin route that changes something answers 403 with a detail',
    { timeout: 300_000 },
    async () => {
      const signIn = new Client(t.baseUrl);
      const me = await registerAndLogin(signIn);
      signIn.bearer = null;
      await createAdmin(t.db, {
        username: 'walk-cookie-admin',
        password: 'walk-pass-123',
        role: 'super_admin',
      });
      const staff = new Client(t.baseUrl);
      expect(
        (await staff.post('/admin/login', { username: 'walk-cookie-admin', password: 'walk-pass-123' }))
          .status,
      ).toBe(200);
      staff.bearer = null;
      // Another session's CSRF token: right shape, wrong session.
      const elsewhere = new Client(t.baseUrl);
      await registerAndLogin(elsewhere);
      const foreign = elsewhere.cookies.get('csrf_token') as string;
      expect(signIn.cookies.has('csrf_token') && staff.cookies.has('csrf_token')).toBe(true);

      const mutating = ROUTES.filter(
        (r) => (r.access.kind === 'user' || r.access.kind === 'admin') && r.method !== 'get',
      );
      expect(mutating.length).toBeGreaterThan(40);
      const leaks: string[] = [];
      for (const r of mutating) {
        const browser = r.access.kind === 'user' ? signIn : staff;
        const path = r.path.replace(/:[^/]+/g, '1');
        for (const [what, headers] of Object.entries<Record<string, string>>({
          'no token': {},
          "another session's token": { 'x-csrf-token': foreign },
        })) {
          figures.csrf.calls++;
          const res = await browser.request(r.method.toUpperCase(), path, {}, headers);
          if (res.status >= 500) figures.csrf.server_errors++;
          if (res.status !== 403 || typeof res.body?.detail !== 'string')
            leaks.push(`${label(r)} with ${what}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      figures.csrf.routes = mutating.length;
      figures.csrf.leaks = leaks.length;
      expect(leaks).toEqual([]);
      // The sessions were live all along: with the token, the same browser is let through.
      expect((await signIn.get('/auth/me')).status).toBe(200);
      expect(
        (
          await signIn.request(
            'PUT',
            '/user/profile',
            { full_name: 'Walked', email: me.email },
            signIn.csrfHeader(),
          )
        ).status,
      ).toBe(200);
      expect((await staff.get('/admin/me')).status).toBe(200);
    },
  );
});
