import { randomBytes } from 'node:crypto';

/**
 * "Sessions, rate limits and guest limits hold across processes" (decision 097),
 * checked against two API processes directly — not through the balancer, which may send two calls
 * to the same process. Each check alternates between the two, so a per-process memory would show:
 * - a session issued by one process is accepted by the other, and a sign-out made on one is refused
 *   on the other;
 * - the sign-in rate limit (per account per minute) counted on both answers 429 with Retry-After at
 *   the limit + 1st call, although neither process saw more than about half of them;
 * - a guest's daily uploads (the setting, 3 by default) allow exactly that many, split over both.
 * Run on a fresh deployment (the demo's): the limits are read from the settings it starts with.
 */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(
  base: string,
  method: string,
  url: string,
  init: { body?: unknown; token?: string; form?: FormData } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

async function newUser(base: string, tag: string): Promise<{ email: string; password: string }> {
  const email = `${tag}.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'secret123';
  const res = await call(base, 'POST', '/auth/register', { body: { email, password, full_name: tag } });
  if (res.status !== 201) throw new Error(`registering ${tag}: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password };
}

async function sessionCheck(one: string, two: string): Promise<CheckResult> {
  const name = 'session across processes';
  const user = await newUser(one, 'session');
  const login = await call(one, 'POST', '/auth/login', { body: user });
  const token = login.body.token as string | undefined;
  if (login.status !== 200 || !token) return { name, ok: false, detail: `sign-in on api1: ${login.status}` };
  const meOnTwo = await call(two, 'GET', '/auth/me', { token });
  const logout = await call(one, 'POST', '/auth/logout', { token });
  const afterOnTwo = await call(two, 'GET', '/auth/me', { token });
  const afterOnOne = await call(one, 'GET', '/auth/me', { token });
  const ok =
    meOnTwo.status === 200 && logout.status === 200 && afterOnTwo.status === 401 && afterOnOne.status === 401;
  return {
    name,
    ok,
    detail:
      `token from api1 on api2: ${meOnTwo.status}; sign-out on api1: ${logout.status}; ` +
      `the same token then on api2: ${afterOnTwo.status}, on api1: ${afterOnOne.status} (want 200, 200, 401, 401)`,
  };
}

async function rateLimitCheck(one: string, two: string, limit: number): Promise<CheckResult> {
  const name = 'sign-in rate limit across processes';
  const user = await newUser(two, 'ratelimit');
  // The limit counts in fixed one-minute windows: start early in one, so all calls share it.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 200);
  const statuses: number[] = [];
  let refused: { status: number; retryAfter: string | null; on: string } | null = null;
  for (let i = 0; i < limit + 1; i++) {
    const base = i % 2 === 0 ? one : two;
    const res = await call(base, 'POST', '/auth/login', { body: user });
    statuses.push(res.status);
    if (res.status === 429)
      refused ??= {
        status: 429,
        retryAfter: res.headers.get('retry-after'),
        on: i % 2 === 0 ? 'api1' : 'api2',
      };
  }
  const allowed = statuses.slice(0, limit).every((s) => s === 200);
  const last = statuses[limit];
  const retryAfter = Number(refused?.retryAfter ?? 0);
  const ok = allowed && last === 429 && retryAfter >= 1 && retryAfter <= 60;
  return {
    name,
    ok,
    detail: `limit ${limit}/min per account: calls 1–${limit} alternating api1/api2 answered ${
      allowed ? '200' : statuses.slice(0, limit).join(',')
    }, call ${limit + 1} (on ${limit % 2 === 0 ? 'api1' : 'api2'}) ${last}, Retry-After ${refused?.retryAfter ?? 'missing'} s (each process saw ${Math.ceil((limit + 1) / 2)} or fewer)`,
  };
}

async function guestLimitCheck(one: string, two: string, daily: number): Promise<CheckResult> {
  const name = 'guest daily limit across processes';
  const session = await call(one, 'POST', '/guest/session');
  const sid = session.body.session_id as string | undefined;
  if (session.status !== 201 || !sid)
    return { name, ok: false, detail: `guest session on api1: ${session.status}` };
  const statuses: number[] = [];
  let refusal = '';
  for (let i = 0; i < daily + 1; i++) {
    const form = new FormData();
    const text = `Guest sample ${randomBytes(6).toString('hex')}\nHemoglobin 12.${i} g/dL 13.0 - 17.0\n`;
    form.append('file', new Blob([text], { type: 'text/plain' }), `guest${i}.txt`);
    const res = await call(i % 2 === 0 ? one : two, 'POST', `/guest/session/${sid}/upload`, { form });
    statuses.push(res.status);
    if (res.status === 429) refusal = String(res.body.detail ?? '');
  }
  const ok =
    statuses.slice(0, daily).every((s) => s === 201) && statuses[daily] === 429 && refusal.length > 0;
  return {
    name,
    ok,
    detail: `${daily} a day: uploads alternating api1/api2 answered ${statuses.join(', ')} (want ${daily} × 201 then 429: "${refusal}")`,
  };
}

/** Reads a setting's integer value through the admin API (the demo's super admin). */
async function intSetting(base: string, adminToken: string, key: string): Promise<number> {
  const res = await call(base, 'GET', `/admin/settings/${key}`, { token: adminToken });
  const value = Number(res.body.value);
  if (res.status !== 200 || !Number.isFinite(value)) throw new Error(`setting ${key}: ${res.status}`);
  return value;
}

export async function crossProcessChecks(
  api1: string,
  api2: string,
  adminToken: string,
): Promise<CheckResult[]> {
  const loginLimit = await intSetting(api1, adminToken, 'rate_limit_login_per_minute');
  const guestDaily = await intSetting(api1, adminToken, 'guest_daily_uploads');
  return [
    await sessionCheck(api1, api2),
    await rateLimitCheck(api1, api2, loginLimit),
    await guestLimitCheck(api1, api2, guestDaily),
  ];
}
