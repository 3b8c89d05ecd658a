import { AUDIT_LOG_NOT_FOUND, contract, type AuditLog } from '@reportsaathi/contracts';
import type { z } from 'zod';
import { notFound } from '../../kernel/errors';
import { streamQueryCsv, todayStamp, type ExportColumns } from '../../http/export-stream';
import { totalPages } from '../../http/list-query';
import { pageWithTotal } from '../../http/list-sql';
import { defineRoute } from '../../http/route-table';
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

const audit = contract.adminAudit;
type AuditQueryOut = z.output<typeof audit.logs.query>;

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
  defineRoute(audit.logs, async ({ deps, query }) => {
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
  }),
  defineRoute(audit.exportCsv, async ({ deps, actor, query, res }): Promise<undefined> => {
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
  }),
  defineRoute(audit.log, async ({ deps, params }) => {
    const row = await findAudit(deps.db, params.id);
    if (!row) throw notFound(AUDIT_LOG_NOT_FOUND);
    return toAuditLog(row);
  }),
  defineRoute(audit.actions, async ({ deps }) => ({
    actions: (await distinctAuditValues(deps.db, 'action')).map((value) => ({
      value,
      label: labelOf(value),
    })),
  })),
  defineRoute(audit.resourceTypes, async ({ deps }) => ({
    resource_types: (await distinctAuditValues(deps.db, 'resource_type')).map((value) => ({
      value,
      label: labelOf(value),
    })),
  })),
  defineRoute(audit.stats, async ({ deps, query }) => {
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
  }),
];
