import { spawn } from 'node:child_process';
import { REPO_ROOT } from './lib/product-server';

/**
 * `npm test` (decisions 176, 254): the README's whole check. Lint, typecheck and the apps' build run
 * side by side (on a 2-core machine each of them leaves cores idle); the API tests follow once
 * they passed, and the browser journeys (two lanes, run-e2e.ts) once the API tests passed. The two
 * test steps each have the machine to themselves: both hold tests that wait on real time (server
 * start-up, a hang detector, the photo evaluation's bound), and run beside the CPU-bound steps
 * they were starved into failing (decision 254, "Amended"). Each step's output is held and
 * printed whole when it ends, so it never interleaves; every step's time is printed at the end.
 */
interface Step {
  name: string;
  /** Steps that must have passed before this one starts (listed before it). */
  after?: string[];
  /** Runs under `nice -n 5`: CPU-bound, nothing in it waits on a clock. */
  background?: boolean;
}

const STEPS: Step[] = [
  { name: 'build:changed' },
  { name: 'lint', background: true },
  { name: 'typecheck', background: true },
  { name: 'test:api', after: ['lint', 'typecheck', 'build:changed'] },
  { name: 'test:e2e', after: ['build:changed', 'test:api'] },
];

interface Ran {
  step: string;
  seconds: number;
  /** null: not run, because a step it needs failed. */
  ok: boolean | null;
}

function run(step: Step): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, args] = step.background
      ? ['nice', ['-n', '5', 'npm', 'run', step.name]]
      : ['npm', ['run', step.name]];
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      console.log(`\n=== ${step.name}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s`);
      resolve({ step: step.name, seconds, ok });
    });
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const results = new Map<string, Promise<Ran>>();
  const start = (step: Step): Promise<Ran> =>
    Promise.all((step.after ?? []).map((name) => results.get(name)!)).then((needed) =>
      needed.every((r) => r.ok) ? run(step) : { step: step.name, seconds: 0, ok: null },
    );
  for (const step of STEPS) results.set(step.name, start(step));
  console.log(`=== running ${STEPS.map((s) => s.name).join(', ')}, each once what it needs passed`);
  const ran = await Promise.all(results.values());
  console.log('\n=== npm test timings (the first three side by side: the total is not their sum)');
  for (const r of ran) {
    const status = r.ok === null ? '  not run' : r.ok ? '' : '  FAILED';
    console.log(`  ${r.step.padEnd(14)} ${String(r.seconds).padStart(5)}s${status}`);
  }
  console.log(`  ${'total'.padEnd(14)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)}s`);
  return ran.every((r) => r.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
