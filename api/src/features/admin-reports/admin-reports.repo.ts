import { sql } from 'kysely';
import type { AdminReportSort, ReportStatus } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { containsPattern, type ListQuery } from '../../http/list-query';
import {
  boundedCount,
  createdWithin,
  estimatedRows,
  EXACT_COUNT_LIMIT,
  EXACT_STATS_LIMIT,
  orderWithId,
  pageWithTotal,
  samplePercent,
  userIdsWithEmail,
} from '../../http/list-sql';

/** All SQL of the admin's view of reports (guest trial reports included, with no owner). */

export interface ReportFilters {
  search?: string;
  status?: ReportStatus;
  report_type?: string;
  is_flagged?: boolean;
  user_email?: string;
  from?: Date;
  to?: Date;
}

const SORT_COLUMNS: Record<AdminReportSort, { column: string; nullable: boolean }> = {
  created_at: { column: 'reports.created_at', nullable: false },
  updated_at: { column: 'reports.updated_at', nullable: false },
  // The name staff see in the list (the user's), not the storage key.
  filename: { column: 'reports.original_filename', nullable: false },
  status: { column: 'reports.status', nullable: false },
  file_size: { column: 'reports.file_size', nullable: false },
  processing_time_seconds: { column: 'reports.processing_time_seconds', nullable: true },
};

export const LIST_COLUMNS = [
  'reports.id',
  'reports.filename',
  'reports.original_filename',
  'reports.user_id',
  'reports.file_type',
  'reports.file_size',
  'reports.status',
  'reports.report_type',
  'reports.confidence_score',
  'reports.ai_model_version',
  'reports.processing_time_seconds',
  'reports.is_flagged',
  'reports.created_at',
  'reports.updated_at',
  'reports.deleted_at',
] as const;

/**
 * The search matches the file's names through one expression, the same one the trigram index
 * of the admin-indexes migration is built on (so the index serves it).
 */
function filtered(db: DB, f: ReportFilters) {
  let qb = db.selectFrom('reports');
  if (f.search)
    qb = qb.where(
      sql<boolean>`(reports.original_filename || ' ' || reports.filename) ILIKE ${containsPattern(f.search)} ESCAPE '\\'`,
    );
  if (f.status) qb = qb.where('reports.status', '=', f.status);
  if (f.report_type) qb = qb.where('reports.report_type', '=', f.report_type);
  if (f.is_flagged !== undefined) qb = qb.where('reports.is_flagged', '=', f.is_flagged);
  if (f.user_email) qb = qb.where('reports.user_id', 'in', userIdsWithEmail(db, f.user_email));
  qb = createdWithin(qb, 'reports.created_at', f);
  return qb;
}

/**
 * The page's reports with their owner's e-mail. The page is cut first and only its rows are
 * joined, so a deep page does not join the rows its offset skips; the subquery keeps the name
 * "reports", so the sort columns still resolve.
 */
export async function listReports(db: DB, q: ListQuery<AdminReportSort> & ReportFilters) {
  const sort = SORT_COLUMNS[q.sort_by];
  const order = <Q extends Parameters<typeof orderWithId>[0]>(qb: Q) =>
    orderWithId(qb, sort.column, q.sort_order, 'reports.id', sort.nullable);
  const cut = order(filtered(db, q).select(LIST_COLUMNS)).limit(q.limit).offset(q.offset);
  const page = order(
    db
      .selectFrom(cut.as('reports'))
      .leftJoin('users', 'users.id', 'reports.user_id')
      .select([...LIST_COLUMNS, 'users.email as user_email']),
  );
  return pageWithTotal(db, filtered(db, q), page.execute(), q);
}

export type ReportListRow = Awaited<ReturnType<typeof listReports>>['rows'][number];

/**
 * The export's query: reports after `afterId` in id order, with the analysis fields. The batch is
 * cut first and only its rows are joined to their owners.
 */
export function exportReportsBatch(db: DB, f: ReportFilters, afterId: number, size: number) {
  const batch = filtered(db, f)
    .select([...LIST_COLUMNS, 'reports.summary', 'reports.key_findings', 'reports.recommendations'])
    .where('reports.id', '>', afterId)
    .orderBy('reports.id')
    .limit(size)
    .as('r');
  // The owner's e-mail by one index lookup per row (a scalar subquery is the left join's result:
  // NULL for a guest's report). As a join, the planner hashed the whole users table for every
  // batch of 1,000 reports (decision 077).
  return db
    .selectFrom(batch)
    .selectAll('r')
    .select((eb) =>
      eb.selectFrom('users').select('users.email').whereRef('users.id', '=', 'r.user_id').as('user_email'),
    )
    .orderBy('r.id');
}

