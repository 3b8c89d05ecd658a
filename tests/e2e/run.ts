import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runAll } from './harness';
import './journeys';
import './admin-journeys';
import './user-journeys';
import './security-journeys';
import './trends-journeys';
import './health-record-journeys';
import './account-journeys';
import './result-shape-journeys';
import './phone-journeys';
import './value-fix-journeys';
import './hindi-journeys';
import './progress-journeys';

/**
 * Runs the journeys against BASE_URL, or, in a lane of scripts/run-e2e.ts (E2E_PRODUCT_ON_STDIN),
 * against the product whose address and process id arrive on standard input once it is up: the
 * lane starts this runner beside its product, so the journeys and the browser load meanwhile
 * (decision 263); an input closed without them means the product did not start.
 * E2E_FILTER=<text> runs only the journeys whose name contains it ('a|b': either). In a lane
 * (E2E_CLAIM_DIR, decision 254) it runs the journeys it claims and leaves its counts there for
 * scripts/run-e2e.ts, which adds the lanes up.
 */
async function productFromStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  if (!text.trim()) throw new Error("the lane's product did not start");
  const { base, pid } = JSON.parse(text) as { base: string; pid: number };
  // The journeys print the product's CPU seconds beside their own (harness.ts).
  process.env.E2E_PRODUCT_PID = String(pid);
  return base;
}

const base =
  process.env.E2E_PRODUCT_ON_STDIN === '1'
    ? productFromStdin()
    : process.env.BASE_URL
      ? Promise.resolve(process.env.BASE_URL)
      : null;
// Settled later, by runAll once its browser is up; until then a closed input is no crash.
base?.catch(() => undefined);
if (!base) {
  console.error('BASE_URL is not set (use npm run test:e2e, which starts the server)');
  process.exit(2);
}
mkdirSync('test-results', { recursive: true });
const { passed, failed, cpu } = await runAll(base, process.env.E2E_FILTER).catch((err: unknown) => {
  console.error(`e2e: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
const claims = process.env.E2E_CLAIM_DIR;
if (claims) {
  writeFileSync(
    path.join(claims, `lane-${process.env.E2E_LANE ?? '1'}.json`),
    JSON.stringify({ passed, failed, cpu }),
  );
  // One lane may rightly run none (the others took them all); run-e2e.ts checks the sum.
  process.exit(failed > 0 ? 1 : 0);
}
// A run that selected nothing proved nothing: a filter with a typo must not pass.
if (passed + failed === 0)
  console.error(`e2e: no journey matches E2E_FILTER=${JSON.stringify(process.env.E2E_FILTER)}`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
