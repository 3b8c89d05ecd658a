import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * npm run test:security: the authorization walk, the hostile-input fuzz of every route and the
 * extraction fuzz with the larger budgets, then the figures: routes walked × identities, leaks,
 * fuzz cases per route, 5xx answers, extraction cases, crashes and hangs. A benchmark-style
 * report; the tests themselves fail on any leak, 5xx, crash or hang.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'rs-security-'));
const files = [
  'tests/api/route-table.test.ts',
  'tests/api/fuzz-routes.test.ts',
  'tests/api/fuzz-extract.test.ts',
  'tests/api/security.test.ts',
];
const run = spawnSync('npx', ['vitest', 'run', ...files], {
  stdio: 'inherit',
  env: { ...process.env, SECURITY_FULL: '1', SECURITY_FIGURES_DIR: dir },
});

const file = path.join(dir, 'figures.jsonl');
const rows = existsSync(file)
  ? readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, number | string>)
  : [];
const get = (name: string) => rows.find((r) => r.name === name) ?? {};
const walk = get('route-walk');
const fuzz = get('route-fuzz');
const extract = get('extract-fuzz');
console.log('\nSecurity figures');
console.log(
  `  authorization walk: ${walk.calls ?? '?'} calls (routes × identities), leaks ${walk.leaks ?? '?'}, 5xx ${walk.server_errors ?? '?'}`,
);
console.log(
  `  hostile input: ${fuzz.routes ?? '?'} routes × ${fuzz.cases_per_route ?? '?'} cases = ${fuzz.cases ?? '?'} requests, 5xx ${fuzz.server_errors ?? '?'}`,
);
console.log(
  `  extraction fuzz: ${extract.cases ?? '?'} cases, ${extract.refused ?? '?'} refused cleanly, ${extract.stopped ?? '?'} stopped at the extraction bound, crashes ${extract.crashes ?? '?'}, hangs ${extract.hangs ?? '?'}`,
);
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
