// @ts-nocheck
// 
import type { DB } from '@reportsaathi/db';

/**
 * The SQL of a user's export: everything the user owns, each query filtered by the user's id.
 * Dates bound the reports (upload date), chats and feedback (when written).
 */
export interface ExportRange {
  from?: Date;
  to?: Date;
}

export function exportReports(db: DB, userId: number, r: ExportRange) {
  let q = db
    .selectFrom('reports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'deleted')
    .where('deleted_at', 'is', null);
  if (r.from) q = q.where('created_at', '>=', r.from);
  if (r.to) q = q.where('created_at', '<', r.to);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Every extracted value of the user's reports in the range, in one query (owner by join). */
export function exportValues(db: DB, userId: number, r: ExportRange) {
  let q = db
    .selectFrom('report_values')
    .innerJoin('reports', 'reports.id', 'report_values.report_id')
    .selectAll('report_values')
    .where('reports.user_id', '=', userId)
    .where('reports.status', '!=', 'deleted');
  if (r.from) q = q.where('reports.created_at', '>=', r.from);
  if (r.to) q = q.where('reports.created_at', '<', r.to);
  return q.orderBy('report_values.report_id').orderBy('report_values.position').execute();
}

export function exportChats(db: DB, userId: number, r: ExportRange & { reportId?: number }) {
  let q = db
    .selectFrom('chats')
    .innerJoin('reports', 'reports.id', 'chats.report_id')
    .selectAll('chats')
    .select('reports.original_filename')
    .where('chats.user_id', '=', userId);
  if (r.reportId) q = q.where('chats.report_id', '=', r.reportId);
  if (r.from) q = q.where('chats.created_at', '>=', r.from);
  if (r.to) q = q.where('chats.created_at', '<', r.to);
  return q.orderBy('chats.created_at', 'asc').orderBy('chats.id', 'asc').execute();
}

export function exportFeedback(db: DB, userId: number, r: ExportRange) {
  let q = db
    .selectFrom('feedback')
    .select(['id', 'report_id', 'chat_id', 'rating', 'comment', 'admin_response', 'created_at'])
    .where('user_id', '=', userId);
  if (r.from) q = q.where('created_at', '>=', r.from);
  if (r.to) q = q.where('created_at', '<', r.to);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}
