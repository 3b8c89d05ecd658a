import type { UserPreferences } from './auth';
import { ApiError, type Call, type Download } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';
import type { ReportListItem } from './reports';
import type {
  AnonymizeRequest,
  BillingCycle,
  ChatsExportResponse,
  DataExportRequest,
  DataExportResponse,
  RetentionSettings,
  UserChatsQuery,
  UserDataType,
  UserReportsQuery,
  TrendsQuery,
} from './user';

type Contract = typeof contract;

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
export function userCalls(call: Call, download: Download) {
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
    exportData: async (input: Partial<DataExportRequest> & { format?: 'json' } = {}) => {
      const res = await download<Contract['userExport']['data']>(ADDRESSES.userExport.data, {
        body: { ...input, format: 'json' },
      });
      return (await res.json()) as DataExportResponse;
    },
    /** JSON as a file (raw Response, streamed): the export itself, not wrapped in {filename, export_data}. */
    exportDataFile: (input: Partial<Omit<DataExportRequest, 'format' | 'download'>> = {}) =>
      download<Contract['userExport']['data']>(ADDRESSES.userExport.data, {
        body: { ...input, format: 'json', download: true },
      }),
    /** CSV: a ZIP file (raw Response). */
    exportDataZip: (input: Partial<Omit<DataExportRequest, 'format'>> = {}) =>
      download<Contract['userExport']['data']>(ADDRESSES.userExport.data, {
        body: { ...input, format: 'csv' },
      }),
    exportReport: async (id: number, opts: { include_analysis?: boolean; include_chats?: boolean } = {}) => {
      const answer = await call<Contract['userExport']['report']>(ADDRESSES.userExport.report, {
        params: { id },
        query: { ...opts, format: 'json' },
      });
      if (!answer) throw new ApiError(500, 'The report export sent no answer');
      return answer;
    },
    exportReportCsv: (id: number, opts: { include_analysis?: boolean; include_chats?: boolean } = {}) =>
      download<Contract['userExport']['report']>(ADDRESSES.userExport.report, {
        params: { id },
        query: { ...opts, format: 'csv' },
      }),
    exportChats: async (opts: { report_id?: number; date_from?: string; date_to?: string } = {}) => {
      const res = await download<Contract['userExport']['chats']>(ADDRESSES.userExport.chats, {
        query: { ...opts, format: 'json' },
      });
      return (await res.json()) as ChatsExportResponse;
    },
    exportChatsCsv: (opts: { report_id?: number; date_from?: string; date_to?: string } = {}) =>
      download<Contract['userExport']['chats']>(ADDRESSES.userExport.chats, {
        query: { ...opts, format: 'csv' },
      }),

    privacyOverview: () => call<Contract['privacy']['overview']>(ADDRESSES.privacy.overview),
    retention: () => call<Contract['privacy']['retention']>(ADDRESSES.privacy.retention),
    updateRetention: (settings: Partial<RetentionSettings>) =>
      call<Contract['privacy']['updateRetention']>(ADDRESSES.privacy.updateRetention, { body: settings }),
    anonymize: (input: { data_types: UserDataType[]; older_than_days: number; confirmation: boolean }) =>
      call<Contract['privacy']['anonymize']>(ADDRESSES.privacy.anonymize, {
        body: input satisfies Partial<AnonymizeRequest>,
      }),
    /** With export_data the answer carries the export made just before the deletion. */
    deletePermanently: async (input: { password: string; export_data?: boolean; confirmation?: boolean }) => {
      const res = await download<Contract['accountDeletion']['permanent']>(
        ADDRESSES.accountDeletion.permanent,
        {
          body: input,
        },
      );
      return (await res.json()) as Msg & { export_data?: DataExportResponse['export_data'] };
    },
    /** Permanent deletion with the export first, the export as a streamed file (raw Response). */
    deletePermanentlyWithExportFile: (input: { password: string; confirmation?: boolean }) =>
      download<Contract['accountDeletion']['permanent']>(ADDRESSES.accountDeletion.permanent, {
        body: { ...input, export_data: true, download: true },
      }),

    subscription: {
      current: () => call<Contract['subscription']['current']>(ADDRESSES.subscription.current),
      plans: () => call<Contract['subscription']['plans']>(ADDRESSES.subscription.plans),
      upgrade: (input: { plan: string; billing_cycle?: BillingCycle; gateway?: string }) =>
        call<Contract['subscription']['upgrade']>(ADDRESSES.subscription.upgrade, { body: input }),
      cancel: (reason = '') =>
        call<Contract['subscription']['cancel']>(ADDRESSES.subscription.cancel, { body: { reason } }),
      history: () => call<Contract['subscription']['history']>(ADDRESSES.subscription.history),
      payments: () => call<Contract['subscription']['payments']>(ADDRESSES.subscription.payments),
      usageStats: (months = 6) =>
        call<Contract['subscription']['usageStats']>(ADDRESSES.subscription.usageStats, {
          query: { months },
        }),
    },
    payment: {
      gateways: () => call<Contract['payment']['gateways']>(ADDRESSES.payment.gateways),
      verify: (gateway: string, transaction_data: Record<string, unknown>) =>
        call<Contract['payment']['verify']>(ADDRESSES.payment.verify, {
          body: { gateway, transaction_data },
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
