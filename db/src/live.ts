import { sql, type RawBuilder } from 'kysely';
import type { DB } from './connection';

/**
 * "A live report", written once (decision 171): not soft-deleted. A soft delete sets both
 * `status = 'deleted'` and `deleted_at` (admin-reports); a live report has neither, so a row
 * half-changed by hand or by an old version is not live either. Reports are the one table with a
 * soft delete: users, chats and share links are deleted outright or carry a state of their own.
 */
export function liveReportText(table = 'reports'): string {
  // The table (or its alias) is always a name written in the code, never a value from a request.
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
  return `(${table}.status <> 'deleted' AND ${table}.deleted_at IS NULL)`;
}

/** The condition for a Kysely query or an sql`` template: `.where(liveReport('r'))`. */
export function liveReport(table = 'reports'): RawBuilder<boolean> {
  return sql<boolean>`${sql.raw(liveReportText(table))}`;
}

/** Live reports, to select from: `liveReports(db).selectAll().where('user_id', '=', id)`. */
export function liveReports(db: DB) {
  return db.selectFrom('reports').where(liveReport());
}
