import { bulkExportRequest } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { exportOptions, sendBulkExport } from './bulk-export.service';

/** /admin/export: the whole-platform export of the back office (export_data). */
export const bulkExportRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/export/export-options',
    access: ADMIN('export_data'),
    handler: ({ deps }) => exportOptions(deps),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/export/bulk-export',
    access: ADMIN('export_data'),
    body: bulkExportRequest,
    handler: ({ deps, actor, body, res }) => sendBulkExport(deps, actor, body, res),
  }),
];
