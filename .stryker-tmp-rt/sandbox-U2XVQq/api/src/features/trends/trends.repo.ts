// @ts-nocheck
import type { DB } from '@reportsaathi/db';

/** Every numeric value of the user's analysed reports, by analyte then date (owner in the query). */
export function numericValues(db: DB, userId: number, analyte?: string) {
  let q = db
    .selectFrom('report_values')
    .innerJoin('reports', 'reports.id', 'report_values.report_id')
    .select([
      'report_values.canonical_id',
      'report_values.name',
      'report_values.value_numeric',
      'report_values.unit',
      'report_values.ref_low',
      'report_values.ref_high',
      'report_values.flag',
      'report_values.position',
      'reports.id as report_id',
      'reports.created_at',
    ])
    .where('reports.user_id', '=', userId)
    .where('reports.status', '=', 'completed')
    .where('report_values.value_numeric', 'is not', null);
  if (analyte) q = q.where('report_values.canonical_id', '=', analyte);
  return q
    .orderBy('report_values.canonical_id')
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .orderBy('report_values.position')
    .execute();
}
export type ValueRow = Awaited<ReturnType<typeof numericValues>>[number];
