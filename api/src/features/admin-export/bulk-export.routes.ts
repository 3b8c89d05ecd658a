import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { exportOptions, sendBulkExport } from './bulk-export.service';

/** /admin/export: the whole-platform export of the back office (export_data). */
export const bulkExportRoutes = [
  defineRoute(contract.adminExport.options, ({ deps }) => exportOptions(deps)),
  defineRoute(contract.adminExport.bulkExport, ({ deps, actor, body, res }) =>
    sendBulkExport(deps, actor, body, res),
  ),
];