export function findReport(db: DB, id: number) {
  return db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.user_id')
    .select([
      ...LIST_COLUMNS,
      'reports.mime_type',
      'reports.language',
      'reports.processing_started_at',
      'reports.processing_completed_at',
      'reports.summary',
      'reports.key_findings',
      'reports.recommendations',
      'reports.error_message',
      'reports.flag_reason',
      'reports.admin_notes',
      'reports.reviewed_at',
      'reports.reviewed_by',
      'reports.storage_key',
      'users.email as user_email',
      'users.full_name as user_full_name',
      'users.created_at as user_created_at',
    ])
    .where('reports.id', '=', id)
    .executeTakeFirst();
}

export type ReportRow = NonNullable<Awaited<ReturnType<typeof findReport>>>;

export async function reportChats(db: DB, reportId: number, recent: number) {
  const [count, chats] = await Promise.all([
    db
      .selectFrom('chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('report_id', '=', reportId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chats')
      .select(['id', sql<string>`left(message, 50)`.as('message'), 'created_at', 'is_flagged'])
      .where('report_id', '=', reportId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(recent)
      .execute(),
  ]);
  return { count: count.n, chats };
}

export async function patchReport(
  db: DB,
  id: number,
  changes: { is_flagged?: boolean; admin_notes?: string | null },
  adminId: number,
): Promise<boolean> {
  const flag =
    changes.is_flagged === undefined
      ? {}
      : changes.is_flagged
        ? { is_flagged: true }
        : { is_flagged: false, flag_reason: null };
  const now = new Date();
  const res = await db
    .updateTable('reports')
    .set({
      ...flag,
      ...(changes.admin_notes !== undefined ? { admin_notes: changes.admin_notes } : {}),
      reviewed_at: now,
      reviewed_by: adminId,
      updated_at: now,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks reports deleted (kept for support and disputes); already-deleted ones keep their first date. */
export async function softDeleteReports(db: DB, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable('reports')
    .set({ status: 'deleted', deleted_at: sql`coalesce(deleted_at, now())`, updated_at: new Date() })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function existingReportIds(db: DB, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('reports').select('id').where('id', 'in', ids).forUpdate().execute();
  return rows.map((r) => r.id);
}

export interface ReportStatsRow {
  total: number;
  flagged: number;
  avg_processing: number | null;
  by_status: Record<string, number>;
  estimate: boolean;
}

/**
 * Table-wide figures. Up to EXACT_STATS_LIMIT rows they are exact; past it the total is the
 * planner's row count, the status shares and the average come from a sample of about 10,000
 * rows (TABLESAMPLE SYSTEM), and the flagged count is exact while it stays small (partial index).
 */
export async function reportStats(db: DB): Promise<ReportStatsRow> {
  const rows = await estimatedRows(db, 'reports');
  if (rows === null || rows <= EXACT_STATS_LIMIT) {
    const [agg, byStatus] = await Promise.all([
      db
        .selectFrom('reports')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('is_flagged', '=', true).as('flagged'),
          eb.fn.avg<number | null>('processing_time_seconds').as('avg_processing'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('reports')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute(),
    ]);
    return { ...agg, by_status: Object.fromEntries(byStatus.map((r) => [r.status, r.n])), estimate: false };
  }
  const pct = samplePercent(rows);
  const [sample, flagged] = await Promise.all([
    sql<{ status: string; n: number; flagged: number; sum_time: number | null; timed: number }>`
      SELECT status, count(*) AS n, count(*) FILTER (WHERE is_flagged) AS flagged,
             sum(processing_time_seconds) AS sum_time, count(processing_time_seconds) AS timed
        FROM reports TABLESAMPLE SYSTEM (${sql.lit(pct)})
       GROUP BY status`.execute(db),
    boundedCount(db, db.selectFrom('reports').where('is_flagged', '=', true)),
  ]);
  const sampled = sample.rows.reduce((s, r) => s + r.n, 0) || 1;
  const scale = rows / sampled;
  const timed = sample.rows.reduce((s, r) => s + r.timed, 0);
  const sumTime = sample.rows.reduce((s, r) => s + (r.sum_time ?? 0), 0);
  const flaggedInSample = sample.rows.reduce((s, r) => s + r.flagged, 0);
  return {
    total: rows,
    flagged: flagged <= EXACT_COUNT_LIMIT ? flagged : Math.round(flaggedInSample * scale),
    avg_processing: timed ? sumTime / timed : null,
    by_status: Object.fromEntries(sample.rows.map((r) => [r.status, Math.round(r.n * scale)])),
    estimate: true,
  };
}
