import type { ReportDateResponse } from '@reportsaathi/contracts';
import { liveReport, type DB } from '@reportsaathi/db';
import { sql } from 'kysely';
import { notFound } from '../../kernel/errors';
import { REPORT_NOT_FOUND } from '../reports';

/**
 * The patient's correction of when a report's sample was collected (null: back to the printed date,
 * or the upload's day). Only the owner's live report; the trigger of migration 0190 recomputes
 * taken_on, so every chart moves the point at once and a later re-analysis keeps the correction.
 */
export async function setCollectionDate(
  db: DB,
  userId: number,
  reportId: number,
  date: string | null,
): Promise<ReportDateResponse> {
  const row = await db
    .updateTable('reports')
    .set({ collected_on_corrected: date, updated_at: new Date() })
    .where('id', '=', reportId)
    .where('user_id', '=', userId)
    .where(liveReport())
    .returning([
      'id',
      sql<string>`to_char(taken_on, 'YYYY-MM-DD')`.as('taken_on'),
      sql<string | null>`to_char(collected_on, 'YYYY-MM-DD')`.as('printed'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return {
    report_id: row.id,
    taken_on: row.taken_on,
    date_source: date ? 'corrected' : row.printed ? 'printed' : 'upload',
    printed: row.printed,
  };
}
