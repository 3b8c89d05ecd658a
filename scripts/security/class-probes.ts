import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { REPO_ROOT } from '../lib/product-server';

/**
 * `npm run test:security`'s class-finding probes, run against the real product (both apps built,
 * a fresh database) over HTTP, as an outside attacker would:
 * (a) races: every state-changing call guarded by a limit or a count, sent 20 times at once; the
 *     limit must hold exactly;
 * (b) the largest and most pathological input each upload and text field accepts, while /health
 *     is timed every 50 ms; the worst time must stay under HEALTH_LIMIT_MS;
 * (c) known open-redirect bypasses on every redirect parameter, for a signed-in visit (the
 *     loader's redirect) and a sign-in post (the action's);
 * (d) the security headers of every surface: patient pages, /admin pages, the API, static assets;
 * (e) every setting that names a URL or a host, with values that would send data elsewhere;
 * (f) bodies past their limit, chunked, on every surface (pages, resource routes, the share page,
 *     the upload page, the API), with the server's RSS watched (decision 210);
 * (g) every re-authentication: the sixth guess from one address is a 429 (decision 211);
 * (h) Cache-Control: no-store on every answer carrying health or account data (decision 213);
 * (i) cross-site posts to every page and resource route that changes something: 403 with a
 *     sentence, never carried out, never a 500 (decision 214).
 * Every answer is counted; a 5xx anywhere is a failure. Findings are returned as lines.
 */
export interface ProbeFigures {
  races: { tried: number; held: number; lines: string[] };
  large: { tried: number; worstHealthMs: number; lines: string[] };
  redirects: { tried: number; held: number };
  headers: { surfaces: number; ok: number };
  urlSettings: { settings: number; values: number; refused: number };
  bodies: { tried: number; refused: number; rssGrowthMb: number };
  reauth: { tried: number; throttled: number };
  noStore: { tried: number; ok: number };
  crossSite: { tried: number; refused: number };
  serverErrors: number;
  failures: string[];
}

const HEALTH_LIMIT_MS = Number(process.env.SECURITY_HEALTH_LIMIT_MS ?? 200);
const ADMIN_PASSWORD = process.env.SECURITY_ADMIN_PASSWORD ?? 'security-admin-password';
export const PRODUCT_ENV = { ADMIN_PASSWORD };

/** Bodies offered past every limit (chunked), and the growth of the server's RSS allowed meanwhile. */
const OFFERED_BYTES = 64 * 1024 * 1024;
const RSS_GROWTH_LIMIT_MB = 150;

