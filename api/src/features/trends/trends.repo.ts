import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/**
 * A trend draws the latest TREND_POINT_CAP points of an analyte, not every point: a patient with
 * 5,000 reports would otherwise get thousands of points per chart (decision 064). The latest
 * points, not monthly buckets, because a bucket's average is a value no lab printed, and the
 * patient clicks each point through to its report. The sentence still compares the first and
 * the last point of the whole series: the query returns the first point beside the latest ones.
 *
 * A point sits at its report's `taken_on`: the sample's collection date as printed, the patient's
 * correction of it, or the upload's day when none is printed (migration 0190, decision 131); reports
 * of one day keep their upload order.
 *
 * The queries walk the user's analysed reports (the partial index reports_user_taken_on_idx,
 * latest sample first) and probe each report's chartable values (report_values_chartable_idx, migration
 * 0178, decision 068): the counts read only those two indexes, and a chart reads the rows of the
 * points it draws, not the whole series.
 */
export const TREND_POINT_CAP = 24;

/** A value that can go on a chart: a number, not a photo's reading that could not be settled. */
const CHARTABLE = sql`rv.value_numeric IS NOT NULL AND rv.uncertain = false`;

/**
 * Which printed units the user has for each analyte, with how many reports print it in that unit
 * and when first: the service decides from these which units convert to the analyte's one unit.
 * One row per (analyte, printed unit), however many reports.
 */
export async function unitGroups(db: DB, userId: number, analyte?: string) {
  const { rows } = await sql<{ canonical_id: string; unit: string; reports: number; first_at: Date }>`
    SELECT v.canonical_id, v.unit, count(*)::int AS reports, min(r.created_at) AS first_at
      FROM reports r
     CROSS JOIN LATERAL (
           SELECT DISTINCT rv.canonical_id, rv.unit
             FROM report_values rv
            WHERE rv.report_id = r.id
              AND ${CHARTABLE}
              ${analyte ? sql`AND rv.canonical_id = ${analyte}` : sql``}
           ) v
     WHERE r.user_id = ${userId}
       AND r.status = 'completed'
     GROUP BY v.canonical_id, v.unit
     ORDER BY v.canonical_id, v.unit
  `.execute(db);
  return rows;
}
export type UnitGroup = Awaited<ReturnType<typeof unitGroups>>[number];

/** Units accepted on an analyte's chart: the (analyte, printed unit) pairs, as two arrays. */
function acceptedPairs(accepted: Array<{ canonical_id: string; unit: string }>) {
  return sql`unnest(${accepted.map((a) => a.canonical_id)}::text[], ${accepted.map((a) => a.unit)}::text[])`;
}

/**
 * How many of the user's analysed reports have a value of each analyte in one of its accepted
 * units: a report counts once however many of them it prints. Only needed for an analyte with two
 * or more accepted units (with one, unitGroups' count is the answer).
 */
export async function seriesTotals(
  db: DB,
  userId: number,
  accepted: Array<{ canonical_id: string; unit: string }>,
): Promise<Map<string, number>> {
  if (accepted.length === 0) return new Map();
  const { rows } = await sql<{ canonical_id: string; total: number }>`
    WITH a AS (SELECT * FROM ${acceptedPairs(accepted)} AS a(canonical_id, unit))
    SELECT v.canonical_id, count(*)::int AS total
      FROM reports r
     CROSS JOIN LATERAL (
           SELECT DISTINCT rv.canonical_id
             FROM report_values rv
             JOIN a ON a.canonical_id = rv.canonical_id AND a.unit = rv.unit
            WHERE rv.report_id = r.id AND ${CHARTABLE}
           ) v
     WHERE r.user_id = ${userId}
       AND r.status = 'completed'
     GROUP BY v.canonical_id
  `.execute(db);
  return new Map(rows.map((r) => [r.canonical_id, r.total]));
}

export interface PointRow {
  canonical_id: string;
  name: string;
  value_numeric: number;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  flag: string;
  /** The patient typed this value from the printed report (decision 243). */
  entered_by_patient: boolean;
  report_id: number;
  /** 'YYYY-MM-DD' */
  taken_on: string;
  date_source: 'printed' | 'corrected' | 'upload';
}

/**
 * Whether one walk of the user's reports for all the analytes at once reads fewer reports than a
 * walk per analyte. A walk of analyte `a` from the latest report stops at its `cap`-th point: about
 * R · (cap + 1) / total(a) of the user's R reports (the first point's walk from the oldest end
 * adds R / total(a)), all R when the series is shorter than the cap. One walk reads each of the R
 * reports once, for every analyte. So one walk is cheaper when the analytes' shares of R add up to
 * more than one: a page of short series (a patient with tens of reports, where every walk went
 * through all of them: ten walks of 50 reports for 130 points, 2.5–7 ms of PostgreSQL's time
 * against 1.2 ms for one), never a page of long ones (the 5,000-report user's 3,000-point series,
 * where each walk stops after a few dozen reports).
 */
export function oneWalkIsCheaper(totals: number[], cap: number): boolean {
  return totals.reduce((sum, total) => sum + Math.min(1, (cap + 2) / Math.max(1, total)), 0) > 1;
}

