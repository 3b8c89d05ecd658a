import { liveReports, type DB } from '@reportsaathi/db';
import { createdWithin } from '../../http/list-sql';

/**
 * The SQL of a user's export: everything the user owns, each query filtered by the user's id.
 * Dates bound the reports (upload date), chats and feedback (when written). The large parts are
 * read in keyset batches (`id > last id`, served by the (user_id, id) indexes) so an export of
 * thousands of reports never holds them all at once (decision 060). Rows come in id order, which
 * is the order they were written in; a cursor on created_at would need microseconds that a JS
 * Date does not keep.
 */
export interface ExportRange {
  from?: Date;
  to?: Date;
}

export function exportReports(db: DB, userId: number, r: ExportRange, afterId = 0, limit?: number) {
  let q = liveReports(db).selectAll().where('user_id', '=', userId);
  q = createdWithin(q, 'created_at', r);
  q = q.where('id', '>', afterId).orderBy('id', 'asc');
  return (limit ? q.limit(limit) : q).execute();
}

/** The extracted values of some of the user's reports (owner checked again by the join). */
export function exportValuesOf(db: DB, userId: number, reportIds: number[]) {
  return db
    .selectFrom('report_values')
    .innerJoin('reports', 'reports.id', 'report_values.report_id')
    .selectAll('report_values')
    .where('reports.user_id', '=', userId)
    .where('report_values.report_id', 'in', reportIds)
    .orderBy('report_values.report_id')
    .orderBy('report_values.position')
    .execute();
}

export function exportChats(
  db: DB,
  userId: number,
  r: ExportRange & { reportId?: number },
  afterId = 0,
  limit?: number,
) {
  let q = db
    .selectFrom('chats')
    .innerJoin('reports', 'reports.id', 'chats.report_id')
    .selectAll('chats')
    .select('reports.original_filename')
    .where('chats.user_id', '=', userId);
  if (r.reportId) q = q.where('chats.report_id', '=', r.reportId);
  q = createdWithin(q, 'chats.created_at', r);
  q = q.where('chats.id', '>', afterId).orderBy('chats.id', 'asc');
  return (limit ? q.limit(limit) : q).execute();
}

export function exportFeedback(db: DB, userId: number, r: ExportRange, afterId = 0, limit?: number) {
  let q = db
    .selectFrom('feedback')
    .select(['id', 'report_id', 'chat_id', 'rating', 'comment', 'admin_response', 'created_at'])
    .where('user_id', '=', userId);
  q = createdWithin(q, 'created_at', r);
  q = q.where('id', '>', afterId).orderBy('id', 'asc');
  return (limit ? q.limit(limit) : q).execute();
}
