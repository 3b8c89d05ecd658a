import { sql } from 'kysely';
import { liveReport, type DB } from '@reportsaathi/db';

/** All SQL of the guest analyzer. A guest sees only the reports of its own live session. */

export function insertGuestSession(
  db: DB,
  row: { id: string; ip_address: string | null; user_agent: string | null; expires_at: Date },
) {
  return db.insertInto('guest_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findLiveGuestSession(db: DB, id: string) {
  return db
    .selectFrom('guest_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

// "A day" is the calendar day in India (Asia/Kolkata), so the allowance resets at midnight IST.
const startOfIndianDay = sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`;

/** Today's uploads or analyses by this session and by this IP (the larger one counts). */
export async function countUsageToday(
  db: DB,
  kind: 'upload' | 'analysis',
  sessionId: string,
  ip: string | null,
) {
  const row = await db
    .selectFrom('guest_usage')
    .select((eb) => [
      eb.fn.count<number>('id').filterWhere('guest_session_id', '=', sessionId).as('by_session'),
      eb.fn
        .count<number>('id')
        .filterWhere('ip_address', '=', ip ?? '')
        .as('by_ip'),
    ])
    .where('kind', '=', kind)
    .where('created_at', '>=', startOfIndianDay)
    .executeTakeFirstOrThrow();
  return Math.max(row.by_session, row.by_ip);
}

/**
 * Serialises the allowance of one guest session and of one address until the transaction ends
 * (the session's lock first, then the address's, always in that order, so two never wait on
 * each other in a cycle).
 */
export async function lockGuestUsage(trx: DB, sessionId: string, ip: string | null): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(8461, hashtext(${sessionId}))`.execute(trx);
  if (ip) await sql`SELECT pg_advisory_xact_lock(8462, hashtext(${ip}))`.execute(trx);
}

export async function recordUsage(
  db: DB,
  row: {
    guest_session_id: string;
    ip_address: string | null;
    kind: 'upload' | 'analysis';
    report_id: number | null;
  },
) {
  await db.insertInto('guest_usage').values(row).execute();
}

export async function analysisCounted(db: DB, reportId: number): Promise<boolean> {
  const row = await db
    .selectFrom('guest_usage')
    .select('id')
    .where('report_id', '=', reportId)
    .where('kind', '=', 'analysis')
    .executeTakeFirst();
  return !!row;
}

export function findGuestReport(db: DB, sessionId: string, reportId: number) {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .where('guest_session_id', '=', sessionId)
    .where(liveReport())
    .executeTakeFirst();
}

export function listGuestReports(db: DB, sessionId: string) {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('guest_session_id', '=', sessionId)
    .where(liveReport())
    .orderBy('created_at', 'desc')
    .execute();
}

export function guestReportsOlderThan(db: DB, cutoff: Date) {
  return db
    .selectFrom('reports')
    .select(['id', 'storage_key'])
    .where('guest_session_id', 'is not', null)
    .where('user_id', 'is', null)
    .where('created_at', '<', cutoff)
    .execute();
}

export async function deleteReportsByIds(db: DB, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('reports').where('id', 'in', ids).execute();
}

/** Sessions that have expired and hold no reports any more. */
export async function deleteExpiredSessions(db: DB): Promise<number> {
  const res = await db
    .deleteFrom('guest_sessions')
    .where('expires_at', '<', new Date())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reports')
            .select('reports.id')
            .whereRef('reports.guest_session_id', '=', 'guest_sessions.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Usage rows older than two days are never counted again. */
export async function pruneUsage(db: DB): Promise<void> {
  await db
    .deleteFrom('guest_usage')
    .where('created_at', '<', sql<Date>`now() - interval '2 days'`)
    .execute();
}

/** How long after upload a guest's analysis can still move into an account (decision 232). */
export const CLAIM_WINDOW_HOURS = 48;

/**
 * Moves the analyses of one live guest session into the account just made from it: only that
 * session's reports, only those from its last 48 hours, only while the session lives. The session
 * then ends, so the same id cannot hand its reports to a second account.
 */
export async function claimGuestReports(db: DB, sessionId: string, userId: number): Promise<number> {
  const session = await db
    .updateTable('guest_sessions')
    .set({ expires_at: new Date() })
    .where('id', '=', sessionId)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  if (!session) return 0;
  const moved = await db
    .updateTable('reports')
    .set({ user_id: userId, guest_session_id: null, updated_at: new Date() })
    .where('guest_session_id', '=', session.id)
    .where('user_id', 'is', null)
    .where(liveReport())
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${CLAIM_WINDOW_HOURS})`)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}
