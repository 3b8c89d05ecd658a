import { AUDIT_OUTCOMES, AUDIT_PAGE_SIZE, AUDIT_STATS_DAYS, type AuditLog } from '@reportsaathi/contracts';
import { z } from 'zod';
import { notFound } from '../../kernel/errors';
import { streamQueryCsv, todayStamp, type ExportColumns } from '../../http/export-stream';
import { enumParam, listQuery, totalPages, wholeParam } from '../../http/list-query';
import { pageWithTotal } from '../../http/list-sql';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
import {
  auditExportRows,
  auditStats,
  distinctAuditValues,
  filteredAudit,
  findAudit,
  listAudit,
  type AuditRow,
} from './audit.repo';
import { recordAudit } from './audit.service';

export const AUDIT_LOG_NOT_FOUND = 'Audit log not found';

const textFilter = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ message: `${name} must be text` })
      .max(200, `${name} must be at most 200 characters`)
      .optional(),
  );

/** The audit screen's filters (SPEC names): per_page paging, start/end dates, inclusive end day. */
const auditQuery = listQuery(
  ['created_at'],
  { limitKey: 'per_page', defaultLimit: AUDIT_PAGE_SIZE, dateKeys: ['start_date', 'end_date'] },
  {
    action: textFilter('action'),
    admin_email: textFilter('admin_email'),
    resource_type: textFilter('resource_type'),
    success: enumParam('success', AUDIT_OUTCOMES),
  },
);
type AuditQueryOut = z.output<typeof auditQuery>;

const filtersOf = (q: AuditQueryOut) => ({
  action: q.action,
  admin_email: q.admin_email,
  resource_type: q.resource_type,
  success: q.success,
  search: q.search,
  from: q.from,
  to: q.to,
});

export function toAuditLog(r: AuditRow): AuditLog {
  return {
    id: r.id,
    timestamp: r.created_at.toISOString(),
    admin_id: r.admin_id,
    admin_email: r.admin_email,
    action: r.action,
    resource_type: r.resource_type,
    resource_id: r.resource_id,
    success: r.success,
    ip_address: r.ip_address,
    user_agent: r.user_agent,
    details: r.details ?? {},
  };
}

/** 'update_setting' → 'Update Setting'. */
export function labelOf(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** The CSV's columns in order and how PostgreSQL writes each (export-stream). */
const CSV_COLUMNS = {
  id: 'number',
  timestamp: 'time',
  admin_email: 'text',
  action: 'text',
  resource_type: 'text',
  resource_id: 'text',
  success: 'text',
  ip_address: 'text',
  user_agent: 'text',
  details: 'json',
} as const satisfies ExportColumns;

/** /admin/audit: the trail of every admin action (view_audit_logs); read-only by design. */
export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/audit/logs',
    access: ADMIN('view_audit_logs'),
    query: auditQuery,
    handler: async ({ deps, query }) => {
      const f = filtersOf(query);
      const { rows, ...count } = await pageWithTotal(
        deps.db,
        filteredAudit(deps.db, f),
        listAudit(deps.db, f, query.limit, query.offset),
        query,
      );
      return {
        logs: rows.map(toAuditLog),
        total: count.total,
        total_is_estimate: count.total_is_estimate,
        total_pages: totalPages(count.total, query.limit),
        page: query.page,
        per_page: query.limit,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/audit/logs/export/csv',
    // Taking the audit trail out is an export like any other: export_data, as the bulk export asks.
    access: ADMIN('view_audit_logs', 'export_data'),
    query: auditQuery,
    handler: async ({ deps, actor, query, res }) => {
      const f = filtersOf(query);
      const filename = `audit_logs_${todayStamp()}.csv`;
      // Recorded before the download starts: the row itself is then part of a later export.
      await recordAudit(deps, actor, {
        action: 'export_audit_logs',
        resource_type: 'audit_log',
        details: {
          filters: Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)),
          filename,
        },
      });
      await streamQueryCsv(res, deps.db, {
        filename,
        columns: CSV_COLUMNS,
        rowsAfter: (before, size) => auditExportRows(deps.db, f, before, size),
        order: 'desc',
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/audit/logs/:id',
    access: ADMIN('view_audit_logs'),
    params: idParams('id'),
    notFound: AUDIT_LOG_NOT_FOUND,
    handler: async ({ deps, params }) => {
      const row = await findAudit(deps.db, params.id);
      if (!row) throw notFound(AUDIT_LOG_NOT_FOUND);
      return toAuditLog(row);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/audit/actions',
    access: ADMIN('view_audit_logs'),
    handler: async ({ deps }) => ({
      actions: (await distinctAuditValues(deps.db, 'action')).map((value) => ({
        value,
        label: labelOf(value),
      })),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/audit/resource-types',
    access: ADMIN('view_audit_logs'),
    handler: async ({ deps }) => ({
      resource_types: (await distinctAuditValues(deps.db, 'resource_type')).map((value) => ({
        value,
        label: labelOf(value),
      })),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/audit/stats',
    access: ADMIN('view_audit_logs'),
    query: z.object({
      days: wholeParam('days', 1, 365, AUDIT_STATS_DAYS),
    }),
    handler: async ({ deps, query }) => {
      const since = new Date(Date.now() - query.days * 86_400_000);
      const { totals, top } = await auditStats(deps.db, since);
      const rate = totals.total ? ((totals.total - totals.failed) / totals.total) * 100 : 100;
      return {
        days: query.days,
        total_actions: totals.total,
        failed_actions: totals.failed,
        success_rate: Math.round(rate * 10) / 10,
        most_active_admins: top.map((t) => t.admin_email),
        most_active_admin_counts: top,
      };
    },
  }),
];
