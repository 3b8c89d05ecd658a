// @ts-nocheck
import type { PublicUser, UserPreferences } from '@reportsaathi/contracts';
import type { Api } from './api.server';

/**
 * The user panel's calls (SPEC §7 "User self-service" and "User subscription and payment"), over
 * the shared client's `request`. The shapes follow SPEC §3; answers that are lists in some
 * versions and wrapped objects in others are unwrapped here, in one place, so pages stay simple.
 */

export interface DashboardStats {
  reports_uploaded: number;
  reports_analyzed: number;
  chat_conversations: number;
  storage_used: string | number | null;
  reports_this_month: number;
  average_processing_time: number | string | null;
  most_used_report_type: string | null;
  total_feedback_given: number;
  account_created: string | null;
  plan: string | null;
}

export type ActivityType = 'report_upload' | 'report_analyzed' | 'chat' | 'feedback';
export interface Activity {
  type: ActivityType | string;
  description: string;
  timestamp: string;
  status?: string | null;
}

export interface QuickAction {
  url: string;
  title: string;
  description: string;
  icon: string;
  count?: number | null;
}

export interface PanelReport {
  id: number;
  original_filename: string;
  filename?: string;
  status: string;
  report_type: string | null;
  file_size: number;
  created_at: string;
  updated_at: string;
  processing_time_seconds: number | null;
}

export interface PanelChat {
  id: number;
  report_id: number;
  report_filename: string;
  sender: string;
  message: string;
  response: string | null;
  timestamp: string;
  created_at: string;
}

export interface ChatsByReport {
  report_id: number;
  report_filename: string;
  report_created_at: string;
  chat_count: number;
  last_chat_date: string | null;
}

export interface Paged<T> {
  items: T[];
  total_pages: number;
  total_count: number;
}

export interface SearchHits {
  reports: { id: number; original_filename: string; status?: string; created_at?: string }[];
  chats: { id: number; report_id: number; message: string; response?: string | null; created_at?: string }[];
}

export interface PrivacyOverview {
  data_summary: { total_reports: number; total_chats: number; total_storage_mb: number };
  data_by_age: { reports: { older_than_1_year: number }; chats: { older_than_1_year: number } };
}

export interface RetentionSettings {
  auto_delete_old_reports: boolean;
  data_retention_days: number;
  delete_inactive_chats?: boolean;
  anonymize_old_data?: boolean;
}

export interface AccountSummary {
  user_profile: { account_age_days: number };
  usage_statistics: { total_reports: number; storage_used_mb: number };
  subscription: { plan: string | null };
}

export interface Plan {
  id?: number;
  name: string;
  display_name?: string;
  price_monthly?: number;
  price_yearly?: number;
  currency?: string;
  features?: string[];
  limits?: Record<string, number | null>;
  max_analyses_per_month?: number | null;
  max_storage_mb?: number | null;
}

export interface Subscription {
  plan: string;
  plan_display_name?: string;
  status?: string;
  billing_cycle?: string;
  started_at?: string | null;
  expires_at?: string | null;
  current_period_end?: string | null;
  cancelled_at?: string | null;
  limits?: Record<string, number | null>;
  usage?: Record<string, number | null>;
}

export interface Payment {
  id: number;
  amount: number;
  currency?: string;
  status: string;
  gateway?: string;
  created_at: string;
  plan?: string;
  transaction_id?: string | null;
}

export interface TrendPoint {
  report_id: number;
  date: string;
  value: number;
  flag?: string;
}
export interface Trend {
  canonical_id: string;
  name: string;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  points: TrendPoint[];
  sentence?: string;
  sentence_en?: string;
  sentence_hi?: string;
}

export type ListParams = Record<string, string | number | undefined | null>;

function qs(params: ListParams): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
}

function listOf<T>(body: unknown, ...keys: string[]): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    for (const k of keys) {
      const v = (body as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v as T[];
    }
  }
  return [];
}

function paged<T>(body: unknown, key: string): Paged<T> {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    items: listOf<T>(body, key, 'items'),
    total_pages: Number(b.total_pages ?? 0),
    total_count: Number(b.total_count ?? b.total ?? 0),
  };
}

