// @ts-nocheck
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  connectDatabase,
  embeddedClusterDir,
  isAlive,
  startEmbeddedPostgres,
  type DB,
} from '@reportsaathi/db';
import type { Env } from '../../api/src/env';

/**
 * Opens the database the way the server does (api/src/server.ts): DATABASE_URL when set,
 * else the embedded PostgreSQL under DATA_DIR/postgres. Used by the operator scripts
 * (admin, db:migrate, db:seed); close() also stops an embedded server started here.
 */
export interface OpenedDatabase {
  db: DB;
  /** Connection URL with credentials (for pg-boss); print `description` instead. */
  url: string;
  /** Where we are connected, for messages; never includes the password. */
  description: string;
  close(): Promise<void>;
}

// The database name db/src/embedded.ts creates inside the embedded cluster.
const EMBEDDED_DB = 'reportsaathi';

export async function openDatabase(env: Env): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const handle = connectDatabase(env.DATABASE_URL, { max: 2 });
    return {
      db: handle.db,
      url: env.DATABASE_URL,
      description: redact(env.DATABASE_URL),
      close: () => handle.close(),
    };
  }

  // A running `npm start` on the same DATA_DIR owns the embedded server. startEmbeddedPostgres
  // would stop it as a "leftover", pulling the database out from under the live server, so
  // connect to it instead and leave it running.
  const running = runningEmbeddedServer(env.DATA_DIR);
  if (running) {
    const handle = connectDatabase(running.url, { max: 2 });
    return {
      db: handle.db,
      url: running.url,
      description: `the running embedded PostgreSQL (pid ${running.pid}, port ${running.port}) under ${env.DATA_DIR}`,
      close: () => handle.close(),
    };
  }

  const embedded = await startEmbeddedPostgres(env.DATA_DIR);
  const handle = connectDatabase(embedded.url, { max: 2 });
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      await handle.close();
      await embedded.stop();
    })());
  // Ctrl+C mid-command: stop the PostgreSQL we started rather than leave it running
  // (db/src/embedded.ts leaves signals to the application).
  const onSignal = (signal: NodeJS.Signals) => {
    void close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  return {
    db: handle.db,
    url: embedded.url,
    description: `the embedded PostgreSQL under ${env.DATA_DIR}`,
    close,
  };
}

/** postmaster.pid: line 1 the pid, line 4 the port (PostgreSQL's documented layout). */
function runningEmbeddedServer(dataDir: string): { pid: number; port: number; url: string } | null {
  const pidFile = path.join(embeddedClusterDir(dataDir), 'postmaster.pid');
  const passwordFile = path.join(dataDir, '.pg-password');
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isAlive(pid))
    return null;
  const password = readFileSync(passwordFile, 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DB}`;
  return { pid, port, url };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
