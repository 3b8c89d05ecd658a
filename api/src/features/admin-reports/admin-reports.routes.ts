import { z } from 'zod';
import {
  ADMIN_REPORT_SORTS,
  REPORT_STATUSES,
  REPORT_TYPES,
  adminReportPatch,
  adminReportsBulkDelete,
} from '@reportsaathi/contracts';
import { boolParam, enumParam, listQuery, searchParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { REPORT_NOT_FOUND } from '../reports';
import {
  adminReportDetail,
  adminReportStats,
  bulkDeleteReports,
  deleteAdminReport,
  exportReports,
  listAdminReports,
  patchAdminReport,
} from './admin-reports.service';

const filters = {
  status: enumParam('status', REPORT_STATUSES),
  report_type: enumParam('report_type', REPORT_TYPES),
  is_flagged: boolParam('is_flagged'),
  user_email: searchParam,
};
// Exports take the list's filters (and its search), without paging.
const exportFilters = { ...filters, search: searchParam };
const exportQuery = z.object({ ...exportFilters, include_analysis: boolParam('include_analysis') });
const reportId = { params: idParams('id'), notFound: REPORT_NOT_FOUND };

/**
 * /admin/data/reports: reading needs view_reports; flagging and notes edit_reports; deleting one
 * delete_reports; a bulk delete also bulk_delete (a super admin's permission); exports
 * export_data.
 */
export const adminReportsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/data/reports',
    access: ADMIN('view_reports'),
    query: listQuery(ADMIN_REPORT_SORTS, {}, filters),
    handler: ({ deps, query }) => listAdminReports(deps, query),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/reports/stats',
    access: ADMIN('view_reports'),
    handler: ({ deps }) => adminReportStats(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/reports/export/json',
    access: ADMIN('view_reports', 'export_data'),
    query: exportQuery,
    handler: ({ deps, actor, query, res }) => exportReports(deps, actor, 'json', query, res),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/reports/export/csv',
    access: ADMIN('view_reports', 'export_data'),
    query: z.object(exportFilters),
    handler: ({ deps, actor, query, res }) => exportReports(deps, actor, 'csv', query, res),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/data/reports/bulk-delete',
    access: ADMIN('delete_reports', 'bulk_delete'),
    body: adminReportsBulkDelete,
    handler: ({ deps, actor, body }) => bulkDeleteReports(deps, actor, body.report_ids, body.permanent),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/reports/:id',
    access: ADMIN('view_reports'),
    ...reportId,
    handler: ({ deps, params }) => adminReportDetail(deps, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/data/reports/:id',
    access: ADMIN('edit_reports'),
    ...reportId,
    body: adminReportPatch,
    handler: ({ deps, actor, params, body }) => patchAdminReport(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/data/reports/:id',
    access: ADMIN('delete_reports'),
    ...reportId,
    query: z.object({ permanent: boolParam('permanent') }),
    handler: ({ deps, actor, params, query }) =>
      deleteAdminReport(deps, actor, params.id, query.permanent ?? false),
  }),
];
