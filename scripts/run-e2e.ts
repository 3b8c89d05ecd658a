import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * `npm run test:e2e`: build both apps, start the real product on a free port with a fresh
 * database (embedded PostgreSQL in a temp DATA_DIR, or a new database on TEST_DATABASE_URL's
 * server), wait for /api/v1/health, run the browser journeys (tests/e2e/run.ts), stop the server.
 * Exits non-zero when a journey fails or the server does not come up.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const HEALTH_TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`server exited with code ${server.exitCode} before it was healthy`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    try {
      // The server runs in its own process group (npx → tsx → node): signal all of it.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

async function main(): Promise<number> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Always rebuild: an old build would test old pages.
    execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password',
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  let dataDir: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-'));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
  }

  const base = `http://127.0.0.1:${port}`;
  console.log(`e2e: starting the product on ${base}`);
  const server = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 400) log.shift();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let code = 1;
  try {
    await waitForHealth(`${base}/api/v1/health`, server);
    code = await new Promise<number>((resolve) => {
      const runner = spawn('npx', ['tsx', 'tests/e2e/run.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, BASE_URL: base },
        stdio: 'inherit',
      });
      runner.once('exit', (c) => resolve(c ?? 1));
    });
  } catch (err) {
    console.error(`e2e: ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    if (code !== 0)
      console.error(
        `\n--- server output (last lines) ---\n${log.join('').split('\n').slice(-60).join('\n')}`,
      );
    await stop(server);
    await dropDatabase?.().catch((e: unknown) => console.error('e2e: could not drop the database', e));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
