import type { UserPreferences } from './auth';
import type { Call, RequestOptions } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';
import type { ReportListItem } from './reports';
import type {
  AnonymizeRequest,
  BillingCycle,
  ChatsExportResponse,
  CurrentSubscription,
  DataExportRequest,
  DataExportResponse,
  ExportedSubscription,
  PaymentGateway,
  PaymentVerifyResponse,
  PaymentView,
  PlanView,
  ReportExportResponse,
  RetentionSettings,
  UpgradeResponse,
  UsageStats,
  UserChatsQuery,
  UserDataType,
  UserReportsQuery,
  TrendsQuery,
} from './user';

type Contract = typeof contract;
type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** A query string of the given values, leaving out empty ones (the panel sends only set filters). */
export function userQueryString(params: object = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

type Msg = { message: string };

/**
 * The user panel's calls (spread into the client's `user` object). Calls that may answer a file
 * (CSV, ZIP) return the raw Response when asked for csv: read it with `arrayBuffer()` and take
 * the file name from Content-Disposition.
 */
export function userCalls(request: Request, call: Call) {
  return {
    me: () => call<Contract['user']['me']>(ADDRESSES.user.me),
    preferences: () => call<Contract['user']['preferences']>(ADDRESSES.user.preferences),
    updatePreferences: (changes: Partial<UserPreferences>) =>
      call<Contract['user']['updatePreferences']>(ADDRESSES.user.updatePreferences, { body: changes }),
    dashboardStats: () => call<Contract['user']['dashboardStats']>(ADDRESSES.user.dashboardStats),
    recentActivity: (limit = 10) =>
      call<Contract['user']['recentActivity']>(ADDRESSES.user.recentActivity, { query: { limit } }),
    quickActions: () => call<Contract['user']['quickActions']>(ADDRESSES.user.quickActions),
    updateProfile: (input: { full_name: string; email: string; current_password?: string }) =>
      call<Contract['user']['updateProfile']>(ADDRESSES.user.updateProfile, { body: input }),
    changePassword: (input: { current_password: string; new_password: string }) =>
      call<Contract['user']['changePassword']>(ADDRESSES.user.changePassword, { body: input }),
    deactivate: () => call<Contract['user']['deactivate']>(ADDRESSES.user.deactivate),
    accountSummary: () => call<Contract['user']['accountSummary']>(ADDRESSES.user.accountSummary),

    reports: (query: UserReportsQuery = {}) =>
      call<Contract['library']['reports']>(ADDRESSES.library.reports, { query }),
    reportTypes: () => call<Contract['library']['reportTypes']>(ADDRESSES.library.reportTypes),
    deleteReport: (id: number) =>
      call<Contract['library']['deleteReport']>(ADDRESSES.library.deleteReport, { params: { id } }),
    chats: (query: UserChatsQuery = {}) =>
      call<Contract['library']['chats']>(ADDRESSES.library.chats, { query }),
    chatsByReport: (query: { page?: number; per_page?: number } = {}) =>
      call<Contract['library']['chatsByReport']>(ADDRESSES.library.chatsByReport, { query }),
    deleteChat: (id: number) =>
      call<Contract['library']['deleteChat']>(ADDRESSES.library.deleteChat, { params: { id } }),
    deleteReportChats: (reportId: number) =>
      call<Contract['library']['deleteReportChats']>(ADDRESSES.library.deleteReportChats, {
        params: { id: reportId },
      }),
    search: (query: string, dataTypes: Array<'reports' | 'chats'> = ['reports', 'chats'], limit = 20) =>
      call<Contract['library']['search']>(ADDRESSES.library.search, {
        query: { query, data_types: dataTypes, limit },
      }),

    /** JSON: {filename, export_data}. */
    exportData: (input: Partial<DataExportRequest> & { format?: 'json' } = {}) =>
      request<DataExportResponse>('/user/export-data', {
        method: 'POST',
        json: { ...input, format: 'json' },
      }),
    /** JSON as a file (raw Response, streamed): the export itself, not wrapped in {filename, export_data}. */
    exportDataFile: (input: Partial<Omit<DataExportRequest, 'format' | 'download'>> = {}) =>
      request<Response>('/user/export-data', {
        method: 'POST',
        json: { ...input, format: 'json', download: true },
        raw: true,
      }),
    /** CSV: a ZIP file (raw Response). */
    exportDataZip: (input: Partial<Omit<DataExportRequest, 'format'>> = {}) =>
      request<Response>('/user/export-data', {
        method: 'POST',
        json: { ...input, format: 'csv' },
        raw: true,
      }),
    exportReport: (id: number, opts: { include_analysis?: boolean; include_chats?: boolean } = {}) =>
      request<ReportExportResponse>(
        `/user/export/reports/${id}${userQueryString({ ...opts, format: 'json' })}`,
      ),
    exportReportCsv: (id: number, opts: { include_analysis?: boolean; include_chats?: boolean } = {}) =>
      request<Response>(`/user/export/reports/${id}${userQueryString({ ...opts, format: 'csv' })}`, {
        raw: true,
      }),
    exportChats: (opts: { report_id?: number; date_from?: string; date_to?: string } = {}) =>
      request<ChatsExportResponse>(`/user/export/chats${userQueryString({ ...opts, format: 'json' })}`),
    exportChatsCsv: (opts: { report_id?: number; date_from?: string; date_to?: string } = {}) =>
      request<Response>(`/user/export/chats${userQueryString({ ...opts, format: 'csv' })}`, { raw: true }),

    privacyOverview: () => call<Contract['privacy']['overview']>(ADDRESSES.privacy.overview),
    retention: () => call<Contract['privacy']['retention']>(ADDRESSES.privacy.retention),
    updateRetention: (settings: Partial<RetentionSettings>) =>
      call<Contract['privacy']['updateRetention']>(ADDRESSES.privacy.updateRetention, { body: settings }),
    anonymize: (input: { data_types: UserDataType[]; older_than_days: number; confirmation: boolean }) =>
      call<Contract['privacy']['anonymize']>(ADDRESSES.privacy.anonymize, {
        body: input satisfies Partial<AnonymizeRequest>,
      }),
    /** With export_data the answer carries the export made just before the deletion. */
    deletePermanently: (input: { password: string; export_data?: boolean; confirmation?: boolean }) =>
      request<Msg & { export_data?: DataExportResponse['export_data'] }>('/user/account/permanent', {
        method: 'DELETE',
        json: input,
      }),
    /** Permanent deletion with the export first, the export as a streamed file (raw Response). */
    deletePermanentlyWithExportFile: (input: { password: string; confirmation?: boolean }) =>
      request<Response>('/user/account/permanent', {
        method: 'DELETE',
        json: { ...input, export_data: true, download: true },
        raw: true,
      }),

    subscription: {
      current: () => request<CurrentSubscription>('/user/subscription/current'),
      plans: () => request<{ plans: PlanView[] }>('/user/subscription/plans'),
      upgrade: (input: { plan: string; billing_cycle?: BillingCycle; gateway?: string }) =>
        request<UpgradeResponse>('/user/subscription/upgrade', { method: 'POST', json: input }),
      cancel: (reason = '') =>
        request<Msg & { subscription: ExportedSubscription }>('/user/subscription/cancel', {
          method: 'POST',
          json: { reason },
        }),
      history: () => request<{ subscriptions: ExportedSubscription[] }>('/user/subscription/history'),
      payments: () => request<{ payments: PaymentView[] }>('/user/subscription/payments'),
      usageStats: (months = 6) =>
        request<UsageStats>(`/user/subscription/usage-stats${userQueryString({ months })}`),
    },
    payment: {
      gateways: () => request<{ gateways: PaymentGateway[]; default_gateway: string }>('/payment/gateways'),
      verify: (gateway: string, transaction_data: Record<string, unknown>) =>
        request<PaymentVerifyResponse>('/payment/verify', {
          method: 'POST',
          json: { gateway, transaction_data },
        }),
    },

    trends: (query: TrendsQuery = {}) => call<Contract['trends']['list']>(ADDRESSES.trends.list, { query }),
    trend: (analyte: string) =>
      call<Contract['trends']['get']>(ADDRESSES.trends.get, { params: { analyte } }),
    /** Corrects (or, with null, clears the correction of) a report's sample-collection date. */
    setReportDate: (reportId: number, collected_on: string | null) =>
      call<Contract['trends']['setReportDate']>(ADDRESSES.trends.setReportDate, {
        params: { id: reportId },
        body: { collected_on },
      }),
  };
}

/** GET /reports with optional paging (the patient /dashboard). */
export interface ReportsPageQuery {
  page?: number;
  limit?: number;
  /** Only these statuses, e.g. ['pending','processing'] for polling. */
  status?: string[];
}
export type ReportsPage = {
  reports: ReportListItem[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
};
