import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '@reportsaathi/db';

/**
 * Counting the rows of a filtered admin list without scanning a million-row table on every page.
 *
 * Up to EXACT_COUNT_LIMIT matches are counted exactly (a count over at most that many index
 * entries, a few milliseconds). Past it, the total is the planner's row estimate for the same
 * query and the answer says `total_is_estimate: true`: an admin paging through "about 640,000
 * reports" does not need the last digit, and an exact count(*) over a large table costs a
 * full scan on every page view.
 */
export const EXACT_COUNT_LIMIT = 10_000;

export interface ListTotal {
  total: number;
  total_is_estimate: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's filtered query
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** `filtered`: the list's FROM/JOIN/WHERE, without select, order or limit. */
export async function countMatches(db: DB, filtered: AnyQuery): Promise<ListTotal> {
  const capped = filtered
    .select(sql<number>`1`.as('one'))
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (row.n <= EXACT_COUNT_LIMIT) return { total: row.n, total_is_estimate: false };
  const plan = (await filtered.select(sql<number>`1`.as('one')).explain('json')) as unknown as {
    'QUERY PLAN': { Plan: { 'Plan Rows': number } }[];
  }[];
  const estimated = Math.round(plan[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimated, EXACT_COUNT_LIMIT + 1), total_is_estimate: true };
}

/** Below this many rows, table-wide statistics are computed exactly. */
export const EXACT_STATS_LIMIT = 100_000;
/** Rows a sample aims at when the table is larger. */
const SAMPLE_ROWS = 30_000;

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
