import { spawn } from 'node:child_process';
import { REPO_ROOT } from './lib/product-server';

/**
 * `npm test` (decisions 176, 254): the README's whole check. The steps run side by side, each as
 * soon as the steps it needs have passed: on a 2-core machine no single step keeps both cores busy
 * for long (eslint and tsc use one core each, the apps' build mostly one, the browser journeys
 * mostly wait on the browser and the server), so running them together is what fills the machine.
 * The browser journeys need the apps' build; everything else starts at once. The CPU-bound steps
 * run at a lower priority (`nice`), so the journeys, which wait on real time and are the longest
 * chain, are never starved by them. Each step's output is held and printed whole when it ends, so
 * it never interleaves; every step's time is printed at the end.
 */
interface Step {
  name: string;
  /** Steps that must have passed before this one starts. */
  after?: string[];
  /** Runs under `nice -n 5`: CPU-bound, nothing in it waits on a clock. */
  background?: boolean;
}

const STEPS: Step[] = [
  { name: 'build:changed' },
  { name: 'test:e2e', after: ['build:changed'] },
  { name: 'lint', background: true },
  { name: 'typecheck', background: true },
  { name: 'test:api', background: true },
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
  console.log(`=== running ${STEPS.map((s) => s.name).join(', ')} side by side`);
  const ran = await Promise.all(results.values());
  console.log('\n=== npm test timings (side by side: the total is not their sum)');
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
