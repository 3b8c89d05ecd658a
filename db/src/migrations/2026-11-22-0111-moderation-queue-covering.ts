import { sql, type Kysely } from 'kysely';

/**
 * The moderation queue's partial indexes (migration 0071) also carry created_at, the fallback of
 * the queue's "when flagged" (coalesce(flagged_at, created_at)): a page's candidates (offset +
 * limit of each kind) are then ordered and cut from the indexes alone, and only the page's items
 * are read from the tables (decision 077).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX reports_moderation_idx;
    CREATE INDEX reports_moderation_idx ON reports (moderation_status, flagged_at DESC, id DESC)
      INCLUDE (created_at) WHERE moderation_status IS NOT NULL;
    DROP INDEX chats_moderation_idx;
    CREATE INDEX chats_moderation_idx ON chats (moderation_status, flagged_at DESC, id DESC)
      INCLUDE (created_at) WHERE moderation_status IS NOT NULL;
    DROP INDEX feedback_moderation_idx;
    CREATE INDEX feedback_moderation_idx ON feedback (moderation_status, flagged_at DESC, id DESC)
      INCLUDE (created_at) WHERE moderation_status IS NOT NULL;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