/** `rssMb`: the product's resident memory now (all its processes), when the caller can see it. */
export async function runClassProbes(base: string, rssMb?: () => number): Promise<ProbeFigures> {
  const f: ProbeFigures = {
    races: { tried: 0, held: 0, lines: [] },
    large: { tried: 0, worstHealthMs: 0, lines: [] },
    redirects: { tried: 0, held: 0 },
    headers: { surfaces: 0, ok: 0 },
    urlSettings: { settings: 0, values: 0, refused: 0 },
    bodies: { tried: 0, refused: 0, rssGrowthMb: 0 },
    reauth: { tried: 0, throttled: 0 },
    noStore: { tried: 0, ok: 0 },
    crossSite: { tried: 0, refused: 0 },
    serverErrors: 0,
    failures: [],
  };
  const api = `${base}/api/v1`;

  /** Every request of the probes goes through here: 5xx are counted wherever they happen. */
  async function call(url: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
    }
    const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    const text = await res.text();
    if (res.status >= 500) {
      f.serverErrors++;
      f.failures.push(
        `${init.method ?? 'GET'} ${url.replace(base, '')} → ${res.status} ${text.slice(0, 120)}`,
      );
    }
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      /* a page */
    }
    return { status: res.status, headers: res.headers, json, text };
  }
  const fail = (line: string) => f.failures.push(line);

  // ------------------------------------------------------------------ identities and settings
  const adminToken = String(
    (
      await call(`${api}/admin/login`, {
        method: 'POST',
        json: { username: 'admin', password: ADMIN_PASSWORD },
      })
    ).json.access_token ?? '',
  );
  if (!adminToken) throw new Error('the probes could not sign in as the super admin');
  const setSetting = (key: string, value: unknown) =>
    call(`${api}/admin/settings/${key}`, { method: 'PUT', token: adminToken, json: { value } });
  let userSeq = 0;
  async function newUser() {
    const email = `probe${Date.now()}${++userSeq}@example.com`;
    const password = 'probe-password-1';
    await call(`${api}/auth/register`, {
      method: 'POST',
      json: { email, password, full_name: 'Probe User' },
    });
    const login = await call(`${api}/auth/login`, { method: 'POST', json: { email, password } });
    return { email, password, token: String(login.json.token ?? '') };
  }
  // The per-request rate limits are switched off while a limit behind them is raced, so what is
  // measured is that limit (the rate limits themselves are raced on their own below).
  for (const key of [
    'rate_limit_upload_per_hour',
    'rate_limit_login_per_minute',
    'rate_limit_register_per_hour',
  ])
    await setSetting(key, 0);

  const upload = (pathname: string, name: string, content: Buffer | string, token?: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(content))], { type: 'text/plain' }), name);
    return call(`${api}${pathname}`, { method: 'POST', body: form, token });
  };
  const REPORT = 'Haemoglobin 13.5 g/dL 13.0 - 17.0\nPlatelet count 250 10^3/uL 150 - 410\n';

  // ------------------------------------------------------------------ (a) races
  async function race(
    name: string,
    n: number,
    send: (i: number) => Promise<{ status: number; json: Record<string, unknown> }>,
    expected: number,
    passed: (r: { status: number; json: Record<string, unknown> }) => boolean,
  ) {
    f.races.tried++;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
    const through = answers.filter(passed).length;
    const line = `${name}: ${n} at once, ${through} through, limit ${expected}`;
    f.races.lines.push(line);
    if (through === expected) f.races.held++;
    else fail(`race not held: ${line}`);
  }

  await setSetting('guest_daily_uploads', 3);
  const guest = String((await call(`${api}/guest/session`, { method: 'POST' })).json.session_id ?? '');
  await race(
    'guest daily uploads',
    20,
    (i) => upload(`/guest/session/${guest}/upload`, `g${i}.txt`, `${REPORT}#${i}`),
    3,
    (r) => r.status === 201,
  );
  await setSetting('guest_daily_uploads', 1000);

  // The free plan's monthly analyses set to 4 (through the plans API), so 20 at once must stop at 4.
  const plans = await call(`${api}/admin/subscriptions/plans`, { token: adminToken });
  const free = (
    plans.json.plans as Array<{ id: number; code: string; limits: Record<string, unknown> }>
  ).find((p) => p.code === 'free');
  if (!free) throw new Error('no free plan to race');
  const setFreeLimits = (limits: Record<string, unknown>) =>
    call(`${api}/admin/subscriptions/plans/${free.id}`, {
      method: 'PUT',
      token: adminToken,
      json: { limits },
    });
  await setFreeLimits({ ...free.limits, analyses_per_month: 4 });
  const planUser = await newUser();
  await race(
    'plan analyses per month',
    20,
    (i) => upload('/reports/upload', `u${i}.txt`, `${REPORT}#${i}`, planUser.token),
    4,
    (r) => r.status === 201,
  );
  await setFreeLimits(free.limits);

  const payer = await newUser();
  const order = await call(`${api}/user/subscription/upgrade`, {
    method: 'POST',
    token: payer.token,
    json: { plan: 'plus', gateway: 'sandbox' },
  });
  const orderId = (order.json.order as { order_id?: string })?.order_id;
  await race(
    'payment verified once',
    20,
    () =>
      call(`${api}/payment/verify`, {
        method: 'POST',
        token: payer.token,
        json: { gateway: 'sandbox', transaction_data: { order_id: orderId } },
      }),
    1,
    (r) => r.status === 200,
  );

  const guesser = await newUser();
  await setSetting('login_attempts_per_account', 5);
  await race(
    'sign-in lockout (5 failures per account and address)',
    20,
    () =>
      call(`${api}/auth/login`, {
        method: 'POST',
        json: { email: guesser.email, password: 'wrong-password' },
      }),
    5,
    (r) => r.status === 401,
  );

  await setSetting('login_attempts_per_account', 1000);
  await setSetting('rate_limit_login_per_minute', 7);
  const named = `nobody${Date.now()}@example.com`;
  await race(
    'sign-in rate limit (per minute)',
    20,
    () => call(`${api}/auth/login`, { method: 'POST', json: { email: named, password: 'wrong-password' } }),
    7,
    (r) => r.status !== 429,
  );
  await setSetting('rate_limit_login_per_minute', 0);
  // Back to the product's default: the re-authentication probe below counts on 5 failures a lockout.
  await setSetting('login_attempts_per_account', 5);

  const twoFactor = await newUser();
  const setup = await call(`${api}/security/2fa/setup`, { method: 'POST', token: twoFactor.token });
  const secret = String(setup.json.secret ?? '');
  await call(`${api}/security/2fa/enable`, {
    method: 'POST',
    token: twoFactor.token,
    json: { token: await generate({ secret }), password: twoFactor.password },
  });
  const challenge = await call(`${api}/auth/login`, {
    method: 'POST',
    json: { email: twoFactor.email, password: twoFactor.password },
  });
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await race(
    '2FA challenge and code used once',
    20,
    () =>
      call(`${api}/auth/login/2fa`, {
        method: 'POST',
        json: { challenge: challenge.json.challenge, code: next },
      }),
    1,
    (r) => r.status === 200,
  );

  // ------------------------------------------------------------------ (b) large inputs, /health timed
  async function underLoad(name: string, work: () => Promise<unknown>) {
    f.large.tried++;
    const sampler = startHealthSampler(`${api}/health`);
    await work();
    const { worst, errors } = await sampler.stop();
    f.serverErrors += errors;
    if (errors) fail(`/health answered 5xx ${errors} times during ${name}`);
    f.large.worstHealthMs = Math.max(f.large.worstHealthMs, worst);
    f.large.lines.push(`${name}: worst /health ${worst.toFixed(0)} ms`);
    if (worst >= HEALTH_LIMIT_MS)
      fail(`/health took ${worst.toFixed(0)} ms during ${name} (limit ${HEALTH_LIMIT_MS})`);
  }
  async function guestUploadAndWait(name: string, content: Buffer | string) {
    const sid = String((await call(`${api}/guest/session`, { method: 'POST' })).json.session_id ?? '');
    const up = await upload(`/guest/session/${sid}/upload`, name, content);
    const id = up.json.report_id;
    for (let i = 0; i < 600 && id; i++) {
      const r = await call(`${api}/guest/session/${sid}/reports/${id}`);
      if (!['pending', 'processing'].includes(String(r.json.status))) return;
      await new Promise((res) => setTimeout(res, 200));
    }
  }
  const MB = 1024 * 1024;
  const shortLines = (bytes: number) => {
    const lines: string[] = [];
    let n = 0;
    for (let i = 0; n < bytes; i++) {
      const l = `Hb ${i % 17}`;
      lines.push(l);
      n += l.length + 1;
    }
    return lines.join('\n').slice(0, bytes);
  };
  // Inputs are made before /health is timed: building 10 MB here would stall this process's own
  // event loop and be counted against the server.
  const short = shortLines(10 * MB - 1024);
  const endless = 'Haemoglobin 13.5 g/dL '.repeat(Math.floor((10 * MB - 1024) / 22));
  const rows = Array.from(
    { length: 19_000 },
    (_, i) => `Haemoglobin ${(10 + (i % 7)).toFixed(1)} g/dL 13.0 - 17.0`,
  ).join('\n');
  await underLoad('10 MB text of short lines (guest upload, analysed)', () =>
    guestUploadAndWait('short.txt', short),
  );
  await underLoad('10 MB text, one endless line', () => guestUploadAndWait('line.txt', endless));
  await underLoad('19,000 report-like lines, just under the line cap', () =>
    guestUploadAndWait('rows.txt', rows),
  );
  const texter = await newUser();
  const big = 'x'.repeat(1_000_000 - 200);
  await underLoad('1 MB JSON in each text field (chat, profile, feedback, admin note)', async () => {
    await call(`${api}/chats/`, {
      method: 'POST',
      token: texter.token,
      json: { report_id: 1, message: big },
    });
    await call(`${api}/user/profile`, {
      method: 'PUT',
      token: texter.token,
      json: { full_name: big, email: texter.email },
    });
    await call(`${api}/user/search?query=${'y'.repeat(8000)}`, { token: texter.token });
    await call(`${api}/admin/settings/maintenance_message`, {
      method: 'PUT',
      token: adminToken,
      json: { value: big },
    });
  });
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const keys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
  await underLoad('5000-deep JSON and 100,000 keys', async () => {
    await call(`${api}/auth/login`, { method: 'POST', json: deep });
    await call(`${api}/auth/login`, { method: 'POST', json: keys });
  });

  // ------------------------------------------------------------------ (c) redirect bypasses
  const BYPASSES = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/..//evil.example',
    '/./..//evil.example',
    '/%2e%2e//evil.example',
    'https://evil.example/',
    'http:evil.example',
    '//evil.example/%2F..',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    '\u3002evil.example',
    '/\u2215\u2215evil.example',
    '//evil.example@localhost',
    '/@evil.example',
    'evil.example',
    '%2F%2Fevil.example',
    '/%09/evil.example',
  ];
  const me = await newUser();
  const cookie = `token=${encodeURIComponent(me.token)}`;
  const origin = new URL(base).origin;
  const stays = (location: string | null) => {
    if (location === null) return true;
    // eslint-disable-next-line no-control-regex -- control characters in a Location are the attack
    if (/[\u0000-\u001f\\]/.test(location) || location.startsWith('//')) return false;
    try {
      return new URL(location, base).origin === origin;
    } catch {
      return false;
    }
  };
  for (const param of ['redirectTo', 'next', 'returnTo', 'redirect', 'url', 'continue']) {
    for (const bypass of BYPASSES) {
      for (const encoded of [
        encodeURIComponent(bypass),
        bypass.replace(/[\t\n\r ]/g, (c) => encodeURIComponent(c)),
      ]) {
        f.redirects.tried++;
        // Signed in: /login's loader sends the visitor on at once.
        const visit = await fetch(`${base}/login?${param}=${encoded}`, {
          headers: { cookie },
          redirect: 'manual',
        }).catch(() => null);
        if (visit && visit.status >= 500) {
          f.serverErrors++;
          fail(`GET /login?${param}=${JSON.stringify(bypass)} → ${visit.status}`);
        }
        const location = visit?.headers.get('location') ?? null;
        if (stays(location)) f.redirects.held++;
        else
          fail(
            `open redirect: /login?${param}=${JSON.stringify(bypass)} → Location ${JSON.stringify(location)}`,
          );
      }
    }
  }
  // The sign-in post carries the parameter in its form.
  for (const bypass of BYPASSES) {
    f.redirects.tried++;
    const form = new URLSearchParams({ email: me.email, password: me.password, redirectTo: bypass });
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin },
    });
    if (res.status >= 500) {
      f.serverErrors++;
      fail(`POST /login redirectTo=${JSON.stringify(bypass)} → ${res.status}`);
    }
    const location = res.headers.get('location');
    if (stays(location)) f.redirects.held++;
    else fail(`open redirect after sign-in: ${JSON.stringify(bypass)} → ${JSON.stringify(location)}`);
  }

  // ------------------------------------------------------------------ (d) headers of every surface
  const firstAsset = (dir: string, prefix: string) => {
    try {
      const js = readdirSync(dir).find((n) => n.endsWith('.js'));
      return js ? `${prefix}${js}` : null;
    } catch {
      return null;
    }
  };
  const surfaces = [
    '/',
    '/login',
    '/register',
    '/analyze',
    '/dashboard',
    '/user/security',
    '/privacy-policy',
    '/no-such-page',
    '/favicon.ico',
    firstAsset(path.join(REPO_ROOT, 'patient-app/build/client/assets'), '/assets/'),
    '/admin',
    '/admin/login',
    '/admin/users',
    '/admin/security',
    firstAsset(path.join(REPO_ROOT, 'backoffice/dist/assets'), '/admin/assets/'),
    '/api/v1/health',
    '/api/v1/auth/me',
    '/api/v1/reports',
    '/api/v1/no-such-route',
    '/api/v1/status/maintenance',
  ].filter((s): s is string => !!s);
  for (const s of surfaces) {
    f.headers.surfaces++;
    const res = await call(`${base}${s}`);
    const h = res.headers;
    const csp = h.get('content-security-policy') ?? '';
    const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const problems = [
      !csp && 'no CSP',
      !/frame-ancestors 'none'/.test(csp) && 'no frame-ancestors',
      /'unsafe-inline'|'unsafe-eval'|\*/.test(script) && `script-src ${script}`,
      !/max-age=\d{7,}/.test(h.get('strict-transport-security') ?? '') && 'no HSTS',
      h.get('x-content-type-options') !== 'nosniff' && 'no nosniff',
      !h.get('referrer-policy') && 'no Referrer-Policy',
      h.get('x-powered-by') && 'X-Powered-By',
    ].filter(Boolean);
    if (problems.length) fail(`headers of ${s} (${res.status}): ${problems.join(', ')}`);
    else f.headers.ok++;
  }

  // ------------------------------------------------------------------ (e) settings naming a URL or host
  const listed = await call(`${api}/admin/settings/`, { token: adminToken });
  const settings =
    (listed.json.settings as Array<{ key: string; description?: string; data_type: string }>) ?? [];
  const urlish = settings.filter(
    (s) =>
      s.data_type === 'string' &&
      /url|host|endpoint|webhook|domain|origin|callback/i.test(`${s.key} ${s.description ?? ''}`) &&
      !/email/i.test(s.key),
  );
  const HOSTILE = [
    'http://evil.example/v1',
    'https://169.254.169.254/latest/meta-data/',
    'https://127.0.0.1:5432/',
    'https://10.0.0.1/',
    'https://[::1]/',
    'https://[::ffff:7f00:1]/',
    'https://localhost/',
    'https://metadata.google.internal/',
    'https://user:pw@api.example.com/',
    'file:///etc/passwd',
    'gopher://evil.example/',
    'javascript:alert(1)',
    'ftp://evil.example/',
  ];
  for (const s of urlish) {
    f.urlSettings.settings++;
    for (const value of HOSTILE) {
      f.urlSettings.values++;
      const res = await setSetting(s.key, value);
      if (res.status === 400) f.urlSettings.refused++;
      else fail(`setting ${s.key} accepted ${value} (${res.status})`);
    }
    await setSetting(s.key, '');
  }
  if (!urlish.length) fail('no setting names a URL: the walk found nothing to try');

  await probeBodies(base, f, rssMb);
  await probeNoStoreAndCrossSite(base, f, call, newUser);
  await probeReauth(base, f, call, newUser, adminToken);
  return f;
}

