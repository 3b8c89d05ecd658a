import { sql } from 'kysely';
import { liveReport, type DB } from '@reportsaathi/db';

/** A report a link may point at: the owner's own, analysed, not deleted (owner in the query). */
export function findShareableReport(db: DB, userId: number, reportId: number) {
  return db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.user_id')
    .select(['reports.id', 'reports.original_filename', 'reports.analysis_result', 'users.full_name'])
    .where('reports.id', '=', reportId)
    .where('reports.user_id', '=', userId)
    .where('reports.status', '=', 'completed')
    .where(liveReport('reports'))
    .executeTakeFirst();
}

export function insertShareLink(
  db: DB,
  row: {
    user_id: number;
    report_id: number;
    token_hash: string;
    token_sealed: string;
    pin_hash: string;
    expires_at: Date;
    patient_details: string | null;
  },
) {
  return db.insertInto('share_links').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The owner's links, newest first, each with its report's file name; one report's or all. */
export function listOwnLinks(db: DB, userId: number, reportId?: number) {
  let q = db
    .selectFrom('share_links as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .selectAll('s')
    .select('r.original_filename as report_name')
    .where('s.user_id', '=', userId)
    .where(liveReport('r'));
  if (reportId !== undefined) q = q.where('s.report_id', '=', reportId);
  return q.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(200).execute();
}
export type OwnLinkRow = Awaited<ReturnType<typeof listOwnLinks>>[number];

/** Revokes the owner's link (a second revoke keeps the first time); false when it is not theirs. */
export async function revokeOwnLink(db: DB, userId: number, id: number): Promise<boolean> {
  const row = await db
    .updateTable('share_links')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/**
 * The link a token names, if it still opens: not revoked, not expired, and its report still
 * analysed and not deleted. One row or none; why it does not open is not told apart.
 */
export function findOpenLink(db: DB, tokenHash: string) {
  return db
    .selectFrom('share_links as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .select([
      's.id',
      's.user_id',
      's.report_id',
      's.pin_hash',
      's.expires_at',
      's.patient_details',
      'r.report_type',
      'r.language',
      sql<string>`to_char(r.taken_on, 'YYYY-MM-DD')`.as('report_taken_on'),
      'r.summary',
      'r.key_findings',
      'r.recommendations',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('r.status', '=', 'completed')
    .where(liveReport('r'))
    .executeTakeFirst();
}
export type OpenLink = NonNullable<Awaited<ReturnType<typeof findOpenLink>>>;

/** The audit of one use of a link. */
export function recordUse(
  db: DB,
  linkId: number,
  outcome: 'unlocked' | 'wrong_pin' | 'throttled',
  who: { ip: string | null; userAgent: string | null },
) {
  return db
    .insertInto('share_link_views')
    .values({ share_link_id: linkId, outcome, ip_address: who.ip, user_agent: who.userAgent })
    .execute();
}

/** A page shown: the count, the time and the audit row in one statement. */
export function recordView(db: DB, linkId: number, who: { ip: string | null; userAgent: string | null }) {
  return sql`
    WITH counted AS (
      UPDATE share_links SET view_count = view_count + 1, last_viewed_at = now() WHERE id = ${linkId}
    )
    INSERT INTO share_link_views (share_link_id, outcome, ip_address, user_agent)
    VALUES (${linkId}, 'viewed', ${who.ip}, ${who.userAgent})`.execute(db);
}

export interface TrendRow {
  canonical_id: string;
  /** The sample's day (YYYY-MM-DD): as printed, as the patient corrected it, or the upload day. */
  taken_on: string;
  report_id: number;
  value_numeric: number;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  flag: string;
}

/**
 * For each analyte of the shared report with a number, its latest `cap` points across the owner's
 * analysed reports up to the shared one: one per report (its first chartable value of that
 * analyte), newest first. Up to: sampled before it, or the same day and uploaded no later — what
 * the patient agreed to show is that report and its history, never what came after it, whether
 * it was in the account when the link was made or uploaded since (decision 215). The
 * analytes are read in the same query (so it runs beside the report's values, not after them); it
 * walks the user's reports by the trends' indexes (migration 0178), so a chart costs its points, not
 * the whole history.
 */
export async function trendPoints(db: DB, userId: number, reportId: number, cap: number) {
  const { rows } = await sql<TrendRow>`
    SELECT a.canonical_id, p.*
      FROM (SELECT DISTINCT canonical_id
              FROM report_values
             WHERE report_id = ${reportId} AND value_numeric IS NOT NULL) AS a
     CROSS JOIN (SELECT taken_on, created_at, id FROM reports WHERE id = ${reportId}) AS s
     CROSS JOIN LATERAL (
           SELECT to_char(r.taken_on, 'YYYY-MM-DD') AS taken_on, r.id AS report_id, v.value_numeric, v.unit, v.ref_low, v.ref_high, v.flag
             FROM reports r
            CROSS JOIN LATERAL (
                  SELECT rv.value_numeric, rv.unit, rv.ref_low, rv.ref_high, rv.flag
                    FROM report_values rv
                   WHERE rv.report_id = r.id
                     AND rv.canonical_id = a.canonical_id
                     AND rv.value_numeric IS NOT NULL
                     AND rv.uncertain = false
                   ORDER BY rv.position
                   LIMIT 1
                  ) v
            WHERE r.user_id = ${userId}
              AND r.status = 'completed'
              AND ${liveReport('r')}
              AND (r.taken_on, r.created_at, r.id) <= (s.taken_on, s.created_at, s.id)
            ORDER BY r.taken_on DESC, r.created_at DESC, r.id DESC
            LIMIT ${cap}
           ) p`.execute(db);
  return rows;
}
