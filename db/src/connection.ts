import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { registerPool } from './copy-out';

// timestamptz and friends stay Date; int8 (count(*)) comes back as a JS number, safe for our counts.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  // JIT off: the product's queries are short, and PostgreSQL's JIT (on by default where it is
  // built with LLVM) compiles any query whose cost estimate passes 100,000 (an export batch, a
  // list over a million rows), spending 20-100 ms to save less (decision 050).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: '-c jit=off',
    // While the database is unreachable, a request fails within 5 s (503) instead of hanging.
    connectionTimeoutMillis: 5000,
  });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  return {
    db,
    pool,
    url,
    close: async () => {
      await db.destroy();
    },
  };
}

/** Runs fn in one transaction; repos take the db or the transaction as their first argument. */
export function transaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}
