import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createLogger } from '../api/src/logger';
import { createJobQueue } from '../api/src/jobs/queue';
import { connectDatabase, migrateToLatest } from '@reportsaathi/db';

/**
 * The test databases of one run (decision 176). The global setup migrates one template database
 * (every migration and the job queue's tables) once; each API test file then gets its own database
 * as a copy of it (`CREATE DATABASE … TEMPLATE …`, a file copy inside PostgreSQL) instead of running
 * every migration again. Names carry the run's random part, so runs sharing one server never meet.
 */

/** A new database name on the run's server: `t_<time>_<random>`. */
export function newDatabaseName(prefix = 't'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates and migrates the run's template database and closes every connection to it (PostgreSQL
 * copies a database only while no one is connected). Returns its name and how to drop it.
 */
export async function createTemplateDatabase(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = newDatabaseName('tpl');
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const drop = async () => {
    await adminQuery(serverUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    const url = withDatabase(serverUrl, name);
    const handle = connectDatabase(url, { max: 1 });
    try {
      await migrateToLatest(handle.db as never);
    } finally {
      await handle.close();
    }
    // The queue's schema and queues, as the server's bootstrap makes them (api/src/jobs/queue.ts).
    const jobs = await createJobQueue(url, createLogger('silent'), {
      analysisTimeoutSeconds: 120,
      supervise: false,
    });
    await jobs.stop();
    // Marked a template: only a superuser or its owner may copy it, and it cannot be dropped by accident.
    await adminQuery(serverUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { name, drop };
}

/** A new database copied from the template: migrated, no rows of its own. */
export async function createFromTemplate(serverUrl: string, template: string): Promise<string> {
  const name = newDatabaseName();
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return name;
}
