import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startProduct } from './lib/product-server';
import { PRODUCT_ENV, runClassProbes, type ProbeFigures } from './security/class-probes';

/**
 * npm run test:security: the authorization walk (with the re-authentication and share routes), the
 * hostile-input fuzz of every route and the extraction fuzz with the larger budgets; then the class-finding probes against the real product
 * (scripts/security/class-probes.ts: races, large inputs with /health timed, redirect bypasses,
 * headers of every surface, URL settings, bodies past their limit with RSS watched, re-authentication
 * throttling, no-store, cross-site posts); then the figures. A benchmark-style report that exits
 * non-zero on any leak, crash, hang, race not held, slow /health, open redirect, missing header,
 * accepted URL or 5xx. SECURITY_PROBES_ONLY=1 runs the probes alone.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'rs-security-'));
const files = [
  'tests/api/route-table.test.ts',
  'tests/api/route-walk-reauth-share.test.ts',
  'tests/api/fuzz-routes.test.ts',
  'tests/api/fuzz-extract.test.ts',
  'tests/api/security.test.ts',
];
const run =
  process.env.SECURITY_PROBES_ONLY === '1'
    ? { status: 0 }
    : spawnSync('npx', ['vitest', 'run', ...files], {
        stdio: 'inherit',
        env: { ...process.env, SECURITY_FULL: '1', SECURITY_FIGURES_DIR: dir },
      });

/** The probes run against the product as it ships: both apps built, a fresh embedded database. */
async function probe(): Promise<ProbeFigures> {
  const built =
    existsSync(path.join(REPO_ROOT, 'patient-app/build/server/index.js')) &&
    existsSync(path.join(REPO_ROOT, 'backoffice/dist/index.html'));
  if (!built || process.env.SECURITY_BUILD === '1')
    execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rs-security-product-'));
  const log: string[] = [];
  const product = await startProduct(
    {
      ...process.env,
      // Not production: the payment race pays through the sandbox gateway.
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...PRODUCT_ENV,
    },
    (chunk) => void log.push(chunk),
  );
  try {
    return await runClassProbes(product.base, () => groupRssMb(product.pid));
  } catch (err) {
    console.error(log.slice(-40).join(''));
    throw err;
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
/** Resident memory of every process in the product's process group (Linux /proc), in MB. */
function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return kb / 1024;
}

const probes = await probe();

const file = path.join(dir, 'figures.jsonl');
const rows = existsSync(file)
  ? readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, number | string>)
  : [];
const get = (name: string) => rows.find((r) => r.name === name) ?? {};
const walk = get('route-walk');
const reauthWalk = get('reauth-walk');
const shareWalk = get('share-walk');
const csrfWalk = get('csrf-walk');
const fuzz = get('route-fuzz');
const extract = get('extract-fuzz');
console.log('\nSecurity figures');
console.log(
  `  authorization walk: ${walk.calls ?? '?'} calls (routes × identities), leaks ${walk.leaks ?? '?'}, 5xx ${walk.server_errors ?? '?'}`,
);
console.log(
  `  re-authentication walk: ${reauthWalk.routes ?? '?'} routes, ${reauthWalk.calls ?? '?'} calls, leaks ${reauthWalk.leaks ?? '?'}, 5xx ${reauthWalk.server_errors ?? '?'}`,
);
console.log(
  `  share walk: ${shareWalk.routes ?? '?'} routes, ${shareWalk.calls ?? '?'} calls (link states × grants or PINs × sessions), leaks ${shareWalk.leaks ?? '?'}, 5xx ${shareWalk.server_errors ?? '?'}`,
);
console.log(
  `  cookie sessions without their CSRF token: ${csrfWalk.routes ?? '?'} mutating routes, ${csrfWalk.calls ?? '?'} calls, leaks ${csrfWalk.leaks ?? '?'}, 5xx ${csrfWalk.server_errors ?? '?'}`,
);
console.log(
  `  hostile input: ${fuzz.routes ?? '?'} routes × ${fuzz.cases_per_route ?? '?'} cases = ${fuzz.cases ?? '?'} requests, 5xx ${fuzz.server_errors ?? '?'}`,
);
console.log(
  `  extraction fuzz: ${extract.cases ?? '?'} cases, ${extract.refused ?? '?'} refused cleanly, ${extract.stopped ?? '?'} stopped at the extraction bound, crashes ${extract.crashes ?? '?'}, hangs ${extract.hangs ?? '?'}`,
);
console.log(`  races: ${probes.races.tried} tried, ${probes.races.held} held`);
for (const line of probes.races.lines) console.log(`    ${line}`);
console.log(
  `  large inputs: ${probes.large.tried} tried, worst /health meanwhile ${probes.large.worstHealthMs.toFixed(0)} ms`,
);
for (const line of probes.large.lines) console.log(`    ${line}`);
console.log(
  `  redirect bypasses: ${probes.redirects.tried} tried, ${probes.redirects.held} kept same-origin`,
);
console.log(`  surfaces with headers checked: ${probes.headers.surfaces}, complete ${probes.headers.ok}`);
console.log(
  `  URL settings: ${probes.urlSettings.settings} walked, ${probes.urlSettings.values} hostile values, ${probes.urlSettings.refused} refused`,
);
console.log(
  `  bodies past their limit (chunked, every surface): ${probes.bodies.tried} sent, ${probes.bodies.refused} answered with the sender stopped (413, or a redirect without reading), RSS growth ${probes.bodies.rssGrowthMb.toFixed(0)} MB`,
);
console.log(
  `  re-authentications: ${probes.reauth.tried} walked, ${probes.reauth.throttled} throttled at the sixth guess`,
);
console.log(`  no-store on health and account answers: ${probes.noStore.ok} of ${probes.noStore.tried}`);
console.log(
  `  cross-site posts: ${probes.crossSite.tried} sent, ${probes.crossSite.refused} refused with 403`,
);
console.log(`  5xx answers during the probes: ${probes.serverErrors}`);
for (const line of probes.failures) console.log(`  FAILED: ${line}`);
rmSync(dir, { recursive: true, force: true });
process.exit(run.status === 0 && probes.failures.length === 0 && probes.serverErrors === 0 ? 0 : 1);
