import type { Response } from 'express';
import {
  REPORT_STATUSES,
  type AdminReport,
  type AdminReportDeleteAnswer,
  type AdminReportExportRow,
  type AdminReportListItem,
  type AdminReportPatch,
  type AdminReportsList,
  type AdminReportSort,
  type AdminReportStats,
  type BulkDeleteAnswer,
  type ReportStatus,
} from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { notFound } from '../../kernel/errors';
import {
  streamQueryCsv,
  streamQueryJson,
  todayStamp,
  type ExportColumns,
  type ExportKind,
} from '../../http/export-stream';
import { pageFields, type ListQuery } from '../../http/list-query';
import { audited, auditedExport } from '../audit';
import { bulkDeleteAnswer, noteBulkDelete } from '../audit';
import { deleteRemovedReportFiles, removeReportsInTransaction, REPORT_NOT_FOUND } from '../reports';
import {
  existingReportIds,
  exportReportsBatch,
  findReport,
  listReports,
  patchReport,
  reportChats,
  reportStats,
  softDeleteReports,
  type ReportFilters,
  type ReportListRow,
  type ReportRow,
} from './admin-reports.repo';

const RECENT_CHATS = 3;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function toListItem(r: ReportListRow): AdminReportListItem {
  return {
    id: r.id,
    filename: r.filename,
    original_filename: r.original_filename,
    user_id: r.user_id,
    user_email: r.user_email,
    file_type: r.file_type,
    file_size: r.file_size,
    status: r.status,
    report_type: r.report_type,
    confidence_score: r.confidence_score,
    ai_model_version: r.ai_model_version,
    processing_time_seconds: r.processing_time_seconds,
    is_flagged: r.is_flagged,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    deleted_at: iso(r.deleted_at),
  };
}

export async function listAdminReports(
  deps: AppDeps,
  q: ListQuery<AdminReportSort> & ReportFilters,
): Promise<AdminReportsList> {
  const { rows, total, total_is_estimate } = await listReports(deps.db, q);
  return {
    reports: rows.map(toListItem),
    ...pageFields(total, q),
    total_is_estimate,
  };
}

export async function adminReportStats(deps: AppDeps): Promise<AdminReportStats> {
  const s = await reportStats(deps.db);
  const breakdown = Object.fromEntries(REPORT_STATUSES.map((st) => [st, s.by_status[st] ?? 0])) as Record<
    ReportStatus,
    number
  >;
  return {
    total_reports: s.total,
    flagged_reports: s.flagged,
    average_processing_time: s.avg_processing == null ? 0 : round(s.avg_processing, 2),
    status_breakdown: breakdown,
    total_is_estimate: s.estimate,
  };
}

async function toAdminReport(deps: AppDeps, r: ReportRow): Promise<AdminReport> {
  const chats = await reportChats(deps.db, r.id, RECENT_CHATS);
  return {
    ...toListItem(r),
    user:
      r.user_id != null && r.user_email
        ? {
            id: r.user_id,
            email: r.user_email,
            full_name: r.user_full_name,
            created_at: r.user_created_at!.toISOString(),
          }
        : null,
    mime_type: r.mime_type,
    language: r.language,
    processing_started_at: iso(r.processing_started_at),
    processing_completed_at: iso(r.processing_completed_at),
    summary: r.summary,
    key_findings: r.key_findings,
    recommendations: r.recommendations,
    error_message: r.error_message,
    flag_reason: r.flag_reason,
    admin_notes: r.admin_notes,
    reviewed_at: iso(r.reviewed_at),
    reviewed_by: r.reviewed_by,
    chat_count: chats.count,
    recent_chats: chats.chats.map((c) => ({
      id: c.id,
      message: c.message,
      created_at: c.created_at.toISOString(),
      is_flagged: c.is_flagged,
    })),
  };
}

export async function adminReportDetail(deps: AppDeps, id: number): Promise<AdminReport> {
  const r = await findReport(deps.db, id);
  if (!r) throw notFound(REPORT_NOT_FOUND);
  return toAdminReport(deps, r);
}

/** Flag, unflag or annotate a report; either marks it reviewed by this admin. */
export async function patchAdminReport(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  changes: AdminReportPatch,
) {
  const action =
    changes.admin_notes === undefined
      ? changes.is_flagged
        ? 'flag_report'
        : 'unflag_report'
      : 'update_report';
  await audited(
    deps,
    actor,
    { action, resource_type: 'report', resource_id: id, details: { changes } },
    async (trx) => {
      if (!(await patchReport(trx, id, changes, actor.admin.id))) throw notFound(REPORT_NOT_FOUND);
    },
  );
  return { message: 'Report updated successfully', report: await adminReportDetail(deps, id) };
}

