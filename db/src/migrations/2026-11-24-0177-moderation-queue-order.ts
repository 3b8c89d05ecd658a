import { sql, type Kysely } from 'kysely';

/**
 * The moderation queue, newest flag first across every status, and its counts, from the partial
 * indexes alone (decision 077):
 * - An item in the queue always has a flagged_at (the flag trigger of migration 0071 stamps it, a
 *   decision back to pending restamps it); a CHECK now says so, so the queue orders by flagged_at
 *   itself instead of coalesce(flagged_at, created_at), and one index scan per status, merged,
 *   yields the unfiltered order without sorting every item ever flagged.
 * - The indexes carry is_flagged (instead of created_at, the old fallback), so the queue's stats
 *   and totals count index entries without reading the tables' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE reports SET flagged_at = created_at WHERE moderation_status IS NOT NULL AND flagged_at IS NULL;
    UPDATE chats SET flagged_at = created_at WHERE moderation_status IS NOT NULL AND flagged_at IS NULL;
    UPDATE feedback SET flagged_at = created_at WHERE moderation_status IS NOT NULL AND flagged_at IS NULL;
    ALTER TABLE reports ADD CONSTRAINT reports_queued_when_flagged
      CHECK (moderation_status IS NULL OR flagged_at IS NOT NULL);
    ALTER TABLE chats ADD CONSTRAINT chats_queued_when_flagged
      CHECK (moderation_status IS NULL OR flagged_at IS NOT NULL);
    ALTER TABLE feedback ADD CONSTRAINT feedback_queued_when_flagged
      CHECK (moderation_status IS NULL OR flagged_at IS NOT NULL);

    DROP INDEX reports_moderation_idx;
    CREATE INDEX reports_moderation_idx ON reports (moderation_status, flagged_at DESC, id DESC)
      INCLUDE (is_flagged) WHERE moderation_status IS NOT NULL;
    DROP INDEX chats_moderation_idx;
    CREATE INDEX chats_moderation_idx ON chats (moderation_status, flagged_at DESC, id DESC)
      INCLUDE (is_flagged) WHERE moderation_status IS NOT NULL;
    DROP INDEX feedback_moderation_idx;
    CREATE INDEX feedback_moderation_idx ON feedback (moderation_status, flagged_at DESC, id DESC)
      INCLUDE (is_flagged) WHERE moderation_status IS NOT NULL;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
