import { spawn } from 'node:child_process';
import { REPO_ROOT } from './lib/product-server';

/**
 * `npm test` (decision 176): the README's whole check, in stages. The steps of a stage run at the
 * same time, because on a small machine each of them leaves cores idle (eslint and tsc use one core
 * each, the apps' build is mostly one); their output is held and printed whole as each ends, so it
 * never interleaves. A stage starts when the one before passed; the API tests and the browser
 * journeys each have the machine to themselves, since both start servers and time their waits.
 * Prints how long each step took.
 */
const STAGES: string[][] = [['lint', 'typecheck', 'build:changed'], ['test:api'], ['test:e2e']];

interface Ran {
  step: string;
  seconds: number;
  ok: boolean;
}

function run(step: string, alone: boolean): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', step], {
      cwd: REPO_ROOT,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      if (!alone) process.stdout.write(Buffer.concat(output));
      console.log(`=== ${step}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s`);
      resolve({ step, seconds, ok });
    });
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const ran: Ran[] = [];
  let failed = false;
  for (const stage of STAGES) {
    console.log(`\n=== ${stage.join(' + ')}`);
    const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
    ran.push(...results);
    if (results.some((r) => !r.ok)) {
      failed = true;
      break;
    }
  }
  console.log('\n=== npm test timings');
  for (const r of ran)
    console.log(`  ${r.step.padEnd(14)} ${String(r.seconds).padStart(5)}s${r.ok ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(14)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)}s`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
