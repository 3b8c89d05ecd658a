import type {
  AdminAdminsQuery,
  AdminChatPatch,
  AdminChatsExportQuery,
  AdminChatsQuery,
  AdminCreate,
  AdminReportPatch,
  AdminReportsExportQuery,
  AdminReportsQuery,
  AdminRoleChange,
  AdminUpdate,
  AdminUsersExportQuery,
  AdminUsersQuery,
  AdminUserUpdate,
} from './admin';
import { ApiError, pathOf, type Call, type RequestOptions } from './client-core';
import { userQueryString as queryString } from './client-user';
import type { contract } from './contract';
import type { AnswerOf } from './endpoint';
import { ADDRESSES as A } from './endpoint-addresses';

type C = typeof contract;

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** GET /health: whether the API and its database answer (the back office's System Status). */
export type ServiceHealth = AnswerOf<C['health']['live']>;

/**
 * The back office's calls (users, reports, chats, admins); users, reports and chats go through the
 * endpoint table (`call`). Exports are file downloads: the `...ExportPath` functions give the path
 * (from the table, under the client's base URL) for a link or for `download`, which fetches it with
 * the same credentials and returns the file and its name.
 */
export function adminClient(request: Request, base: string, token: string | null | undefined, call: Call) {
  async function download(path: string): Promise<{ blob: Blob; filename: string }> {
    const res = await fetch(base + path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: token ? undefined : 'same-origin',
    });
    if (!res.ok) {
      let detail = res.statusText || `Download failed (${res.status})`;
      try {
        const body = (await res.json()) as { detail?: unknown };
        if (typeof body.detail === 'string' && body.detail) detail = body.detail;
      } catch {
        // not JSON: keep the status text
      }
      throw new ApiError(res.status, detail);
    }
    const cd = res.headers.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(cd)?.[1] ?? 'export';
    return { blob: await res.blob(), filename };
  }

  return {
    recentActivity: (limit = 10) =>
      call<C['adminOverview']['recentActivity']>(A.adminOverview.recentActivity, { query: { limit } }),
    /** Each block only when the admin holds its permission. */
    stats: () => call<C['adminOverview']['stats']>(A.adminOverview.stats),
    download,
    health: () => call<C['health']['live']>(A.health.live),

    users: {
      list: (q?: AdminUsersQuery) => call<C['adminUsers']['list']>(A.adminUsers.list, { query: q }),
      get: (userId: number) => call<C['adminUsers']['get']>(A.adminUsers.get, { params: { id: userId } }),
      update: (userId: number, changes: AdminUserUpdate) =>
        call<C['adminUsers']['update']>(A.adminUsers.update, { params: { id: userId }, body: changes }),
      suspend: (userId: number, reason: string) =>
        call<C['adminUsers']['suspend']>(A.adminUsers.suspend, { params: { id: userId }, query: { reason } }),
      activate: (userId: number) =>
        call<C['adminUsers']['activate']>(A.adminUsers.activate, { params: { id: userId } }),
      exportCsvPath: (q?: AdminUsersExportQuery) => pathOf(A.adminUsers.exportCsv.path) + queryString(q),
    },

    reports: {
      list: (q?: AdminReportsQuery) => call<C['adminReports']['list']>(A.adminReports.list, { query: q }),
      stats: () => call<C['adminReports']['stats']>(A.adminReports.stats),
      get: (reportId: number) =>
        call<C['adminReports']['get']>(A.adminReports.get, { params: { id: reportId } }),
      patch: (reportId: number, changes: AdminReportPatch) =>
        call<C['adminReports']['patch']>(A.adminReports.patch, { params: { id: reportId }, body: changes }),
      remove: (reportId: number, permanent = false) =>
        call<C['adminReports']['remove']>(A.adminReports.remove, {
          params: { id: reportId },
          query: { permanent },
        }),
      bulkDelete: (report_ids: number[], permanent = false) =>
        call<C['adminReports']['bulkDelete']>(A.adminReports.bulkDelete, { body: { report_ids, permanent } }),
      exportJsonPath: (q?: AdminReportsExportQuery) =>
        pathOf(A.adminReports.exportJson.path) + queryString(q),
      exportCsvPath: (q?: Omit<AdminReportsExportQuery, 'include_analysis'>) =>
        pathOf(A.adminReports.exportCsv.path) + queryString(q),
    },

    chats: {
      list: (q?: AdminChatsQuery) => call<C['adminChats']['list']>(A.adminChats.list, { query: q }),
      stats: () => call<C['adminChats']['stats']>(A.adminChats.stats),
      get: (chatId: number) => call<C['adminChats']['get']>(A.adminChats.get, { params: { id: chatId } }),
      byReport: (reportId: number) =>
        call<C['adminChats']['byReport']>(A.adminChats.byReport, { params: { id: reportId } }),
      patch: (chatId: number, changes: AdminChatPatch) =>
        call<C['adminChats']['patch']>(A.adminChats.patch, { params: { id: chatId }, body: changes }),
      remove: (chatId: number) =>
        call<C['adminChats']['remove']>(A.adminChats.remove, { params: { id: chatId } }),
      bulkDelete: (chat_ids: number[]) =>
        call<C['adminChats']['bulkDelete']>(A.adminChats.bulkDelete, { body: { chat_ids } }),
      flag: (chatId: number, reason: string) =>
        call<C['adminChats']['flag']>(A.adminChats.flag, { params: { id: chatId }, body: { reason } }),
      unflag: (chatId: number) =>
        call<C['adminChats']['unflag']>(A.adminChats.unflag, { params: { id: chatId } }),
      note: (chatId: number, note: string) =>
        call<C['adminChats']['note']>(A.adminChats.note, { params: { id: chatId }, body: { note } }),
      exportCsvPath: (q?: AdminChatsExportQuery) => pathOf(A.adminChats.exportCsv.path) + queryString(q),
    },

    admins: {
      list: (q?: AdminAdminsQuery) => call<C['adminAdmins']['list']>(A.adminAdmins.list, { query: q }),
      create: (input: AdminCreate) => call<C['adminAdmins']['create']>(A.adminAdmins.create, { body: input }),
      update: (adminId: number, changes: AdminUpdate) =>
        call<C['adminAdmins']['update']>(A.adminAdmins.update, {
          params: { id: adminId },
          body: changes,
        }),
      changeRole: (adminId: number, role: AdminRoleChange['role']) =>
        call<C['adminAdmins']['changeRole']>(A.adminAdmins.changeRole, {
          params: { id: adminId },
          body: { role },
        }),
      deactivate: (adminId: number) =>
        call<C['adminAdmins']['deactivate']>(A.adminAdmins.deactivate, { params: { id: adminId } }),
    },
  };
}

export type AdminClient = ReturnType<typeof adminClient>;
