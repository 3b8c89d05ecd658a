import { sql } from 'kysely';
import { liveReport, type DB } from '@reportsaathi/db';

/** All SQL of the user's own account. Every query names the signed-in user's id. */

export function updatePreferences(db: DB, userId: number, preferences: Record<string, unknown>) {
  return db
    .updateTable('users')
    .set({ preferences: JSON.stringify(preferences), updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findUserById(db: DB, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function updateFullName(db: DB, userId: number, fullName: string) {
  return db
    .updateTable('users')
    .set({ full_name: fullName, updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPasswordHash(db: DB, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Ends every live session of the user except `keepSessionId` (null: all of them). */
export async function revokeUserSessions(
  db: DB,
  userId: number,
  keepSessionId: string | null,
): Promise<number> {
  let q = db
    .updateTable('user_sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deactivateUser(db: DB, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: false, deactivated_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Start of the current calendar month in India (IST), where the product's users live. */
export const IST_MONTH_START = sql<Date>`(date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`;

export interface UserCounts {
  reports: number;
  completed: number;
  in_progress: number;
  storage_bytes: number;
  this_month: number;
  avg_processing: number | null;
  most_used_type: string | null;
  chats: number;
  feedback: number;
  older_reports: number;
  older_chats: number;
}

/** Every count the dashboard, account summary and privacy overview show, in one round trip. */
export async function userCounts(db: DB, userId: number): Promise<UserCounts> {
  // One pass over the user's reports for every report figure (FILTER per count), one grouping for
  // the most used type, and the chat and feedback counts by their user indexes.
  const r = await sql<UserCounts>`
    WITH live AS MATERIALIZED (
      SELECT status, file_size, created_at, processing_time_seconds, report_type
      FROM reports WHERE user_id = ${userId} AND ${liveReport()}
    ), totals AS (
      SELECT
        count(*)::int AS reports,
        (count(*) FILTER (WHERE status = 'completed'))::int AS completed,
        (count(*) FILTER (WHERE status IN ('pending', 'processing')))::int AS in_progress,
        coalesce(sum(file_size), 0)::float8 AS storage_bytes,
        (count(*) FILTER (WHERE created_at >= ${IST_MONTH_START}))::int AS this_month,
        (avg(processing_time_seconds) FILTER (WHERE status = 'completed'))::float8 AS avg_processing,
        (count(*) FILTER (WHERE created_at < now() - interval '1 year'))::int AS older_reports
      FROM live
    )
    SELECT totals.*,
      (SELECT report_type FROM live WHERE report_type IS NOT NULL
        GROUP BY report_type ORDER BY count(*) DESC, report_type LIMIT 1) AS most_used_type,
      (SELECT count(*) FROM chats WHERE user_id = ${userId})::int AS chats,
      (SELECT count(*) FROM feedback WHERE user_id = ${userId})::int AS feedback,
      (SELECT count(*) FROM chats WHERE user_id = ${userId}
        AND created_at < now() - interval '1 year')::int AS older_chats
    FROM totals
  `.execute(db);
  return r.rows[0];
}

export interface ActivityRow {
  type: 'report_upload' | 'report_analyzed' | 'chat' | 'feedback';
  at: Date;
  report_id: number | null;
  title: string;
  status: string | null;
}

/** The newest `limit` events of the user: uploads, finished analyses, chats and feedback. */
export async function recentActivity(db: DB, userId: number, limit: number): Promise<ActivityRow[]> {
  const r = await sql<ActivityRow>`
    (SELECT 'report_upload' AS type, created_at AS at, id AS report_id, original_filename AS title, status
       FROM reports WHERE user_id = ${userId} AND ${liveReport()}
       ORDER BY created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'report_analyzed', processing_completed_at, id, original_filename, status
       FROM reports WHERE user_id = ${userId} AND status IN ('completed', 'failed')
         AND processing_completed_at IS NOT NULL
       ORDER BY processing_completed_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'chat', c.created_at, c.report_id, left(c.message, 80),
            CASE WHEN c.response IS NULL THEN 'pending' ELSE 'completed' END
       FROM chats c WHERE c.user_id = ${userId}
       ORDER BY c.created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'feedback', f.created_at, f.report_id, f.rating, NULL
       FROM feedback f WHERE f.user_id = ${userId}
       ORDER BY f.created_at DESC LIMIT ${limit})
    ORDER BY at DESC LIMIT ${limit}
  `.execute(db);
  return r.rows;
}