/**
 * For each analyte, its points in the given printed units — one per report, the report's first
 * printed value in those units — the latest `cap` (newest first, `side` 'latest') and the very
 * first (`side` 'first'; also among the latest when the series is short). Owner in the query; at
 * most cap + 1 rows per analyte, read by whichever of the two walks below reads fewer reports for
 * series of these `lengths` (oneWalkIsCheaper). Both answer the same rows.
 */
export function seriesEnds(
  db: DB,
  userId: number,
  accepted: Array<{ canonical_id: string; unit: string }>,
  cap: number,
  lengths: number[],
): Promise<EndRow[]> {
  if (accepted.length === 0) return Promise.resolve([]);
  return (oneWalkIsCheaper(lengths, cap) ? seriesEndsInOneWalk : seriesEndsPerAnalyte)(
    db,
    userId,
    accepted,
    cap,
  );
}
export type EndRow = PointRow & { side: 'latest' | 'first' };

/** seriesEnds' rows walking the user's reports from each end, per analyte, until its points are found. */
export async function seriesEndsPerAnalyte(
  db: DB,
  userId: number,
  accepted: Array<{ canonical_id: string; unit: string }>,
  cap: number,
): Promise<EndRow[]> {
  const walk = (order: 'desc' | 'asc', limit: number) => sql`
    SELECT r.id AS report_id, to_char(r.taken_on, 'YYYY-MM-DD') AS taken_on,
           CASE WHEN r.collected_on_corrected IS NOT NULL THEN 'corrected'
                WHEN r.collected_on IS NOT NULL THEN 'printed' ELSE 'upload' END AS date_source,
           v.*
      FROM reports r
     CROSS JOIN LATERAL (
           SELECT rv.name, rv.value_numeric, rv.unit, rv.ref_low, rv.ref_high, rv.flag,
                  rv.entered_at IS NOT NULL AS entered_by_patient
             FROM report_values rv
            WHERE rv.report_id = r.id
              AND rv.canonical_id = an.canonical_id
              AND rv.unit = ANY (an.units)
              AND ${CHARTABLE}
            ORDER BY rv.position
            LIMIT 1
           ) v
     WHERE r.user_id = ${userId}
       AND r.status = 'completed'
     ORDER BY ${
       order === 'desc'
         ? sql`r.taken_on DESC, r.created_at DESC, r.id DESC`
         : sql`r.taken_on, r.created_at, r.id`
     }
     LIMIT ${limit}`;
  const { rows } = await sql<EndRow>`
    WITH an AS (
      SELECT canonical_id, array_agg(unit) AS units
        FROM ${acceptedPairs(accepted)} AS a(canonical_id, unit)
       GROUP BY canonical_id
    )
    SELECT an.canonical_id, 'latest' AS side, p.*
      FROM an CROSS JOIN LATERAL (${walk('desc', cap)}) p
    UNION ALL
    SELECT an.canonical_id, 'first' AS side, p.*
      FROM an CROSS JOIN LATERAL (${walk('asc', 1)}) p
  `.execute(db);
  return rows;
}

/**
 * seriesEnds' rows from one walk of the user's analysed reports: per report, its first printed
 * value of each analyte in an accepted unit; per analyte, the points numbered from the latest
 * (the same order as the walk per analyte) and from the oldest. Latest rows newest first.
 */
export async function seriesEndsInOneWalk(
  db: DB,
  userId: number,
  accepted: Array<{ canonical_id: string; unit: string }>,
  cap: number,
): Promise<EndRow[]> {
  const { rows } = await sql<EndRow>`
    WITH a AS (SELECT * FROM ${acceptedPairs(accepted)} AS a(canonical_id, unit)),
    pts AS (
      SELECT r.id AS report_id, to_char(r.taken_on, 'YYYY-MM-DD') AS taken_on,
             CASE WHEN r.collected_on_corrected IS NOT NULL THEN 'corrected'
                  WHEN r.collected_on IS NOT NULL THEN 'printed' ELSE 'upload' END AS date_source,
             v.*,
             row_number() OVER (PARTITION BY v.canonical_id
                                ORDER BY r.taken_on DESC, r.created_at DESC, r.id DESC) AS from_latest,
             row_number() OVER (PARTITION BY v.canonical_id
                                ORDER BY r.taken_on, r.created_at, r.id) AS from_first
        FROM reports r
       CROSS JOIN LATERAL (
             SELECT DISTINCT ON (rv.canonical_id)
                    rv.canonical_id, rv.name, rv.value_numeric, rv.unit, rv.ref_low, rv.ref_high, rv.flag,
                    rv.entered_at IS NOT NULL AS entered_by_patient
               FROM report_values rv
               JOIN a ON a.canonical_id = rv.canonical_id AND a.unit = rv.unit
              WHERE rv.report_id = r.id AND ${CHARTABLE}
              ORDER BY rv.canonical_id, rv.position
             ) v
       WHERE r.user_id = ${userId}
         AND r.status = 'completed'
    )
    SELECT canonical_id, side, report_id, taken_on, date_source, name, value_numeric, unit,
           ref_low, ref_high, flag, entered_by_patient
      FROM (SELECT 'latest' AS side, 0 AS part, from_latest AS n, * FROM pts WHERE from_latest <= ${cap}
            UNION ALL
            SELECT 'first', 1, 0, * FROM pts WHERE from_first = 1) ends
     ORDER BY canonical_id, part, n
  `.execute(db);
  return rows;
}