/**
 * Soft delete marks the report deleted (kept for support); permanent delete removes the rows
 * with their values, chats and feedback, and the stored file once the change has committed.
 */
export async function deleteAdminReport(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  permanent: boolean,
): Promise<AdminReportDeleteAnswer> {
  const removed = await audited(
    deps,
    actor,
    { action: 'delete_report', resource_type: 'report', resource_id: id, details: { permanent } },
    async (trx) => {
      if (permanent) {
        const rows = await removeReportsInTransaction(trx, [id]);
        if (!rows.length) throw notFound(REPORT_NOT_FOUND);
        return rows;
      }
      if (!(await softDeleteReports(trx, [id])).length) throw notFound(REPORT_NOT_FOUND);
      return [];
    },
  );
  if (removed.length) await deleteRemovedReportFiles(deps, removed);
  return {
    message: permanent ? 'Report permanently deleted' : 'Report marked as deleted',
    id,
    permanent,
  };
}

/** Deletes the named reports that exist (the bulk-delete rule: audit/bulk-delete.ts). */
export async function bulkDeleteReports(
  deps: AppDeps,
  actor: AdminActor,
  ids: number[],
  permanent: boolean,
): Promise<BulkDeleteAnswer> {
  const { deleted, removed } = await audited(
    deps,
    actor,
    {
      action: 'bulk_delete_reports',
      resource_type: 'report',
      details: { permanent, requested_ids: ids },
    },
    async (trx, note) => {
      let deletedIds: number[];
      let removedRows: { id: number; storage_key: string | null }[] = [];
      if (permanent) {
        removedRows = await removeReportsInTransaction(trx, ids);
        deletedIds = removedRows.map((r) => r.id);
      } else {
        deletedIds = await softDeleteReports(trx, await existingReportIds(trx, ids));
      }
      return { deleted: noteBulkDelete(note, ids, deletedIds), removed: removedRows };
    },
  );
  if (removed.length) await deleteRemovedReportFiles(deps, removed);
  return bulkDeleteAnswer(ids, deleted, 'report');
}

/**
 * The JSON export's objects: the list's fields (AdminReportListItem), in its order, and how
 * PostgreSQL writes each (decision 051).
 */
const JSON_COLUMNS = {
  id: 'number',
  filename: 'text',
  original_filename: 'text',
  user_id: 'number',
  user_email: 'text',
  file_type: 'text',
  file_size: 'number',
  status: 'text',
  report_type: 'text',
  confidence_score: 'number',
  ai_model_version: 'text',
  processing_time_seconds: 'number',
  is_flagged: 'boolean',
  created_at: 'time',
  updated_at: 'time',
  deleted_at: 'time',
} as const satisfies Record<keyof AdminReportListItem, ExportKind>;

/** The CSV's columns: the same, in the same order, without the owner's id (its e-mail says who). */
const { user_id: _ownerId, ...CSV_COLUMNS } = JSON_COLUMNS satisfies ExportColumns;

/** With include_analysis, the analysis fields too (AdminReportExportRow). */
const JSON_ANALYSIS_COLUMNS = {
  ...JSON_COLUMNS,
  summary: 'text',
  key_findings: 'json',
  recommendations: 'json',
} as const satisfies Record<keyof AdminReportExportRow, ExportKind>;

/** Streams the file itself; nothing is left to answer. */
export async function exportReports(
  deps: AppDeps,
  actor: AdminActor,
  format: 'csv' | 'json',
  filters: ReportFilters & { include_analysis?: boolean },
  res: Response,
): Promise<undefined> {
  const { include_analysis: includeAnalysis = false, ...where } = filters;
  const filename = `reports_export_${todayStamp()}.${format}`;
  const rowsAfter = (after: number | undefined, size: number) =>
    exportReportsBatch(deps.db, where, after ?? 0, size);
  const entry = {
    action: 'export_reports',
    resource_type: 'report',
    details: { format, filename, filters },
  };
  await auditedExport(deps, actor, entry, res, () =>
    format === 'csv'
      ? streamQueryCsv(res, deps.db, { filename, columns: CSV_COLUMNS, rowsAfter }, { end: false })
      : streamQueryJson(
          res,
          deps.db,
          {
            filename,
            columns: includeAnalysis ? JSON_ANALYSIS_COLUMNS : JSON_COLUMNS,
            rowsAfter,
            head: { exported_at: new Date().toISOString(), filters },
            key: 'reports',
          },
          { end: false },
        ),
  );
  return undefined;
}