export function panelApi(api: Api) {
  const r = api.request;
  return {
    me: () => r<PublicUser>('/user/me'),
    dashboardStats: () => r<DashboardStats>('/user/dashboard-stats'),
    recentActivity: async (limit = 10) =>
      listOf<Activity>(await r<unknown>(`/user/recent-activity?limit=${limit}`), 'activities', 'items'),
    quickActions: async () =>
      listOf<QuickAction>(await r<unknown>('/user/quick-actions'), 'actions', 'quick_actions'),
    updateProfile: (full_name: string, email: string) =>
      r<PublicUser | { user: PublicUser }>('/user/profile', { method: 'PUT', json: { full_name, email } }),
    changePassword: (current_password: string, new_password: string) =>
      r<{ message: string }>('/user/change-password', { json: { current_password, new_password } }),
    preferences: () => r<{ preferences: UserPreferences }>('/user/preferences'),
    updatePreferences: (p: Partial<UserPreferences>) =>
      r<{ preferences: UserPreferences }>('/user/preferences', { method: 'PUT', json: p }),
    deactivate: () => r<{ message: string }>('/user/account', { method: 'DELETE' }),
    accountSummary: () => r<AccountSummary>('/user/account-summary'),
    reports: async (p: ListParams) =>
      paged<PanelReport>(await r<unknown>(`/user/reports${qs(p)}`), 'reports'),
    reportTypes: async () =>
      listOf<{ report_type: string | null; count?: number }>(
        await r<unknown>('/user/reports/by-type'),
        'types',
        'report_types',
      ),
    deleteReport: (id: number) => r<{ message: string }>(`/user/reports/${id}`, { method: 'DELETE' }),
    chats: async (p: ListParams) => paged<PanelChat>(await r<unknown>(`/user/chats${qs(p)}`), 'chats'),
    chatsByReport: async () =>
      listOf<ChatsByReport>(await r<unknown>('/user/chats/by-report'), 'reports', 'groups'),
    deleteChat: (id: number) => r<{ message: string }>(`/user/chats/${id}`, { method: 'DELETE' }),
    deleteChatsOfReport: (reportId: number) =>
      r<{ message: string }>(`/user/chats/by-report/${reportId}`, { method: 'DELETE' }),
    search: async (query: string) => {
      const body = (await r<unknown>(
        `/user/search${qs({ query, data_types: 'reports,chats', limit: 20 })}`,
      )) as Record<string, unknown>;
      const results = (body?.results ?? body) as Record<string, unknown>;
      return {
        reports: listOf(results?.reports, 'items'),
        chats: listOf(results?.chats, 'items'),
      } as SearchHits;
    },
    privacyOverview: () => r<PrivacyOverview>('/user/privacy/data-overview'),
    retention: async () => {
      const body = await r<RetentionSettings | { settings: RetentionSettings }>(
        '/user/privacy/data-retention',
      );
      return 'settings' in body ? body.settings : body;
    },
    saveRetention: (s: RetentionSettings) => r<unknown>('/user/privacy/data-retention', { json: s }),
    anonymize: (data_types: string[], older_than_days: number, confirmation: boolean) =>
      r<{ anonymized_counts: Record<string, number> }>('/user/privacy/anonymize-data', {
        json: { data_types, older_than_days, confirmation },
      }),
    deletePermanently: (password: string, export_data: boolean, confirmation: boolean) =>
      r<{ message: string; export_data?: unknown }>('/user/account/permanent', {
        method: 'DELETE',
        json: { password, export_data, confirmation },
      }),
    subscription: () => r<Subscription | { subscription: Subscription }>('/user/subscription/current'),
    plans: async () => listOf<Plan>(await r<unknown>('/user/subscription/plans'), 'plans'),
    upgrade: (plan: string, billing_cycle: string, gateway: string) =>
      r<Record<string, unknown>>('/user/subscription/upgrade', { json: { plan, billing_cycle, gateway } }),
    cancel: (reason: string) => r<{ message: string }>('/user/subscription/cancel', { json: { reason } }),
    subscriptionHistory: async () =>
      listOf<Subscription>(await r<unknown>('/user/subscription/history'), 'history', 'subscriptions'),
    payments: async () => listOf<Payment>(await r<unknown>('/user/subscription/payments'), 'payments'),
    usage: (months = 6) => r<Record<string, unknown>>(`/user/subscription/usage-stats?months=${months}`),
    gateways: async () =>
      listOf<{ id?: string; name: string; display_name?: string; enabled?: boolean }>(
        await r<unknown>('/payment/gateways'),
        'gateways',
      ),
    verifyPayment: (gateway: string, transaction_data: Record<string, unknown>) =>
      r<Record<string, unknown>>('/payment/verify', { json: { gateway, transaction_data } }),
    trends: async () => listOf<Trend>(await r<unknown>('/user/trends'), 'trends', 'analytes'),
  };
}
export type PanelApi = ReturnType<typeof panelApi>;
