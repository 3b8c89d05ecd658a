import { z } from 'zod';
import {
  ADMIN_CHAT_SORTS,
  adminChatFlag,
  adminChatNote,
  adminChatPatch,
  adminChatsBulkDelete,
} from '@reportsaathi/contracts';
import { boolParam, idFilter, listQuery, searchParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { REPORT_NOT_FOUND } from '../reports';
import {
  adminChatDetail,
  adminChatsOfReport,
  adminChatStats,
  bulkDeleteChats,
  CHAT_NOT_FOUND,
  deleteAdminChat,
  exportChatsCsv,
  flagChat,
  listAdminChats,
  noteChat,
  patchAdminChat,
  unflagChat,
} from './admin-chats.service';

const filters = {
  user_email: searchParam,
  report_id: idFilter('report_id'),
  is_flagged: boolParam('is_flagged'),
  has_feedback: boolParam('has_feedback'),
  ai_model: searchParam,
};
const chatId = { params: idParams('id'), notFound: CHAT_NOT_FOUND };

/**
 * /admin/data/chats: reading needs view_chats; flag, unflag, notes and PATCH moderate_chats;
 * deleting (always permanent) delete_chats, and several at once also bulk_delete; the CSV export
 * export_data.
 */
export const adminChatsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/data/chats',
    access: ADMIN('view_chats'),
    query: listQuery(ADMIN_CHAT_SORTS, {}, filters),
    handler: ({ deps, query }) => listAdminChats(deps, query),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/chats/stats',
    access: ADMIN('view_chats'),
    handler: ({ deps }) => adminChatStats(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/chats/export/csv',
    access: ADMIN('view_chats', 'export_data'),
    query: z.object({ ...filters, search: searchParam }),
    handler: ({ deps, actor, query, res }) => exportChatsCsv(deps, actor, query, res),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/data/chats/bulk-delete',
    // Deleting several at once is bulk_delete (a super admin's), as for reports (decision 052).
    access: ADMIN('delete_chats', 'bulk_delete'),
    body: adminChatsBulkDelete,
    handler: ({ deps, actor, body }) => bulkDeleteChats(deps, actor, body.chat_ids),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/chats/by-report/:id',
    access: ADMIN('view_chats'),
    params: idParams('id'),
    notFound: REPORT_NOT_FOUND,
    handler: ({ deps, params }) => adminChatsOfReport(deps, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/data/chats/:id',
    access: ADMIN('view_chats'),
    ...chatId,
    handler: ({ deps, params }) => adminChatDetail(deps, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/data/chats/:id',
    access: ADMIN('moderate_chats'),
    ...chatId,
    body: adminChatPatch,
    handler: ({ deps, actor, params, body }) => patchAdminChat(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/data/chats/:id',
    access: ADMIN('delete_chats'),
    ...chatId,
    handler: ({ deps, actor, params }) => deleteAdminChat(deps, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/data/chats/:id/flag',
    access: ADMIN('moderate_chats'),
    ...chatId,
    body: adminChatFlag,
    handler: ({ deps, actor, params, body }) => flagChat(deps, actor, params.id, body.reason),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/data/chats/:id/unflag',
    access: ADMIN('moderate_chats'),
    ...chatId,
    handler: ({ deps, actor, params }) => unflagChat(deps, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/data/chats/:id/note',
    access: ADMIN('moderate_chats'),
    ...chatId,
    body: adminChatNote,
    handler: ({ deps, actor, params, body }) => noteChat(deps, actor, params.id, body.note),
  }),
];
