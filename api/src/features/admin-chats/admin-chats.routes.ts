import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  adminChatDetail,
  adminChatsOfReport,
  adminChatStats,
  bulkDeleteChats,
  deleteAdminChat,
  exportChatsCsv,
  flagChat,
  listAdminChats,
  noteChat,
  patchAdminChat,
  unflagChat,
} from './admin-chats.service';

/** /admin/data/chats (contract.adminChats: who may call each, as its address says). */
export const adminChatsRoutes = [
  defineRoute(contract.adminChats.list, ({ deps, query }) => listAdminChats(deps, query)),
  defineRoute(contract.adminChats.stats, ({ deps }) => adminChatStats(deps)),
  defineRoute(contract.adminChats.exportCsv, ({ deps, actor, query, res }) =>
    exportChatsCsv(deps, actor, query, res),
  ),
  defineRoute(contract.adminChats.bulkDelete, ({ deps, actor, body }) =>
    bulkDeleteChats(deps, actor, body.chat_ids),
  ),
  defineRoute(contract.adminChats.byReport, ({ deps, params }) => adminChatsOfReport(deps, params.id)),
  defineRoute(contract.adminChats.get, ({ deps, params }) => adminChatDetail(deps, params.id)),
  defineRoute(contract.adminChats.patch, ({ deps, actor, params, body }) =>
    patchAdminChat(deps, actor, params.id, body),
  ),
  defineRoute(contract.adminChats.remove, ({ deps, actor, params }) =>
    deleteAdminChat(deps, actor, params.id),
  ),
  defineRoute(contract.adminChats.flag, ({ deps, actor, params, body }) =>
    flagChat(deps, actor, params.id, body.reason),
  ),
  defineRoute(contract.adminChats.unflag, ({ deps, actor, params }) => unflagChat(deps, actor, params.id)),
  defineRoute(contract.adminChats.note, ({ deps, actor, params, body }) =>
    noteChat(deps, actor, params.id, body.note),
  ),
];
