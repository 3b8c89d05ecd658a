import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { inject } from 'vitest';
import { connectDatabase, type DB } from '@reportsaathi/db';
import { CSRF_COOKIE, CSRF_HEADER } from '@reportsaathi/contracts';
import { createApp } from '../../api/src/app';
import { readEnv } from '../../api/src/env';
import type { Logger } from 'pino';
import { createLogger } from '../../api/src/logger';
import type { AppDeps } from '../../api/src/context';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDeps } from '../../api/src/bootstrap/build-deps';
import { startWorker } from '../../api/src/jobs/worker';
import { adminQuery, createFromTemplate, newDatabaseName, withDatabase } from '../test-databases';

/**
 * Each API test file gets a database of its own on the run's PostgreSQL server, a copy of the
 * run's migrated template (decision 176), and the real app listening on a free loopback port. No
 * mocks: requests go over HTTP. The app's bootstrap still runs its migrations, finding none to do.
 */
export interface TestApp {
  baseUrl: string;
  db: DB;
  deps: AppDeps;
  databaseUrl: string;
  close(): Promise<void>;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  /**
   * `database`: join another app's database (a second process of one deployment).
   * `logger`: the app's logger (default silent), e.g. one writing into a test's buffer.
   */
  options: { worker?: boolean; database?: string; logger?: Logger } = {},
): Promise<TestApp> {
  const serverUrl = inject('serverDbUrl');
  const databaseUrl =
    options.database ??
    withDatabase(serverUrl, await createFromTemplate(serverUrl, inject('templateDatabase')));
  /** This app's own database, dropped by close(); null when it joined another app's. */
  const name = options.database ? null : new URL(databaseUrl).pathname.slice(1);
  const handle = connectDatabase(databaseUrl, { max: 5 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-test-data-'));
  const logger = options.logger ?? createLogger('silent');
  // One key file per database (generated at the first start, as in development), shared by the
  // apps that join that database like the processes of one deployment.
  const keyFile = path.join(os.tmpdir(), `rs-keys-${new URL(databaseUrl).pathname.slice(1)}.json`);
  const env = readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    KEY_FILE: keyFile,
    DEMO_DATA: 'false',
    ...envOverrides,
  });
  // The server's own bootstrap (migrations, settings, stored JWT secret, queue), without the
  // first super admin, which tests create with the roles they need.
  const { deps, stop: stopJobs } = await buildDeps(handle, env, logger, {
    supervise: options.worker ?? false,
    superAdmin: false,
  });
  if (options.worker) await startWorker(deps);
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
      await stopJobs();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
      if (name) {
        await rm(keyFile, { force: true });
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  };
}

/**
 * A new database copied from the run's migrated template, for tests that start the product
 * themselves (startProduct) but are not about its migrations: its bootstrap finds them done.
 */
export async function createMigratedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('serverDbUrl');
  const name = await createFromTemplate(serverUrl, inject('templateDatabase'));
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A new, empty database on the run's server (no migrations), for bootstrap tests. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('serverDbUrl');
  const name = newDatabaseName();
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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

/** Polls until the report leaves pending/processing (the worker is real), up to 60 s. */
export async function waitForReport(client: Client, path: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(path);
    if (res.status !== 200 || !['pending', 'processing'].includes(res.body.status)) return res;
    if (Date.now() > until) throw new Error(`report still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function fileForm(
  name: string,
  content: Buffer | string,
  type = 'application/octet-stream',
  field = 'file',
): FormData {
  const form = new FormData();
  form.append(
    field,
    new Blob([new Uint8Array(typeof content === 'string' ? Buffer.from(content) : content)], { type }),
    name,
  );
  return form;
}
