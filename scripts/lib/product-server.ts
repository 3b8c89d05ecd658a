import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@reportsaathi/db';

/**
 * Starts the real product (scripts/start.ts) in its own process group on a free loopback
 * port, waits until /api/v1/health answers, and stops it again. Used by the browser tests
 * and (through product-client.ts) bench:web and audit:pages; the caller chooses the database
 * through env (DATA_DIR or DATABASE_URL).
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const HEALTH_TIMEOUT_MS = 180_000;

export interface RunningProduct {
  base: string;
  stop(): Promise<void>;
}

export async function startProduct(
  env: NodeJS.ProcessEnv,
  onOutput: (chunk: string) => void = () => undefined,
  cwd: string = REPO_ROOT,
): Promise<RunningProduct & { pid: number }> {
  const port = await freePort();
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  child.stdout?.on('data', (c: Buffer) => onOutput(c.toString()));
  child.stderr?.on('data', (c: Buffer) => onOutput(c.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/api/v1/health`, child);
  } catch (err) {
    await stopProcessGroup(child);
    throw err;
  }
  // pid: the process group's id (npx's), for tests that kill it without warning.
  return { base, pid: child.pid!, stop: () => stopProcessGroup(child) };
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`server exited with code ${server.exitCode} before it was healthy`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/**
 * SIGTERM to the whole group (npx → tsx → node), then wait until every process of it has gone —
 * npx exits before the server has drained — and SIGKILL what is left after 15 s. Safe to call
 * again once stopped.
 */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !signalGroup(pid, 'SIGTERM')) return;
  const deadline = Date.now() + 15_000;
  while (signalGroup(pid, 0)) {
    if (Date.now() > deadline) {
      signalGroup(pid, 'SIGKILL');
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends a signal to a process group; false when no process of it is left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}
