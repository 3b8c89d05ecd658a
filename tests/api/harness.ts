import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, migrateToLatest, type DB } from '@reportsaathi/db';
import { CSRF_COOKIE, CSRF_HEADER } from '@reportsaathi/contracts';
import { createApp } from '../../api/src/app';
import { readEnv } from '../../api/src/env';
import { createLogger } from '../../api/src/logger';
import type { AppDeps } from '../../api/src/context';

/**
 * Each API test file gets a database of its own on the run's PostgreSQL server, migrated,
 * and the real app listening on a free loopback port. No mocks: requests go over HTTP.
 */
export interface TestApp {
  baseUrl: string;
  db: DB;
  deps: AppDeps;
  databaseUrl: string;
  close(): Promise<void>;
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = inject('serverDbUrl');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = withDatabase(serverUrl, name);
  const handle = connectDatabase(databaseUrl, { max: 5 });
  await migrateToLatest(handle.db as never);
  const env = readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/rs-test-data',
    ...envOverrides,
  });
  const deps: AppDeps = {
    db: handle.db,
    env,
    logger: createLogger('silent'),
    jwtSecret: randomBytes(32).toString('hex'),
    startedAt: new Date(),
  };
  const server = http.createServer(createApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    db: handle.db,
    deps,
    databaseUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A small JSON client that keeps cookies like a browser would (for the cookie + CSRF tests). */
export class Client {
  cookies = new Map<string, string>();
  bearer: string | null = null;
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined && !(body instanceof FormData) && typeof body !== 'string')
      h['content-type'] = 'application/json';
    if (typeof body === 'string') h['content-type'] ??= 'application/json';
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      body:
        body === undefined
          ? undefined
          : body instanceof FormData || typeof body === 'string'
            ? body
            : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const idx = pair.indexOf('=');
      const k = pair.slice(0, idx);
      const v = pair.slice(idx + 1);
      if (v === '' || /Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    return { status: res.status, body: json as Record<string, any>, headers: res.headers };
  }
  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }
  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, undefined, headers);
  }
  csrfHeader(): Record<string, string> {
    return { [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '' };
  }
}

export async function registerAndLogin(
  client: Client,
  email = `u${randomBytes(4).toString('hex')}@example.com`,
  password = 'secret123',
) {
  const reg = await client.post('/auth/register', { email, password, full_name: 'Test User' });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const login = await client.post('/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  client.bearer = login.body.token;
  return { email, password, token: login.body.token as string, user: login.body.user };
}