type Call = (
  url: string,
  init?: RequestInit & { token?: string; json?: unknown },
) => Promise<{ status: number; headers: Headers; json: Record<string, unknown>; text: string }>;
type NewUser = () => Promise<{ email: string; password: string; token: string }>;

/** Posts `total` bytes chunked; stops when the answer comes. Resolves the status and bytes sent. */
function sendChunked(url: string, total: number, headers: Record<string, string>, method = 'POST') {
  return new Promise<{ status: number; sent: number }>((resolve) => {
    const req = http.request(url, {
      method,
      headers: { 'transfer-encoding': 'chunked', ...headers },
    });
    let sent = 0;
    let done = false;
    req.on('response', (res) => {
      done = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
    });
    req.on('error', () => {
      if (!done) resolve({ status: 0, sent });
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!done) req.end();
    };
    write();
  });
}

// ------------------------------------------------------------------ (f) bodies past their limit
export async function probeBodies(base: string, f: ProbeFigures, rssMb?: () => number) {
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: base };
  const targets: Array<[string, Record<string, string>, string?]> = [
    ['/logout', form],
    ['/login', form],
    [`/s/${'A'.repeat(43)}`, form],
    ['/share-links/1/revoke', form],
    ['/upload', { 'content-type': 'multipart/form-data; boundary=x', origin: base }],
    ['/api/v1/auth/login', { 'content-type': 'application/json' }],
    // Loaders: a GET may carry a body too, which Node reads to discard it.
    ['/dashboard', form, 'GET'],
    [`/s/${'A'.repeat(43)}`, form, 'GET'],
    ['/api/v1/health', { 'content-type': 'application/json' }, 'GET'],
  ];
  const before = rssMb?.() ?? 0;
  // Four at once per surface, as the review's attack did.
  for (const [pathname, headers, method] of targets) {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sendChunked(`${base}${pathname}`, OFFERED_BYTES, headers, method)),
    );
    for (const a of answers) {
      f.bodies.tried++;
      // A 413, or an answer given without reading (the sign-in redirect of a route that needs a
      // session); either way the sender must have been stopped long before the end. A sender
      // still writing may miss the 413 when the server then closes the connection (decision 210:
      // it drains at most 2 s or 4 MB past its answer): no status, but stopped within a quarter of
      // the body, its memory bounded by the RSS check below — refused all the same.
      const stopped = a.sent <= OFFERED_BYTES / 4;
      if ((a.status > 0 && a.status < 500 && a.sent < OFFERED_BYTES) || (a.status === 0 && stopped))
        f.bodies.refused++;
      else
        f.failures.push(
          `body of ${OFFERED_BYTES} bytes chunked to ${method ?? 'POST'} ${pathname}: ${a.status} after ${a.sent} bytes sent`,
        );
    }
    if (rssMb) f.bodies.rssGrowthMb = Math.max(f.bodies.rssGrowthMb, rssMb() - before);
  }
  if (f.bodies.rssGrowthMb > RSS_GROWTH_LIMIT_MB)
    f.failures.push(`RSS grew ${f.bodies.rssGrowthMb.toFixed(0)} MB while bodies were refused`);
}

