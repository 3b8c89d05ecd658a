import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

// Any fixed 64-bit key; every ReportSaathi process uses the same one.
export const BOOTSTRAP_LOCK_KEY = 7_302_114_905_001;

/**
 * Runs the first-start work (super admin, default settings, demo data) under a PostgreSQL
 * advisory lock, so processes starting together on an empty database take turns instead of
 * racing for the same unique rows. The lock is held on one pooled connection and released
 * however fn ends.
 */
export async function withBootstrapLock<T>(db: DB, fn: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${BOOTSTRAP_LOCK_KEY})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${BOOTSTRAP_LOCK_KEY})`.execute(conn);
    }
  });
}
