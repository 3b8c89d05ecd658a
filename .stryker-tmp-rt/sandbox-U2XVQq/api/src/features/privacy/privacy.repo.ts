// @ts-nocheck
import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/** The SQL of the user's privacy controls: retention, anonymization and permanent deletion. */

export const ANONYMIZED = '[anonymized]';

export async function saveRetention(
  db: DB,
  userId: number,
  retention: Record<string, unknown>,
  preferences: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      retention: JSON.stringify(retention),
      preferences: JSON.stringify(preferences),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Replaces the personal text of the user's reports older than the cutoff: the file name, the
 * patient block of the analysis, the uploader's IP, and the stored file itself (it holds the name
 * and the document); the extracted values and the analysis wording stay. Returns the count and
 * the files to delete. Call inside a transaction.
 */
export async function anonymizeReports(trx: DB, userId: number, cutoff: Date) {
  const rows = await sql<{ id: number; storage_key: string | null }>`
    UPDATE reports r SET
      original_filename = 'anonymized_report_' || r.id || '.' || r.file_type,
      analysis_result = CASE WHEN r.analysis_result IS NULL THEN NULL ELSE r.analysis_result - 'patient' END,
      uploader_ip = NULL,
      storage_key = NULL,
      updated_at = now()
    FROM (SELECT id, storage_key FROM reports
          WHERE user_id = ${userId} AND created_at < ${cutoff}
            AND original_filename NOT LIKE 'anonymized\\_report\\_%') old
    WHERE r.id = old.id
    RETURNING r.id, old.storage_key
  `.execute(trx);
  return rows.rows;
}

export async function anonymizeChats(trx: DB, userId: number, cutoff: Date): Promise<number> {
  const r = await trx
    .updateTable('chats')
    .set({
      message: ANONYMIZED,
      response: sql`CASE WHEN response IS NULL THEN NULL ELSE ${ANONYMIZED} END`,
      flag_reason: null,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .where('created_at', '<', cutoff)
    .where('message', '!=', ANONYMIZED)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function anonymizeFeedback(trx: DB, userId: number, cutoff: Date): Promise<number> {
  const r = await trx
    .updateTable('feedback')
    .set({ comment: ANONYMIZED })
    .where('user_id', '=', userId)
    .where('created_at', '<', cutoff)
    .where('comment', 'is not', null)
    .where('comment', '!=', ANONYMIZED)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Removes the user and every row that is theirs: the cascade takes reports, values, chats,
 * feedback, sessions, subscriptions, payments and usage; sign-in attempts and rate-limit windows
 * (kept by e-mail) and security events (kept for staff with the user unlinked) are removed here. Returns the files.
 */
export async function deleteUserRows(trx: DB, userId: number, email: string): Promise<(string | null)[]> {
  const keys = await trx.selectFrom('reports').select('storage_key').where('user_id', '=', userId).execute();
  await trx.deleteFrom('login_attempts').where('kind', '=', 'user').where('identifier', '=', email).execute();
  await trx.deleteFrom('security_events').where('user_id', '=', userId).execute();
  // Rate-limit windows keyed by the account (':n:<email>' at sign-in, ':u:<id>' when signed in).
  for (const suffix of [`:n:${email}`, `:u:${userId}`])
    await sql`DELETE FROM rate_limit_counters WHERE right(key, ${suffix.length}) = ${suffix}`.execute(trx);
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return keys.map((k) => k.storage_key);
}

/**
 * The retention rule of every user who chose it, set-based and a batch at a time: reports older
 * than their period are deleted (their chats, feedback and values with them by cascade) and their
 * files recorded for deletion in the same transaction; with delete_inactive_chats, chats older
 * than the period go too. Returns the files to delete now and the counts.
 */
export async function deleteExpiredUserData(trx: DB, batch: number) {
  const reports = await sql<{ id: number; storage_key: string | null }>`
    DELETE FROM reports WHERE id IN (
      SELECT r.id FROM reports r JOIN users u ON u.id = r.user_id
      WHERE coalesce((u.retention->>'auto_delete_old_reports')::boolean, false)
        AND r.created_at < now() - make_interval(days => coalesce((u.retention->>'data_retention_days')::int, 365))
      ORDER BY r.id LIMIT ${batch}
    )
    RETURNING id, storage_key
  `.execute(trx);
  const chats = await sql<{ id: number }>`
    DELETE FROM chats WHERE id IN (
      SELECT c.id FROM chats c JOIN users u ON u.id = c.user_id
      WHERE coalesce((u.retention->>'delete_inactive_chats')::boolean, false)
        AND c.created_at < now() - make_interval(days => coalesce((u.retention->>'data_retention_days')::int, 365))
      ORDER BY c.id LIMIT ${batch}
    )
    RETURNING id
  `.execute(trx);
  return { reports: reports.rows, chats: chats.rows.length };
}

/** Users whose retention asks for old data to be anonymized rather than deleted. */
export function usersAnonymizingOldData(db: DB) {
  return db
    .selectFrom('users')
    .select(['id', sql<number>`coalesce((retention->>'data_retention_days')::int, 365)`.as('days')])
    .where(sql<boolean>`coalesce((retention->>'anonymize_old_data')::boolean, false)`)
    .execute();
}
