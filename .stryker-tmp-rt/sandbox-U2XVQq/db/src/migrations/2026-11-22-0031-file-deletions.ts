// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * Stored files whose database rows are gone but whose bytes may still be in storage. A key is
 * written in the same transaction that deletes its report, and removed once the file is gone, so
 * a storage failure leaves a visible row that the clean-up job retries instead of a silent orphan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE file_deletions (
      storage_key text PRIMARY KEY,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
