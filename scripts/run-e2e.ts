import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildChangedApps } from './lib/app-builds';
import { startMailCatcher } from './lib/mail-catcher';
import { REPO_ROOT, startProduct, type RunningProduct } from './lib/product-server';

/**
 * `npm run test:e2e`: build both apps (each only when its sources changed since its build on disk,
 * scripts/lib/app-builds.ts), start the real product on a free port with a fresh
 * database (embedded PostgreSQL in a temp DATA_DIR, or a new database on TEST_DATABASE_URL's
 * server), wait for /api/v1/health, run the browser journeys (tests/e2e/run.ts), stop the server.
 * Exits non-zero when a journey fails or the server does not come up.
 */
async function main(): Promise<number> {
  // An old build would test old pages: a build is reused only when its inputs' hash is unchanged.
  if (process.env.E2E_SKIP_BUILD !== '1') buildChangedApps((line) => console.log(`e2e: ${line}`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Not 'production': the journeys pay through the sandbox gateway, which production never
    // offers; otherwise the product runs as built for production (Remix's production mode).
    NODE_ENV: 'test',
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

  // A real SMTP server for the account's mail (decision 230); each mail lands in mailDir as JSON,
  // where the journeys (another process) read it.
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir);
  Object.assign(env, smtp.env);

  const log: string[] = [];
  const keep = (chunk: string) => {
    log.push(chunk);
    if (log.length > 400) log.shift();
  };

  let code = 1;
  let product: RunningProduct | null = null;
  try {
    console.log('e2e: starting the product');
    product = await startProduct(env, keep);
    const base = product.base;
    console.log(`e2e: the product is up on ${base}`);
    code = await new Promise<number>((resolve) => {
      const runner = spawn('npx', ['tsx', 'tests/e2e/run.ts'], {
        cwd: REPO_ROOT,
        // The journeys' fixtures insert rows into the same database the product uses.
        env: {
          ...process.env,
          BASE_URL: base,
          E2E_DATABASE_URL: env.DATABASE_URL ?? '',
          E2E_DATA_DIR: env.DATA_DIR ?? '',
          E2E_MAIL_DIR: mailDir,
        },
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
    await product?.stop();
    await smtp.close();
    rmSync(mailDir, { recursive: true, force: true });
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
