import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  buildReportExport,
  exportDate,
  reportCsv,
  sendCsv,
  sendUserExportZip,
  writeChatsExport,
  writeUserExportJson,
} from './export.service';

/** The user's own data as files: all of it, one report, or chats (JSON, or CSV / a ZIP of CSVs). */
export const exportRoutes = [
  // Both formats are written while they are read (decision 060): no export is built in memory.
  defineRoute(contract.userExport.data, async ({ deps, actor, body, res }) => {
    const base = `user_data_export_${exportDate()}`;
    if (body.format === 'csv') await sendUserExportZip(res, deps, actor.user, body, `${base}.zip`);
    else await writeUserExportJson(res, deps, actor.user, body, `${base}.json`, body.download);
    return undefined;
  }),
  defineRoute(contract.userExport.report, async ({ deps, actor, params, query, res }) => {
    const data = await buildReportExport(deps, actor.user.id, params.id, query);
    const base = `report_${params.id}_export`;
    if (query.format === 'csv') {
      sendCsv(res, reportCsv(data), `${base}.csv`);
      return undefined;
    }
    return { filename: `${base}.json`, export_data: data };
  }),
  defineRoute(contract.userExport.chats, async ({ deps, actor, query, res }) => {
    const base = query.report_id
      ? `chats_report_${query.report_id}_export`
      : `chat_history_export_${exportDate()}`;
    await writeChatsExport(res, deps, actor.user.id, query, `${base}.${query.format}`);
    return undefined;
  }),
];
