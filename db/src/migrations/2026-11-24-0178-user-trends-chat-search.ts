import { sql, type Kysely } from 'kysely';

/**
 * The trends list and the chat search of a user with thousands of reports and messages
 * (decision 068).
 *
 * - reports_user_completed_idx: the user's analysed reports, newest first, with the id that breaks
 *   a tie of upload times. The trends walk it (index only) to count each analyte's reports and,
 *   per chart, to find the latest 24 points and the first without reading the whole series.
 * - report_values_chartable_idx: a report's values that can go on a chart (a number, not an
 *   unsettled photo reading), by analyte and printed unit; a report's (analyte, unit) pairs come
 *   from the index alone.
 * - chats.search_text: the searched text (message, a space, the answer) lowercased once, when the
 *   chat is written. ILIKE lowercases both sides on every row it tests, which cost most of a
 *   search of thousands of matches; `search_text LIKE lower(pattern)` is the same test (in a UTF-8
 *   database PostgreSQL's ILIKE is exactly lower(text) LIKE lower(pattern)) without that work.
 *   It is left out of the Kysely types: nothing reads it but the search (library.repo).
 * - chats_user_search_trgm_idx: the user's id and the trigrams of search_text in one GIN index
 *   (btree_gin, migration 0062), so a search reads only that user's matches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX reports_user_completed_idx ON reports (user_id, created_at DESC, id DESC)
      WHERE status = 'completed';
    CREATE INDEX report_values_chartable_idx ON report_values (report_id, canonical_id, unit, position)
      WHERE value_numeric IS NOT NULL AND NOT uncertain;
    ALTER TABLE chats ADD COLUMN search_text text
      GENERATED ALWAYS AS (lower(message || ' ' || coalesce(response, ''))) STORED;
    CREATE INDEX chats_user_search_trgm_idx ON chats USING gin (user_id, search_text gin_trgm_ops);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
