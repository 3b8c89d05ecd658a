import type { Permission } from './permissions';
import { CHAT_NOT_FOUND, REPORT_NOT_FOUND, USER_NOT_FOUND } from './constants';

/** An admin holding every one of these permissions. */
const admin = <const P extends readonly Permission[]>(...permissions: P) =>
  ({ kind: 'admin', permissions }) as const;

/**
 * The back office's data screens: users, reports and chats. Reading needs the view permission of
 * the kind; changing it edit_users / edit_reports / moderate_chats; suspending and activating
 * suspend_users; deleting delete_reports / delete_chats, and several at once also bulk_delete (a
 * super admin's); exports export_data besides reading the same list.
 */
export const adminDataAddresses = {
  adminUsers: {
    list: { method: 'get', path: '/admin/users/list', access: admin('view_users') },
    exportCsv: { method: 'get', path: '/admin/users/export/csv', access: admin('view_users', 'export_data') },
    get: { method: 'get', path: '/admin/users/:id', access: admin('view_users'), notFound: USER_NOT_FOUND },
    update: {
      method: 'put',
      path: '/admin/users/:id',
      access: admin('edit_users'),
      notFound: USER_NOT_FOUND,
    },
    suspend: {
      method: 'post',
      path: '/admin/users/:id/suspend',
      access: admin('suspend_users'),
      notFound: USER_NOT_FOUND,
    },
    activate: {
      method: 'post',
      path: '/admin/users/:id/activate',
      access: admin('suspend_users'),
      notFound: USER_NOT_FOUND,
    },
  },
  adminReports: {
    list: { method: 'get', path: '/admin/data/reports', access: admin('view_reports') },
    stats: { method: 'get', path: '/admin/data/reports/stats', access: admin('view_reports') },
    exportJson: {
      method: 'get',
      path: '/admin/data/reports/export/json',
      access: admin('view_reports', 'export_data'),
    },
    exportCsv: {
      method: 'get',
      path: '/admin/data/reports/export/csv',
      access: admin('view_reports', 'export_data'),
    },
    bulkDelete: {
      method: 'post',
      path: '/admin/data/reports/bulk-delete',
      access: admin('delete_reports', 'bulk_delete'),
    },
    get: {
      method: 'get',
      path: '/admin/data/reports/:id',
      access: admin('view_reports'),
      notFound: REPORT_NOT_FOUND,
    },
    patch: {
      method: 'patch',
      path: '/admin/data/reports/:id',
      access: admin('edit_reports'),
      notFound: REPORT_NOT_FOUND,
    },
    remove: {
      method: 'delete',
      path: '/admin/data/reports/:id',
      access: admin('delete_reports'),
      notFound: REPORT_NOT_FOUND,
    },
  },
  adminChats: {
    list: { method: 'get', path: '/admin/data/chats', access: admin('view_chats') },
    stats: { method: 'get', path: '/admin/data/chats/stats', access: admin('view_chats') },
    exportCsv: {
      method: 'get',
      path: '/admin/data/chats/export/csv',
      access: admin('view_chats', 'export_data'),
    },
    /** Deleting several at once is bulk_delete (a super admin's), as for reports. */
    bulkDelete: {
      method: 'post',
      path: '/admin/data/chats/bulk-delete',
      access: admin('delete_chats', 'bulk_delete'),
    },
    byReport: {
      method: 'get',
      path: '/admin/data/chats/by-report/:id',
      access: admin('view_chats'),
      notFound: REPORT_NOT_FOUND,
    },
    get: {
      method: 'get',
      path: '/admin/data/chats/:id',
      access: admin('view_chats'),
      notFound: CHAT_NOT_FOUND,
    },
    patch: {
      method: 'patch',
      path: '/admin/data/chats/:id',
      access: admin('moderate_chats'),
      notFound: CHAT_NOT_FOUND,
    },
    /** Always permanent. */
    remove: {
      method: 'delete',
      path: '/admin/data/chats/:id',
      access: admin('delete_chats'),
      notFound: CHAT_NOT_FOUND,
    },
    flag: {
      method: 'post',
      path: '/admin/data/chats/:id/flag',
      access: admin('moderate_chats'),
      notFound: CHAT_NOT_FOUND,
    },
    unflag: {
      method: 'post',
      path: '/admin/data/chats/:id/unflag',
      access: admin('moderate_chats'),
      notFound: CHAT_NOT_FOUND,
    },
    note: {
      method: 'post',
      path: '/admin/data/chats/:id/note',
      access: admin('moderate_chats'),
      notFound: CHAT_NOT_FOUND,
    },
  },
} as const;
