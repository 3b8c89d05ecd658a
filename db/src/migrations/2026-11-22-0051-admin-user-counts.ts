import { sql, type Kysely } from 'kysely';

/**
 * The back office counts each user's live (not soft-deleted) reports: in the users list (a page
 * of 20), the user detail and the users export (every user, 5,000 at a time). With only
 * (user_id, ...) indexes each count visits every report of the user in the table to read its
 * status; this partial index answers the count from the index alone (decision 050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reports_user_live_idx ON reports (user_id) WHERE status <> 'deleted'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
