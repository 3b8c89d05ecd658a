import { sql, type Kysely } from 'kysely';

/**
 * Indexes for one user's chat search and export at 20,000 messages (decision 060).
 *
 * - Chat History searches a user's messages and answers (ILIKE '%text%'). The back office's
 *   trigram index (0050) covers every user's chats: a common word matches hundreds of thousands of
 *   rows before the user filter. With btree_gin the user id sits in the same GIN index, so the
 *   scan intersects "this user" with "these trigrams" and reads only the user's matches.
 * - The exports read a user's reports and chats in id batches ("id > last, limit n"): (user_id, id)
 *   serves each batch as a range scan instead of re-reading and sorting all the user's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX chats_user_text_trgm_idx ON chats
      USING gin (user_id, (message || ' ' || coalesce(response, '')) gin_trgm_ops);
    CREATE INDEX chats_user_id_idx ON chats (user_id, id);
    CREATE INDEX reports_user_id_idx ON reports (user_id, id);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
