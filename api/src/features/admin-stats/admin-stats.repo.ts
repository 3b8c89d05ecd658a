import { sql } from 'kysely';
import { liveReport, type DB } from '@reportsaathi/db';
import { estimatedRows, EXACT_STATS_LIMIT, samplePercent } from '../../http/list-sql';

/**
 * Exact user counts from indexes: the flags from an index-only scan of (is_active, is_verified),
 * which is a fraction of the table's size, and the week's sign-ups from a range of the created_at
 * index; a scan of the whole table cost several times more at 100,000 users.
 */
export async function userStats(db: DB) {
  const [flags, week] = await Promise.all([
    sql<{ total: number; active: number; verified: number }>`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE is_active)::int AS active,
             count(*) FILTER (WHERE is_verified)::int AS verified
        FROM users`
      .execute(db)
      .then((r) => r.rows[0]),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', sql<Date>`now() - interval '7 days'`)
      .executeTakeFirstOrThrow(),
  ]);
  return { ...flags, new_this_week: week.n };
}

/** Registered users' reports only: guest trials are not the product's report base. */
export async function reportStats(db: DB) {
  const rows = await estimatedRows(db, 'reports');
  if (rows !== null && rows > EXACT_STATS_LIMIT) return sampledReportStats(db, rows);
  const exact = await db
    .selectFrom('reports')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'completed').as('completed'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'pending').as('pending'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'processing').as('processing'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'failed').as('failed'),
    ])
    .where('user_id', 'is not', null)
    .where(liveReport())
    .executeTakeFirstOrThrow();
  return { ...exact, is_estimate: false };
}

/**
 * Past EXACT_STATS_LIMIT rows the dashboard's counts come from a sample of about 10,000 rows
 * scaled to the planner's row count (a full count of a million rows on every dashboard load
 * costs a whole-table scan); the answer says so with is_estimate.
 */
async function sampledReportStats(db: DB, rows: number) {
  const r = await sql<{
    sampled: number;
    total: number;
    completed: number;
    pending: number;
    processing: number;
    failed: number;
  }>`
    SELECT count(*) AS sampled,
           count(*) FILTER (WHERE user_id IS NOT NULL AND ${liveReport()}) AS total,
           count(*) FILTER (WHERE user_id IS NOT NULL AND status = 'completed') AS completed,
           count(*) FILTER (WHERE user_id IS NOT NULL AND status = 'pending') AS pending,
           count(*) FILTER (WHERE user_id IS NOT NULL AND status = 'processing') AS processing,
           count(*) FILTER (WHERE user_id IS NOT NULL AND status = 'failed') AS failed
      FROM reports TABLESAMPLE SYSTEM (${sql.lit(samplePercent(rows))})`
    .execute(db)
    .then((res) => res.rows[0]);
  const scale = (n: number) => Math.round((n * rows) / Math.max(r.sampled, 1));
  return {
    total: scale(r.total),
    completed: scale(r.completed),
    pending: scale(r.pending),
    processing: scale(r.processing),
    failed: scale(r.failed),
    is_estimate: true,
  };
}

export async function chatStats(db: DB) {
  const rows = await estimatedRows(db, 'chats');
  if (rows !== null && rows > EXACT_STATS_LIMIT) {
    const r = await sql<{ sampled: number; rated: number; helpful: number }>`
      SELECT count(*) AS sampled, count(user_feedback) AS rated,
             count(*) FILTER (WHERE user_feedback = 'helpful') AS helpful
        FROM chats TABLESAMPLE SYSTEM (${sql.lit(samplePercent(rows))})`
      .execute(db)
      .then((res) => res.rows[0]);
    const scale = (n: number) => Math.round((n * rows) / Math.max(r.sampled, 1));
    return { total: rows, rated: scale(r.rated), helpful: scale(r.helpful), is_estimate: true };
  }
  const exact = await db
    .selectFrom('chats')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('user_feedback', 'is not', null).as('rated'),
      eb.fn.count<number>('id').filterWhere('user_feedback', '=', 'helpful').as('helpful'),
    ])
    .executeTakeFirstOrThrow();
  return { ...exact, is_estimate: false };
}

export function adminStats(db: DB) {
  return db
    .selectFrom('admins')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('is_active', '=', true).as('active'),
    ])
    .executeTakeFirstOrThrow();
}

/** The dashboard's recent activity: the latest of each kind, newest first (index-backed). */
export function latestRegistrations(db: DB, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'is_active', 'is_verified', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function latestUploads(db: DB, limit: number) {
  return db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.user_id')
    .select([
      'reports.id',
      'reports.original_filename',
      'reports.status',
      'reports.created_at',
      'users.email',
    ])
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(limit)
    .execute();
}

export function latestChats(db: DB, limit: number) {
  return db
    .selectFrom('chats')
    .innerJoin('users', 'users.id', 'chats.user_id')
    .select([
      'chats.id',
      sql<string>`left(chats.message, 100)`.as('message'),
      'chats.is_flagged',
      'chats.created_at',
      'users.email',
    ])
    .orderBy('chats.created_at', 'desc')
    .orderBy('chats.id', 'desc')
    .limit(limit)
    .execute();
}

export function latestAdminActions(db: DB, limit: number) {
  return db
    .selectFrom('audit_logs')
    .select(['id', 'action', 'resource_type', 'resource_id', 'success', 'admin_email', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
