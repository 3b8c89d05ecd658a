import {
  CHAT_SORTS,
  REPORT_SORTS,
  REPORT_STATUSES,
  REPORT_TYPES,
  type ChatsByReportPage,
  type SearchResults,
  type UserChatsPage,
  type UserReportsPage,
} from '@reportsaathi/contracts';
import { z } from 'zod';
import { notFound } from '../../kernel/errors';
import {
  DEFAULT_PAGE_SIZE,
  enumParam,
  idFilter,
  listQuery,
  MAX_PAGE_SIZE,
  pageParam,
  userPageFields,
  wholeParam,
} from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { toChatMessage } from '../chats';
import { deleteReportPermanently, ownReport, REPORT_NOT_FOUND, toReportListItem } from '../reports';
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

export const CHAT_NOT_FOUND = 'Chat not found';
const LIVE_STATUSES = REPORT_STATUSES.filter((s) => s !== 'deleted') as [string, ...string[]];

const reportsQuery = listQuery(
  REPORT_SORTS,
  { limitKey: 'per_page' },
  { status: enumParam('status', LIVE_STATUSES), report_type: enumParam('report_type', REPORT_TYPES) },
);
const chatsQuery = listQuery(CHAT_SORTS, { limitKey: 'per_page' }, { report_id: idFilter('report_id') });

/** The grouped view pages like the lists: a user with thousands of reports gets them 20 at a time. */
const byReportQuery = z
  .object({
    page: pageParam,
    per_page: wholeParam('per_page', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  })
  .transform((q) => ({ page: q.page, limit: q.per_page, offset: (q.page - 1) * q.per_page }));

const searchQuery = z.object({
  query: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string().max(200, 'query must be at most 200 characters'),
  ),
  data_types: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.split(',').map((s) => s.trim()) : undefined),
    z
      .array(z.enum(['reports', 'chats'], { error: 'data_types may hold reports and chats' }))
      .default(['reports', 'chats']),
  ),
  limit: wholeParam('limit', 1, 50, 20),
});

/** The signed-in user's reports and chats: lists, search and deletion, always their own. */
export const libraryRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/reports',
    access: USER,
    query: reportsQuery,
    handler: async ({ deps, actor, query }): Promise<UserReportsPage> => {
      const { rows, total } = await listReportsPage(deps.db, actor.user.id, query);
      return {
        reports: rows.map(toReportListItem),
        ...userPageFields(total, query),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/reports/by-type',
    access: USER,
    handler: async ({ deps, actor }) => {
      const rows = await reportTypeCounts(deps.db, actor.user.id);
      return { report_types: rows.map((r) => ({ report_type: r.report_type!, count: Number(r.count) })) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/user/reports/:id',
    access: USER,
    params: idParams('id'),
    notFound: REPORT_NOT_FOUND,
    handler: async ({ deps, actor, params }) => {
      const report = await ownReport(deps.db, actor.user.id, params.id);
      await deleteReportPermanently(deps, report);
      return { message: 'Report deleted successfully' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/chats',
    access: USER,
    query: chatsQuery,
    handler: async ({ deps, actor, query }): Promise<UserChatsPage> => {
      const { rows, total } = await listChatsPage(deps.db, actor.user.id, query);
      return {
        chats: rows.map((r) => toChatMessage(r, r)),
        ...userPageFields(total, query),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/chats/by-report',
    access: USER,
    query: byReportQuery,
    handler: async ({ deps, actor, query }): Promise<ChatsByReportPage> => {
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
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/user/chats/by-report/:id',
    access: USER,
    params: idParams('id'),
    notFound: REPORT_NOT_FOUND,
    handler: async ({ deps, actor, params }) => {
      const report = await ownReport(deps.db, actor.user.id, params.id);
      const n = await deleteReportChats(deps.db, actor.user.id, report.id);
      return { message: `${n} conversation${n === 1 ? '' : 's'} deleted`, deleted_count: n };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/user/chats/:id',
    access: USER,
    params: idParams('id'),
    notFound: CHAT_NOT_FOUND,
    handler: async ({ deps, actor, params }) => {
      if (!(await deleteUserChat(deps.db, actor.user.id, params.id))) throw notFound(CHAT_NOT_FOUND);
      return { message: 'Conversation deleted' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/search',
    access: USER,
    query: searchQuery,
    handler: async ({ deps, actor, query }): Promise<SearchResults> => {
      const empty: SearchResults = { query: query.query, reports: [], chats: [], total: 0 };
      if (!query.query) return empty;
      const [reports, chats] = await Promise.all([
        query.data_types.includes('reports')
          ? searchReports(deps.db, actor.user.id, query.query, query.limit)
          : [],
        query.data_types.includes('chats')
          ? searchChats(deps.db, actor.user.id, query.query, query.limit)
          : [],
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
    },
  }),
];
