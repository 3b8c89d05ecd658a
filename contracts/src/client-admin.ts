import type {
  AdminAdminsQuery,
  AdminChat,
  AdminChatChange,
  AdminChatPatch,
  AdminChatsExportQuery,
  AdminChatsList,
  AdminChatsQuery,
  AdminChatStats,
  AdminCreate,
  AdminReport,
  AdminReportChange,
  AdminReportDeleteAnswer,
  AdminReportPatch,
  AdminReportsExportQuery,
  AdminReportsList,
  AdminReportsQuery,
  AdminReportStats,
  AdminRoleChange,
  AdminUpdate,
  AdminUserChange,
  AdminUserDetail,
  AdminUsersExportQuery,
  AdminUsersList,
  AdminUsersQuery,
  AdminUserUpdate,
  BulkDeleteAnswer,
  MessageAnswer,
} from './admin';
import { callThrough } from './client-call';
import { ApiError, type RequestOptions } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;
type C = typeof contract;
type Query = object;

/** '?a=1&b=x' from a filter object; empty, null and undefined values are left out. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The back office's calls (users, reports, chats, admins). Exports are file downloads: the
 * `...ExportPath` functions give the path (under the client's base URL) for a link or for
 * `download`, which fetches it with the same credentials and returns the file and its name.
 */
export function adminClient(request: Request, base: string, token?: string | null) {
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
  const id = (n: number) => encodeURIComponent(String(n));
  const call = callThrough(request);

  return {
    recentActivity: (limit = 10) =>
      call<C['adminOverview']['recentActivity']>(ADDRESSES.adminOverview.recentActivity, {
        query: { limit },
      }),
    /** Each block only when the admin holds its permission. */
    stats: () => call<C['adminOverview']['stats']>(ADDRESSES.adminOverview.stats),
    download,

    users: {
      list: (q?: AdminUsersQuery) => request<AdminUsersList>(`/admin/users/list${queryString(q)}`),
      get: (userId: number) => request<AdminUserDetail>(`/admin/users/${id(userId)}`),
      update: (userId: number, changes: AdminUserUpdate) =>
        request<AdminUserChange>(`/admin/users/${id(userId)}`, { method: 'PUT', json: changes }),
      suspend: (userId: number, reason: string) =>
        request<AdminUserChange>(`/admin/users/${id(userId)}/suspend${queryString({ reason })}`, {
          method: 'POST',
        }),
      activate: (userId: number) =>
        request<AdminUserChange>(`/admin/users/${id(userId)}/activate`, { method: 'POST' }),
      exportCsvPath: (q?: AdminUsersExportQuery) => `/admin/users/export/csv${queryString(q)}`,
    },

    reports: {
      list: (q?: AdminReportsQuery) => request<AdminReportsList>(`/admin/data/reports${queryString(q)}`),
      stats: () => request<AdminReportStats>('/admin/data/reports/stats'),
      get: (reportId: number) => request<AdminReport>(`/admin/data/reports/${id(reportId)}`),
      patch: (reportId: number, changes: AdminReportPatch) =>
        request<AdminReportChange>(`/admin/data/reports/${id(reportId)}`, { method: 'PATCH', json: changes }),
      remove: (reportId: number, permanent = false) =>
        request<AdminReportDeleteAnswer>(`/admin/data/reports/${id(reportId)}?permanent=${permanent}`, {
          method: 'DELETE',
        }),
      bulkDelete: (report_ids: number[], permanent = false) =>
        request<BulkDeleteAnswer>('/admin/data/reports/bulk-delete', { json: { report_ids, permanent } }),
      exportJsonPath: (q?: AdminReportsExportQuery) => `/admin/data/reports/export/json${queryString(q)}`,
      exportCsvPath: (q?: Omit<AdminReportsExportQuery, 'include_analysis'>) =>
        `/admin/data/reports/export/csv${queryString(q)}`,
    },

    chats: {
      list: (q?: AdminChatsQuery) => request<AdminChatsList>(`/admin/data/chats${queryString(q)}`),
      stats: () => request<AdminChatStats>('/admin/data/chats/stats'),
      get: (chatId: number) => request<AdminChat>(`/admin/data/chats/${id(chatId)}`),
      byReport: (reportId: number) =>
        request<{ chats: AdminChat[] }>(`/admin/data/chats/by-report/${id(reportId)}`),
      patch: (chatId: number, changes: AdminChatPatch) =>
        request<AdminChatChange>(`/admin/data/chats/${id(chatId)}`, { method: 'PATCH', json: changes }),
      remove: (chatId: number) =>
        request<MessageAnswer>(`/admin/data/chats/${id(chatId)}`, { method: 'DELETE' }),
      bulkDelete: (chat_ids: number[]) =>
        request<BulkDeleteAnswer>('/admin/data/chats/bulk-delete', { json: { chat_ids } }),
      flag: (chatId: number, reason: string) =>
        request<AdminChatChange>(`/admin/data/chats/${id(chatId)}/flag`, { json: { reason } }),
      unflag: (chatId: number) =>
        request<AdminChatChange>(`/admin/data/chats/${id(chatId)}/unflag`, { method: 'POST' }),
      note: (chatId: number, note: string) =>
        request<AdminChatChange>(`/admin/data/chats/${id(chatId)}/note`, { json: { note } }),
      exportCsvPath: (q?: AdminChatsExportQuery) => `/admin/data/chats/export/csv${queryString(q)}`,
    },

    admins: {
      list: (q?: AdminAdminsQuery) =>
        call<C['adminAdmins']['list']>(ADDRESSES.adminAdmins.list, { query: q }),
      create: (input: AdminCreate) =>
        call<C['adminAdmins']['create']>(ADDRESSES.adminAdmins.create, { body: input }),
      update: (adminId: number, changes: AdminUpdate) =>
        call<C['adminAdmins']['update']>(ADDRESSES.adminAdmins.update, {
          params: { id: adminId },
          body: changes,
        }),
      changeRole: (adminId: number, role: AdminRoleChange['role']) =>
        call<C['adminAdmins']['changeRole']>(ADDRESSES.adminAdmins.changeRole, {
          params: { id: adminId },
          body: { role },
        }),
      deactivate: (adminId: number) =>
        call<C['adminAdmins']['deactivate']>(ADDRESSES.adminAdmins.deactivate, { params: { id: adminId } }),
    },
  };
}

export type AdminClient = ReturnType<typeof adminClient>;
