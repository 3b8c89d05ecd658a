import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startProduct, type RunningProduct } from './product-server';

/**
 * What the measuring scripts (audit:pages, bench:web) do to the product before they measure it:
 * start it on a fresh embedded database, call its API, and sign up a user of their own.
 */

/**
 * The real product in production mode on a fresh embedded database in a temporary DATA_DIR (removed
 * again by stop()), like the browser tests; with `build`, the patient app is built first.
 */
export async function startFreshProduct(options: {
  /** Names the temporary folder (rs-{tag}-…) and the super admin's default password. */
  tag: string;
  build: boolean;
}): Promise<RunningProduct & { pid: number }> {
  if (options.build)
    execSync('npm run build -w @reportsaathi/patient-app', { cwd: REPO_ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rs-${options.tag}-`));
  const product = await startProduct({
    ...process.env,
    // Not 'production': the benches pay through the sandbox gateway, which production never offers
    // (the only other differences are keys generated into DATA_DIR instead of required).
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? `${options.tag}-admin-password`,
  });
  return {
    base: product.base,
    pid: product.pid,
    stop: async () => {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One call of the product's API (/api/v1…): the JSON answer, or an error naming the call and the status. */
export async function apiCall<T>(
  base: string,
  pathname: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${base}/api/v1${pathname}`, { ...init, headers });
  const body = (await res.json().catch(() => null)) as T;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Registers a new user ({tag}-{time}@example.com) and signs them in; answers the session token. */
export async function signedUpUser(base: string, tag: string, fullName: string): Promise<string> {
  const email = `${tag}-${Date.now()}@example.com`;
  const password = `${tag}-password-1`;
  await apiCall(base, '/auth/register', {
    method: 'POST',
    body: JSON.stringify({ email, password, full_name: fullName }),
  });
  const { token } = await apiCall<{ token: string }>(base, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return token;
}
