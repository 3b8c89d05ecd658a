import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '@reportsaathi/db';
import { containsText } from './list-query';

/**
 * Counting the rows of a filtered admin list without scanning a million-row table on every page.
 *
 * - A page that is not full tells the exact total itself (offset + its rows).
 * - When the planner expects many matches (over twice EXACT_COUNT_LIMIT), its estimate is the
 *   total, raised to at least what this page proves exists, and the answer says
 *   `total_is_estimate: true`: an admin paging through "about 640,000 reports" does not need the
 *   last digit, and an exact count(*) over a large table costs a scan on every page view.
 * - Otherwise up to EXACT_COUNT_LIMIT matches are counted exactly (a bounded count, a few
 *   milliseconds); past that the estimate is used as above.
 */
export const EXACT_COUNT_LIMIT = 10_000;

export interface ListTotal {
  total: number;
  total_is_estimate: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's filtered query
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** The planner's row estimate for the filtered query (no execution). */
async function plannedRows(filtered: AnyQuery): Promise<number> {
  const plan = (await filtered.select(sql<number>`1`.as('one')).explain('json')) as unknown as {
    'QUERY PLAN': { Plan: { 'Plan Rows': number } }[];
  }[];
  return Math.round(plan[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

/** The matches of `filtered` counted up to EXACT_COUNT_LIMIT + 1 (more than the limit: "past it"). */
export async function boundedCount(db: DB, filtered: AnyQuery): Promise<number> {
  const capped = filtered
    .select(sql<number>`1`.as('one'))
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Runs one page of a list and its total. `filtered`: the list's FROM/WHERE without select, order
 * or limit; `page`: the rows of the requested page.
 */
export async function pageWithTotal<R>(
  db: DB,
  filtered: AnyQuery,
  page: Promise<R[]>,
  at: { offset: number; limit: number },
): Promise<{ rows: R[] } & ListTotal> {
  const [rows, planned] = await Promise.all([page, plannedRows(filtered)]);
  const seen = at.offset + rows.length;
  if (rows.length < at.limit && (rows.length > 0 || at.offset === 0))
    return { rows, total: seen, total_is_estimate: false };
  // At least this many exist: the rows up to this page, and one more when the page is full.
  const atLeast = seen + (rows.length === at.limit ? 1 : 0);
  if (planned > 2 * EXACT_COUNT_LIMIT)
    return { rows, total: Math.max(planned, atLeast), total_is_estimate: true };
  const counted = await boundedCount(db, filtered);
  if (counted <= EXACT_COUNT_LIMIT) return { rows, total: counted, total_is_estimate: false };
  return { rows, total: Math.max(planned, atLeast, EXACT_COUNT_LIMIT + 1), total_is_estimate: true };
}

/** Below this many rows, table-wide statistics are computed exactly. */
export const EXACT_STATS_LIMIT = 100_000;
/** Rows a sample aims at when the table is larger. */
const SAMPLE_ROWS = 10_000;

/**
 * The planner's row count of a table (kept by ANALYZE and autovacuum), or null when the table
 * was never analysed. Stats screens use it, with a sample, past EXACT_STATS_LIMIT rows.
 */
export async function estimatedRows(db: DB, table: string): Promise<number | null> {
  const row = await sql<{
    n: number;
  }>`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = to_regclass(${table})`
    .execute(db)
    .then((r) => r.rows[0]);
  return row && row.n >= 0 ? row.n : null;
}

/** TABLESAMPLE SYSTEM percentage that reads about SAMPLE_ROWS rows of a table this large. */
export function samplePercent(rows: number): number {
  return Math.min(100, Math.max(0.01, (SAMPLE_ROWS / Math.max(rows, 1)) * 100));
}

/**
 * ORDER BY the sort column, then id in the same direction, so pages never overlap or skip rows
 * on ties. A nullable column treats "none" as the smallest value (last when descending), which
 * matches the "column, id" indexes of the admin-indexes migration.
 */
export function orderWithId<Q extends AnyQuery>(
  qb: Q,
  column: string,
  order: 'asc' | 'desc',
  idColumn: string,
  nullable = false,
): Q {
  const nulls = nullable ? (order === 'desc' ? sql` NULLS LAST` : sql` NULLS FIRST`) : sql``;
  const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
  return qb.orderBy(sql`${sql.ref(column)} ${dir}${nulls}`).orderBy(sql`${sql.ref(idColumn)} ${dir}`) as Q;
}

/** Ids of the users whose e-mail contains `text` (the "user email" filter of the admin lists). */
export function userIdsWithEmail(db: DB, text: string) {
  return db.selectFrom('users').select('users.id').where(containsText('users.email', text));
}

/**
 * A list's created-at range: `from` inclusive, `to` exclusive (a day given alone already ends at
 * the next midnight, see dateParam in list-query.ts); a missing bound is no bound.
 */
export function createdWithin<Q extends AnyQuery>(
  qb: Q,
  column: string,
  range: { from?: Date | null; to?: Date | null },
): Q {
  let q = qb;
  if (range.from) q = q.where(sql.ref(column), '>=', range.from) as Q;
  if (range.to) q = q.where(sql.ref(column), '<', range.to) as Q;
  return q;
}
