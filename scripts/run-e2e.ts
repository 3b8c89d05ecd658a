import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildChangedApps } from './lib/app-builds';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher';
import { treeCpuSeconds } from './lib/process-cpu';
import { REPO_ROOT, startProduct, type RunningProduct } from './lib/product-server';

/**
 * `npm run test:e2e`: build both apps (each only when its sources changed since its build on disk,
 * scripts/lib/app-builds.ts), then run the browser journeys (tests/e2e/run.ts) in E2E_WORKERS lanes
 * (default 2, 1 when E2E_FILTER picks a few; decision 254). Each lane is a whole product of its own:
 * a fresh database (embedded PostgreSQL in a temp DATA_DIR, or a new database on
 * TEST_DATABASE_URL's server), its own SMTP catcher, the real server on a free port, and one
 * journey runner with its own browser. The runners take the journeys one at a time from a shared
 * list, in order, so a journey that switches something for the whole product (maintenance mode,
 * the guest limit, an admin IP rule) never meets another journey on the same product.
 * Exits non-zero when a journey fails, none was selected, or a server does not come up.
 */
interface Lane {
  env: NodeJS.ProcessEnv;
  mailDir: string;
  smtp: MailCatcher;
  log: string[];
  product: (RunningProduct & { pid: number }) | null;
  cleanup(): Promise<void>;
}

function productEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Not 'production': the journeys pay through the sandbox gateway, which production never
    // offers; otherwise the product runs as built for production (Remix's production mode).
    NODE_ENV: 'test',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password',
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One lane's database and SMTP catcher; its product is started by startLaneProduct. */
async function prepareLane(): Promise<Lane> {
  const env = productEnv();
  const cleanups: Array<() => Promise<void> | void> = [];
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(external, `CREATE DATABASE ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanups.push(() =>
      adminQuery(external, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e: unknown) =>
        console.error('e2e: could not drop the database', e),
      ),
    );
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-'));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  }
  // A real SMTP server for the account's mail (decision 230); each mail lands in mailDir as JSON,
  // where the journeys (another process) read it.
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir).catch(async (err: unknown) => {
    for (const c of cleanups.reverse()) await c();
    throw err;
  });
  Object.assign(env, smtp.env);
  const lane: Lane = {
    env,
    mailDir,
    smtp,
    log: [],
    product: null,
    cleanup: async () => {
      await lane.product?.stop();
      await smtp.close();
      rmSync(mailDir, { recursive: true, force: true });
      for (const c of cleanups.reverse()) await c();
    },
  };
  return lane;
}

/** Starts the lane's product on its database; resolves once it answers /api/v1/health. */
async function startLaneProduct(lane: Lane): Promise<void> {
  lane.product = await startProduct(lane.env, (chunk) => {
    lane.log.push(chunk);
    if (lane.log.length > 400) lane.log.shift();
  });
}

/** What a lane's runner leaves in the claim folder (tests/e2e/run.ts). */
interface LaneResult {
  passed: number;
  failed: number;
  cpu?: { browser: number | null; product: number | null };
}

interface Runner {
  /** Hands the runner its lane's product (it has loaded the journeys and its browser meanwhile). */
  go(product: RunningProduct & { pid: number }): void;
  /** The lane's product did not start: the runner exits without running a journey. */
  cancel(): void;
  /** The runner's exit code. */
  exited: Promise<number>;
}

/**
 * Starts one lane's journey runner before its product is up (decision 263): loading the journeys
 * and launching the browser take seconds the product's start-up would otherwise leave unused.
 * The product's address reaches the runner on its standard input (tests/e2e/run.ts).
 */
function startRunner(lane: Lane, index: number, claimDir: string): Runner {
  const runner = spawn('npx', ['tsx', 'tests/e2e/run.ts'], {
    cwd: REPO_ROOT,
    // The journeys' fixtures insert rows into the same database the product uses.
    env: {
      ...process.env,
      E2E_PRODUCT_ON_STDIN: '1',
      E2E_DATABASE_URL: lane.env.DATABASE_URL ?? '',
      E2E_DATA_DIR: lane.env.DATA_DIR ?? '',
      E2E_MAIL_DIR: lane.mailDir,
      E2E_CLAIM_DIR: claimDir,
      E2E_LANE: String(index + 1),
    },
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  // A runner that died early (a syntax error in a journey) must not crash this process on write.
  runner.stdin!.on('error', () => undefined);
  return {
    go: (product) => runner.stdin!.end(`${JSON.stringify({ base: product.base, pid: product.pid })}\n`),
    cancel: () => runner.stdin!.end(),
    exited: new Promise<number>((resolve) => runner.once('exit', (c) => resolve(c ?? 1))),
  };
}

/**
 * The journeys' CPU seconds (each lane's runner adds up its journeys' figures, harness.ts) and
 * the products' in all (start-up and idle time too); the database server's are not counted.
 * Against the wall time they say whether the lanes kept the machine busy (decision 263).
 */
function cpuSummary(lanes: Lane[], totals: LaneResult[]): string {
  const sum = (pick: (t: LaneResult) => number | null | undefined) =>
    totals.reduce((n, t) => n + (pick(t) ?? 0), 0).toFixed(0);
  const products = lanes.reduce((n, lane) => n + (treeCpuSeconds(lane.product!.pid) ?? 0), 0);
  if (!totals.some((t) => t.cpu?.browser != null)) return '';
  return `; CPU-s in journeys: runners+browsers ${sum((t) => t.cpu?.browser)}, products ${sum((t) => t.cpu?.product)}; products in all ${products.toFixed(0)}`;
}

/** How many lanes: E2E_WORKERS, else 2 for the whole suite and 1 for a filtered run. */
function laneCount(): number {
  const asked = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return process.env.E2E_FILTER ? 1 : 2;
}

async function main(): Promise<number> {
  // An old build would test old pages: a build is reused only when its inputs' hash is unchanged.
  if (process.env.E2E_SKIP_BUILD !== '1') buildChangedApps((line) => console.log(`e2e: ${line}`));
  const claimDir = mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-claims-'));
  const count = laneCount();
  const started = Date.now();
  let lanes: Lane[] = [];
  let code = 1;
  try {
    console.log(`e2e: starting ${count} product${count > 1 ? 's' : ''} (one per lane)`);
    const preparing = await Promise.allSettled(Array.from({ length: count }, () => prepareLane()));
    lanes = preparing.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const unprepared = preparing.find((s) => s.status === 'rejected');
    if (unprepared) throw unprepared.reason;
    const runners = lanes.map((lane, i) => startRunner(lane, i, claimDir));
    const starting = await Promise.allSettled(lanes.map((lane) => startLaneProduct(lane)));
    const down = starting.find((s) => s.status === 'rejected');
    if (down) {
      for (const r of runners) r.cancel();
      await Promise.all(runners.map((r) => r.exited));
      throw down.reason;
    }
    for (const [i, lane] of lanes.entries()) {
      console.log(`e2e: a product is up on ${lane.product!.base}`);
      runners[i]!.go(lane.product!);
    }
    const codes = await Promise.all(runners.map((r) => r.exited));
    const totals = lanes.map((_, i) => {
      try {
        return JSON.parse(readFileSync(path.join(claimDir, `lane-${i + 1}.json`), 'utf8')) as LaneResult;
      } catch {
        return { passed: 0, failed: 1 } as LaneResult; // a runner that wrote no result did not finish
      }
    });
    const passed = totals.reduce((n, t) => n + t.passed, 0);
    const failed = totals.reduce((n, t) => n + t.failed, 0);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `\ne2e: ${passed} passed, ${failed} failed, ${passed + failed} total in ${count} lanes (${secs} s${cpuSummary(lanes, totals)})`,
    );
    // A run that selected nothing proved nothing: a filter with a typo must not pass.
    if (passed + failed === 0)
      console.error(`e2e: no journey matches E2E_FILTER=${JSON.stringify(process.env.E2E_FILTER)}`);
    code = failed > 0 || passed + failed === 0 || codes.some((c) => c !== 0) ? 1 : 0;
  } catch (err) {
    console.error(`e2e: ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    if (code !== 0)
      for (const lane of lanes)
        console.error(
          `\n--- server output of ${lane.product?.base ?? 'a lane'} (last lines) ---\n${lane.log.join('').split('\n').slice(-60).join('\n')}`,
        );
    // The lanes stop side by side: a product drains its requests and worker before it exits.
    await Promise.all(lanes.map((lane) => lane.cleanup()));
    rmSync(claimDir, { recursive: true, force: true });
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
