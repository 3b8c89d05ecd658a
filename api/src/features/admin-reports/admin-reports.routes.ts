import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  adminReportDetail,
  adminReportStats,
  bulkDeleteReports,
  deleteAdminReport,
  exportReports,
  listAdminReports,
  patchAdminReport,
} from './admin-reports.service';

/** /admin/data/reports (contract.adminReports: who may call each, as its address says). */
export const adminReportsRoutes = [
  defineRoute(contract.adminReports.list, ({ deps, query }) => listAdminReports(deps, query)),
  defineRoute(contract.adminReports.stats, ({ deps }) => adminReportStats(deps)),
  defineRoute(contract.adminReports.exportJson, ({ deps, actor, query, res }) =>
    exportReports(deps, actor, 'json', query, res),
  ),
  defineRoute(contract.adminReports.exportCsv, ({ deps, actor, query, res }) =>
    exportReports(deps, actor, 'csv', query, res),
  ),
  defineRoute(contract.adminReports.bulkDelete, ({ deps, actor, body }) =>
    bulkDeleteReports(deps, actor, body.report_ids, body.permanent),
  ),
  defineRoute(contract.adminReports.get, ({ deps, params }) => adminReportDetail(deps, params.id)),
  defineRoute(contract.adminReports.patch, ({ deps, actor, params, body }) =>
    patchAdminReport(deps, actor, params.id, body),
  ),
  defineRoute(contract.adminReports.remove, ({ deps, actor, params, query }) =>
    deleteAdminReport(deps, actor, params.id, query.permanent ?? false),
  ),
];