// ------------------------------------------------------------------ (h) no-store, (i) cross-site posts
export async function probeNoStoreAndCrossSite(base: string, f: ProbeFigures, call: Call, newUser: NewUser) {
  const api = `${base}/api/v1`;
  const u = await newUser();
  // A signed-in browser: the patient app's session cookie from its sign-in form.
  const signIn = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email: u.email, password: u.password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) f.failures.push(`the sign-in form gave no session cookie (${signIn.status})`);
  const reports = await call(`${api}/reports`, { token: u.token });
  const firstId = (reports.json.reports as Array<{ id: number }> | undefined)?.[0]?.id ?? 1;
  const pages = [
    '/dashboard',
    '/user/security',
    '/user/trends',
    `/analysis/${firstId}`,
    `/analysis/${firstId}/print`,
  ];
  for (const p of pages) {
    f.noStore.tried++;
    const res = await call(`${base}${p}`, { headers: { cookie } });
    if (res.headers.get('cache-control') === 'no-store') f.noStore.ok++;
    else f.failures.push(`${p} (${res.status}): Cache-Control ${res.headers.get('cache-control')}`);
  }
  for (const p of ['/auth/me', '/user/me', '/reports', `/reports/${firstId}`, '/user/dashboard-stats']) {
    f.noStore.tried++;
    const res = await call(`${api}${p}`, { token: u.token });
    if (res.headers.get('cache-control') === 'no-store') f.noStore.ok++;
    else f.failures.push(`/api/v1${p} (${res.status}): Cache-Control ${res.headers.get('cache-control')}`);
  }
  // Every page and resource route with an action (read from the patient app's routes, so a new
  // one is probed without being listed), posted from another site and from a sibling subdomain.
  const host = new URL(base).host;
  const mutations = actionPaths();
  for (const p of ['/logout', '/share-links/1/revoke', '/user/profile', '/upload', '/login'])
    if (!mutations.includes(p)) f.failures.push(`the routes read have no action at ${p}`);
  for (const p of mutations)
    for (const origin of ['https://evil.example', `http://evil.${host}`, 'null']) {
      f.crossSite.tried++;
      const res = await call(`${base}${p}`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=x',
      });
      if (res.status === 403 && /another site/.test(res.text)) f.crossSite.refused++;
      else f.failures.push(`cross-site POST ${p} from ${origin}: ${res.status}`);
    }
  // Still signed in: none of them ended the session.
  if ((await call(`${base}/user/security`, { headers: { cookie } })).status !== 200)
    f.failures.push('a cross-site post ended the session');
}

