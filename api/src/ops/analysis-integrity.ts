import { liveReportText } from '@reportsaathi/db';

/**
 * "No report is analysed twice into two results" (decision 097), asked of the database — the
 * one check behind the durability test and the scale-out demo's "duplicates" figure:
 * - doubledReports: one owner's reports with the same bytes (an upload made twice: decision 091);
 * - doubledValues: reports holding two values at one position, or positions with gaps (two
 *   analyses' values mixed; migration 0130's unique constraint forbids the first).
 * A report's result lives on its own row, so it has at most one; decision 097 keeps it the last
 * claim's.
 */
export interface AnalysisIntegrity {
  doubledReports: number;
  doubledValues: number;
}

interface Queryable {
  query<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export async function checkAnalysisIntegrity(
  db: Queryable,
  reportIds?: number[],
): Promise<AnalysisIntegrity> {
  const only = reportIds ? 'AND r.id = ANY($1)' : '';
  const params = reportIds ? [reportIds] : [];
  const count = async (text: string) => Number((await db.query<{ n: string }>(text, params)).rows[0]?.n ?? 0);
  return {
    doubledReports: await count(`
      SELECT count(*) AS n FROM (
        SELECT 1 FROM reports r
         WHERE ${liveReportText('r')} ${only}
         GROUP BY coalesce('user:' || r.user_id, 'guest:' || r.guest_session_id), r.content_hash
        HAVING count(*) > 1) d`),
    doubledValues: await count(`
      SELECT count(*) AS n FROM (
        SELECT 1 FROM report_values v JOIN reports r ON r.id = v.report_id
         WHERE true ${only}
         GROUP BY v.report_id
        HAVING count(*) <> count(DISTINCT v.position) OR max(v.position) <> count(*) - 1) d`),
  };
}
