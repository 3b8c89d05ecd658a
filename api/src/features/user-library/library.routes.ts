import { contract, CHAT_NOT_FOUND, type SearchResults } from '@reportsaathi/contracts';
import { notFound } from '../../kernel/errors';
import { userPageFields } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { toChatMessage } from '../chats';
import { deleteReportPermanently, ownReport, toReportListItem } from '../reports';
import {
  chatsByReport,
  deleteReportChats,
  deleteUserChat,
  listChatsPage,
  listReportsPage,
  reportTypeCounts,
  searchChats,
  searchReports,
} from './library.repo';

/** The signed-in user's reports and chats: lists, search and deletion, always their own. */
export const libraryRoutes = [
  defineRoute(contract.library.reports, async ({ deps, actor, query }) => {
    const { rows, total } = await listReportsPage(deps.db, actor.user.id, query);
    return {
      reports: rows.map(toReportListItem),
      ...userPageFields(total, query),
    };
  }),
  defineRoute(contract.library.reportTypes, async ({ deps, actor }) => {
    const rows = await reportTypeCounts(deps.db, actor.user.id);
    return { report_types: rows.map((r) => ({ report_type: r.report_type!, count: Number(r.count) })) };
  }),
  defineRoute(contract.library.deleteReport, async ({ deps, actor, params }) => {
    const report = await ownReport(deps.db, actor.user.id, params.id);
    await deleteReportPermanently(deps, report);
    return { message: 'Report deleted successfully' };
  }),
  defineRoute(contract.library.chats, async ({ deps, actor, query }) => {
    const { rows, total } = await listChatsPage(deps.db, actor.user.id, query);
    return {
      chats: rows.map((r) => toChatMessage(r, r)),
      ...userPageFields(total, query),
    };
  }),
  defineRoute(contract.library.chatsByReport, async ({ deps, actor, query }) => {
    const { rows, total } = await chatsByReport(deps.db, actor.user.id, query);
    return {
      reports: rows.map((r) => ({
        report_id: r.report_id,
        report_filename: r.report_filename,
        report_created_at: r.report_created_at.toISOString(),
        chat_count: Number(r.chat_count),
        last_chat_date: new Date(r.last_chat_date as Date).toISOString(),
      })),
      ...userPageFields(total, query),
    };
  }),
  defineRoute(contract.library.deleteReportChats, async ({ deps, actor, params }) => {
    const report = await ownReport(deps.db, actor.user.id, params.id);
    const n = await deleteReportChats(deps.db, actor.user.id, report.id);
    return { message: `${n} conversation${n === 1 ? '' : 's'} deleted`, deleted_count: n };
  }),
  defineRoute(contract.library.deleteChat, async ({ deps, actor, params }) => {
    if (!(await deleteUserChat(deps.db, actor.user.id, params.id))) throw notFound(CHAT_NOT_FOUND);
    return { message: 'Conversation deleted' };
  }),
  defineRoute(contract.library.search, async ({ deps, actor, query }) => {
    const empty: SearchResults = { query: query.query, reports: [], chats: [], total: 0 };
    if (!query.query) return empty;
    const [reports, chats] = await Promise.all([
      query.data_types.includes('reports')
        ? searchReports(deps.db, actor.user.id, query.query, query.limit)
        : [],
      query.data_types.includes('chats') ? searchChats(deps.db, actor.user.id, query.query, query.limit) : [],
    ]);
    return {
      query: query.query,
      reports: reports.map((r) => ({
        id: r.id,
        filename: r.original_filename,
        status: r.status,
        report_type: r.report_type,
        created_at: r.created_at.toISOString(),
      })),
      chats: chats.map((c) => ({
        id: c.id,
        report_id: c.report_id,
        report_filename: c.original_filename,
        message: c.message,
        response_preview: c.response_preview,
        created_at: c.created_at.toISOString(),
      })),
      total: reports.length + chats.length,
    };
  }),
];
