import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/**
 * A trend draws the latest TREND_POINT_CAP points of an analyte, not every point: a patient with
 * 5,000 reports would otherwise get thousands of points per chart (decision 064). The latest
 * points, not monthly buckets, because a bucket's average is a value no lab printed, and the
 * patient clicks each point through to its report. The sentence still compares the first and
 * the last point of the whole series: the query returns the first point beside the latest ones.
 */
export const TREND_POINT_CAP = 24;

/**
 * Which printed units the user has for each analyte, with how many reports print it in that unit
 * and when first: the service decides from these which units convert to the analyte's one unit.
 * One row per (analyte, printed unit), however many reports.
 */
export async function unitGroups(db: DB, userId: number, analyte?: string) {
  const { rows } = await sql<{ canonical_id: string; unit: string; reports: number; first_at: Date }>`
    SELECT rv.canonical_id, rv.unit, count(DISTINCT r.id)::int AS reports, min(r.created_at) AS first_at
      FROM reports r
      JOIN report_values rv ON rv.report_id = r.id
     WHERE r.user_id = ${userId}
       AND r.status = 'completed'
       AND rv.value_numeric IS NOT NULL
       -- A photo's reading that could not be settled would put a false point on the chart.
       AND rv.uncertain = false
       ${analyte ? sql`AND rv.canonical_id = ${analyte}` : sql``}
     GROUP BY rv.canonical_id, rv.unit
  `.execute(db);
  return rows;
}
export type UnitGroup = Awaited<ReturnType<typeof unitGroups>>[number];

/**
 * For each analyte, its points in the given printed units — one per report, the report's first
 * printed value — limited to the latest `cap` and the very first; `total` is the whole series'
 * count. Owner in the query; at most cap + 1 rows per analyte.
 */
export async function cappedPoints(
  db: DB,
  userId: number,
  accepted: Array<{ canonical_id: string; unit: string }>,
  cap: number,
) {
  if (accepted.length === 0) return [];
  const ids = accepted.map((a) => a.canonical_id);
  const units = accepted.map((a) => a.unit);
  const { rows } = await sql<{
    canonical_id: string;
    name: string;
    value_numeric: number;
    unit: string;
    ref_low: number | null;
    ref_high: number | null;
    flag: string;
    report_id: number;
    created_at: Date;
    rn: number;
    total: number;
  }>`
    WITH firsts AS (
      SELECT DISTINCT ON (rv.canonical_id, r.id)
             rv.canonical_id, rv.name, rv.value_numeric, rv.unit, rv.ref_low, rv.ref_high, rv.flag,
             r.id AS report_id, r.created_at
        FROM reports r
        JOIN report_values rv ON rv.report_id = r.id
        JOIN unnest(${ids}::text[], ${units}::text[]) AS a(canonical_id, unit)
          ON a.canonical_id = rv.canonical_id AND a.unit = rv.unit
       WHERE r.user_id = ${userId}
         AND r.status = 'completed'
         AND rv.value_numeric IS NOT NULL
         AND rv.uncertain = false
       ORDER BY rv.canonical_id, r.id, rv.position
    ), ranked AS (
      SELECT firsts.*,
             row_number() OVER (PARTITION BY canonical_id ORDER BY created_at DESC, report_id DESC)::int AS rn,
             count(*) OVER (PARTITION BY canonical_id)::int AS total
        FROM firsts
    )
    SELECT * FROM ranked WHERE rn <= ${cap} OR rn = total
     ORDER BY canonical_id, created_at, report_id
  `.execute(db);
  return rows;
}
export type PointRow = Awaited<ReturnType<typeof cappedPoints>>[number];
