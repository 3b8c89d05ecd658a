import type {
  AdminPayment,
  AdminPaymentsList,
  AdminPaymentsQuery,
  AdminPlan,
  AdminPlans,
  AdminSubscription,
  AdminSubscriptionDetail,
  AdminSubscriptionsList,
  AdminSubscriptionsQuery,
  AuditActions,
  AuditLog,
  AuditLogList,
  AuditLogQuery,
  AuditResourceTypes,
  AuditStats,
  BulkExportRequest,
  BulkModerateAnswer,
  BulkModerateRequest,
  CancelSubscriptionRequest,
  RefundPaymentRequest,
  RefundPaymentResult,
  CreatePlanRequest,
  ExportOptions,
  MaintenanceModeRequest,
  MaintenanceStatus,
  ModerateAnswer,
  ModerateRequest,
  ModerationContentDetail,
  ModerationContentType,
  ModerationQueue,
  ModerationQueueQuery,
  ModerationStats,
  OpsMessage,
  SettingCategories,
  SettingsList,
  SettingsQuery,
  SubscriptionDashboard,
  SystemSetting,
  SystemStatus,
  UpdatePlanRequest,
  UpdateSettingRequest,
  UpdateSubscriptionRequest,
} from './admin-ops';
import type { ApiClientOptions, RequestOptions } from './client-core';
import { ApiError } from './client-core';
import { CSRF_COOKIE, CSRF_HEADER } from './constants';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** '?a=1&b=x' from a filter object; empty, null and undefined values are left out. */
function qs(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function cookie(name: string): string | null {
  const doc = (globalThis as { document?: { cookie: string } }).document;
  if (!doc) return null;
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The back office's calls for audit logs, bulk export, moderation, settings and subscriptions,
 * plus the public maintenance status the patient pages read. Files (the audit CSV, the export
 * ZIP) come back as a Blob with their file name, fetched with the client's credentials.
 */
export function adminOpsClient(request: Request, base: string, options: ApiClientOptions) {
  async function download(path: string, json?: unknown): Promise<DownloadedFile> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      const csrf = options.browser ? cookie(CSRF_COOKIE) : null;
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    const res = await fetch(base + path, {
      method: json === undefined ? 'GET' : 'POST',
      headers,
      credentials: options.browser ? 'same-origin' : undefined,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    if (!res.ok) {
      let detail = res.statusText || `Request failed (${res.status})`;
      try {
        const body = (await res.json()) as { detail?: unknown };
        if (typeof body.detail === 'string') detail = body.detail;
      } catch {
        // not JSON: keep the status text
      }
      if (res.status === 401) options.onUnauthorized?.();
      throw new ApiError(res.status, detail);
    }
    const disposition = res.headers.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
    return { blob: await res.blob(), filename };
  }

  const moderationPath = (type: ModerationContentType, id: number) =>
    `/admin/moderation/content/${type}/${id}`;

  return {
    adminAudit: {
      logs: (query?: AuditLogQuery) => request<AuditLogList>(`/admin/audit/logs${qs(query)}`),
      log: (id: number) => request<AuditLog>(`/admin/audit/logs/${id}`),
      exportCsvPath: (query?: AuditLogQuery) => `/admin/audit/logs/export/csv${qs(query)}`,
      exportCsv: (query?: AuditLogQuery) => download(`/admin/audit/logs/export/csv${qs(query)}`),
      actions: () => request<AuditActions>('/admin/audit/actions'),
      resourceTypes: () => request<AuditResourceTypes>('/admin/audit/resource-types'),
      stats: (days = 30) => request<AuditStats>(`/admin/audit/stats?days=${days}`),
    },
    adminExport: {
      options: () => request<ExportOptions>('/admin/export/export-options'),
      /** The ZIP: one file per type plus metadata.json. */
      bulkExport: (input: BulkExportRequest) => download('/admin/export/bulk-export', input),
    },
    adminModeration: {
      stats: () => request<ModerationStats>('/admin/moderation/queue/stats'),
      queue: (query?: ModerationQueueQuery) =>
        request<ModerationQueue>(`/admin/moderation/queue${qs(query)}`),
      /** One page of the queue and the queue's whole length (its X-Total-Count header). */
      queuePage: async (query?: ModerationQueueQuery) => {
        const res = await request<Response>(`/admin/moderation/queue${qs(query)}`, { raw: true });
        const items = (await res.json()) as ModerationQueue;
        return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
      },
      content: (type: ModerationContentType, id: number) =>
        request<ModerationContentDetail>(moderationPath(type, id)),
      moderate: (type: ModerationContentType, id: number, input: ModerateRequest) =>
        request<ModerateAnswer>(`${moderationPath(type, id)}/moderate`, { json: input }),
      bulkModerate: (type: ModerationContentType, input: BulkModerateRequest) =>
        request<BulkModerateAnswer>(`/admin/moderation/content/${type}/bulk-moderate`, { json: input }),
    },
    adminSettings: {
      list: (query?: SettingsQuery) => request<SettingsList>(`/admin/settings/${qs(query)}`),
      get: (key: string) => request<SystemSetting>(`/admin/settings/${encodeURIComponent(key)}`),
      update: (key: string, input: UpdateSettingRequest) =>
        request<SystemSetting>(`/admin/settings/${encodeURIComponent(key)}`, { method: 'PUT', json: input }),
      initialize: () =>
        request<OpsMessage & { created: number }>('/admin/settings/initialize', { method: 'POST' }),
      maintenanceMode: (input: MaintenanceModeRequest) =>
        request<OpsMessage & { maintenance_mode: boolean }>('/admin/settings/maintenance-mode', {
          json: input,
        }),
      status: () => request<SystemStatus>('/admin/settings/status/system'),
      categories: () => request<SettingCategories>('/admin/settings/categories'),
    },
    adminSubscriptions: {
      dashboard: () => request<SubscriptionDashboard>('/admin/subscriptions/dashboard'),
      list: (query?: AdminSubscriptionsQuery) =>
        request<AdminSubscriptionsList>(`/admin/subscriptions/subscriptions${qs(query)}`),
      get: (id: number) => request<AdminSubscriptionDetail>(`/admin/subscriptions/subscriptions/${id}`),
      update: (id: number, input: UpdateSubscriptionRequest) =>
        request<AdminSubscription>(`/admin/subscriptions/subscriptions/${id}`, {
          method: 'PUT',
          json: input,
        }),
      cancel: (id: number, input: CancelSubscriptionRequest) =>
        request<AdminSubscription>(`/admin/subscriptions/subscriptions/${id}/cancel`, { json: input }),
      plans: () => request<AdminPlans>('/admin/subscriptions/plans'),
      createPlan: (input: CreatePlanRequest) =>
        request<AdminPlan>('/admin/subscriptions/plans', { json: input }),
      updatePlan: (id: number, input: UpdatePlanRequest) =>
        request<AdminPlan>(`/admin/subscriptions/plans/${id}`, { method: 'PUT', json: input }),
      payments: (query?: AdminPaymentsQuery) =>
        request<AdminPaymentsList>(`/admin/subscriptions/payments${qs(query)}`),
      payment: (id: number) => request<AdminPayment>(`/admin/subscriptions/payments/${id}`),
      refund: (id: number, input: RefundPaymentRequest) =>
        request<RefundPaymentResult>(`/admin/subscriptions/payments/${id}/refund`, { json: input }),
    },
    status: {
      maintenance: () => request<MaintenanceStatus>('/status/maintenance', { anonymous: true }),
    },
  };
}