/**
 * The address of every patient-app route that exports an action, from Remix's flat route file
 * names: `.` is `/`, `_index` is the parent, a trailing `_` leaves the layout, `$token` a share
 * token's shape and any other `$param` the id 1.
 */
export function actionPaths(): string[] {
  const dir = path.join(REPO_ROOT, 'patient-app/app/routes');
  const paths: string[] = [];
  for (const file of readdirSync(dir)) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(dir, file), 'utf8');
    if (!/export\s+(async\s+function|function|const)\s+action\b/.test(source)) continue;
    const segments = file
      .replace(/\.tsx?$/, '')
      .split('.')
      .filter((seg) => seg !== '_index')
      .map((seg) => seg.replace(/_$/, ''))
      .map((seg) => (seg === '$token' ? 'A'.repeat(43) : seg.startsWith('$') ? '1' : seg));
    paths.push(`/${segments.join('/')}`);
  }
  return paths.sort();
}

// ------------------------------------------------------------------ (g) re-authentication throttled
export async function probeReauth(
  base: string,
  f: ProbeFigures,
  call: Call,
  newUser: NewUser,
  adminToken: string,
) {
  const api = `${base}/api/v1`;
  // An e-mail change also spends the mail budget (5 an hour, decision 230), which alone would
  // answer the sixth change 429 and hide a missing throttle: off while the throttle is probed.
  const mailBudget = (value: unknown) =>
    call(`${api}/admin/settings/rate_limit_account_mail_per_hour`, {
      method: 'PUT',
      token: adminToken,
      json: { value },
    });
  await mailBudget(0);
  const routes: Array<[string, string, (password: string) => unknown, boolean?]> = [
    ['POST', '/user/change-password', (p) => ({ current_password: p, new_password: 'another-pass-123' })],
    [
      'PUT',
      '/user/profile',
      (p) => ({ full_name: 'Probe', email: `moved${Date.now()}@example.com`, current_password: p }),
    ],
    ['DELETE', '/user/account/permanent', (p) => ({ password: p, confirmation: true })],
    ['POST', '/security/2fa/disable', (p) => ({ password: p }), true],
    ['POST', '/security/2fa/enable', (p) => ({ token: '123456', password: p }), true],
  ];
  let n = 0;
  for (const [method, pathname, body, needs2fa] of routes) {
    f.reauth.tried++;
    const u = await newUser();
    const ip = `198.18.${Math.floor(++n / 250)}.${n % 250}`;
    const send = (password: string) =>
      call(`${api}${pathname}`, {
        method,
        token: u.token,
        json: body(password),
        headers: { 'x-forwarded-for': ip },
      });
    if (needs2fa) await call(`${api}/security/2fa/setup`, { method: 'POST', token: u.token });
    for (let i = 0; i < 5; i++) await send(`wrong-guess-${i}`);
    const right = await send(u.password);
    if (right.status === 429) f.reauth.throttled++;
    else
      f.failures.push(`${method} ${pathname}: the right password after 5 guesses answered ${right.status}`);
  }
  // Staff: a moderator of its own per route, so the super admin's address is not throttled.
  const staffRoutes: Array<[string, (password: string) => unknown, boolean?]> = [
    ['/security/admin/change-password', (p) => ({ current_password: p, new_password: 'probe-staff-pass-2' })],
    ['/security/admin/2fa/disable', (p) => ({ password: p }), true],
    ['/security/admin/2fa/enable', (p) => ({ token: '123456', password: p }), true],
  ];
  for (const [pathname, body, needs2fa] of staffRoutes) {
    f.reauth.tried++;
    const username = `probe-staff-${Date.now()}-${++n}`;
    await call(`${api}/admin/admins`, {
      method: 'POST',
      token: adminToken,
      json: {
        username,
        email: `${username}@staff.in`,
        full_name: 'Probe Staff',
        role: 'moderator',
        password: 'probe-staff-pass-1',
      },
    });
    const ip = `198.18.9.${n % 250}`;
    const login = await call(`${api}/admin/login`, {
      method: 'POST',
      json: { username, password: 'probe-staff-pass-1' },
      headers: { 'x-forwarded-for': ip },
    });
    const token = String(login.json.access_token ?? '');
    if (needs2fa)
      await call(`${api}/security/admin/2fa/setup`, {
        method: 'POST',
        token,
        headers: { 'x-forwarded-for': ip },
      });
    const send = (current: string) =>
      call(`${api}${pathname}`, {
        method: 'POST',
        token,
        json: body(current),
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 5; i++) await send(`wrong-guess-${i}`);
    const right = await send('probe-staff-pass-1');
    if (right.status === 429) f.reauth.throttled++;
    else f.failures.push(`POST ${pathname}: the right password after 5 guesses answered ${right.status}`);
  }
  await mailBudget(5);
}

/**
 * Times /health every 50 ms from a thread of its own, so the probe's own work (sending 10 MB,
 * serialising 100,000 keys) never counts against the server.
 */
function startHealthSampler(url: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let done = false, worst = 0, errors = 0;
    parentPort.on('message', () => { done = true; });
    (async () => {
      while (!done) {
        const t0 = performance.now();
        try {
          const r = await fetch(workerData.url);
          await r.arrayBuffer();
          if (r.status >= 500) errors++;
        } catch { errors++; }
        worst = Math.max(worst, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
      parentPort.postMessage({ worst, errors });
    })();`,
    { eval: true, workerData: { url } },
  );
  return {
    stop: () =>
      new Promise<{ worst: number; errors: number }>((resolve) => {
        worker.once('message', (m: { worst: number; errors: number }) => {
          void worker.terminate();
          resolve(m);
        });
        worker.postMessage('stop');
      }),
  };
}
