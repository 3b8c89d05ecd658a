// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the back office's lists (users, reports, chats) at production size.
 *
 * - Every sort is "column, then id" in the same direction, so paging is stable and one b-tree
 *   serves both directions. Nullable sort columns (last_login, processing time, tokens) treat
 *   "none" as the smallest value: last in descending order, first in ascending order.
 * - Literal substring search (ILIKE '%text%') uses pg_trgm GIN indexes; a search of one or two
 *   characters has no trigram and falls back to a scan, which is acceptable at these sizes.
 * - The older single-column sort indexes are replaced by the "column, id" ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    DROP INDEX IF EXISTS users_created_at_idx;
    DROP INDEX IF EXISTS users_full_name_idx;
    DROP INDEX IF EXISTS users_last_login_idx;
    CREATE INDEX users_created_id_idx ON users (created_at DESC, id DESC);
    CREATE INDEX users_full_name_id_idx ON users (full_name, id);
    CREATE INDEX users_last_login_id_idx ON users (last_login DESC NULLS LAST, id DESC);
    CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
    CREATE INDEX users_full_name_trgm_idx ON users USING gin (full_name gin_trgm_ops);

    DROP INDEX IF EXISTS reports_created_at_idx;
    DROP INDEX IF EXISTS reports_updated_at_idx;
    DROP INDEX IF EXISTS reports_status_idx;
    DROP INDEX IF EXISTS reports_flagged_idx;
    DROP INDEX IF EXISTS reports_filename_idx;
    DROP INDEX IF EXISTS reports_file_size_idx;
    DROP INDEX IF EXISTS reports_processing_time_idx;
    CREATE INDEX reports_created_id_idx ON reports (created_at DESC, id DESC);
    CREATE INDEX reports_updated_id_idx ON reports (updated_at DESC, id DESC);
    CREATE INDEX reports_status_id_idx ON reports (status, id);
    CREATE INDEX reports_filename_id_idx ON reports (filename, id);
    CREATE INDEX reports_file_size_id_idx ON reports (file_size, id);
    CREATE INDEX reports_processing_time_id_idx ON reports (processing_time_seconds DESC NULLS LAST, id DESC);
    CREATE INDEX reports_flagged_created_idx ON reports (created_at DESC, id DESC) WHERE is_flagged;
    CREATE INDEX reports_name_trgm_idx ON reports USING gin ((original_filename || ' ' || filename) gin_trgm_ops);

    DROP INDEX IF EXISTS chats_created_at_idx;
    DROP INDEX IF EXISTS chats_flagged_idx;
    DROP INDEX IF EXISTS chats_model_idx;
    CREATE INDEX chats_created_id_idx ON chats (created_at DESC, id DESC);
    CREATE INDEX chats_updated_id_idx ON chats (updated_at DESC, id DESC);
    CREATE INDEX chats_processing_time_id_idx ON chats (processing_time_seconds DESC NULLS LAST, id DESC);
    CREATE INDEX chats_tokens_id_idx ON chats (tokens_used DESC NULLS LAST, id DESC);
    CREATE INDEX chats_flagged_created_idx ON chats (created_at DESC, id DESC) WHERE is_flagged;
    CREATE INDEX chats_feedback_created_idx ON chats (created_at DESC, id DESC) WHERE user_feedback IS NOT NULL;
    CREATE INDEX chats_model_created_idx ON chats (ai_model_used, created_at DESC, id DESC);
    CREATE INDEX chats_text_trgm_idx ON chats USING gin ((message || ' ' || coalesce(response, '')) gin_trgm_ops);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
