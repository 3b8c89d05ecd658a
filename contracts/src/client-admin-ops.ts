import type {
  AdminPaymentsQuery,
  AdminSubscriptionsQuery,
  AuditLogQuery,
  BulkExportRequest,
  BulkModerateRequest,
  CancelSubscriptionRequest,
  CreatePlanRequest,
  MaintenanceModeRequest,
  MaintenanceStatus,
  ModerateRequest,
  ModerationContentType,
  ModerationQueue,
  ModerationQueueQuery,
  RefundPaymentRequest,
  SettingsQuery,
  UpdatePlanRequest,
  UpdateSettingRequest,
  UpdateSubscriptionRequest,
} from './admin-ops';
import { callThrough } from './client-call';
import type { ApiClientOptions, RequestOptions } from './client-core';
import { ApiError, pathOf } from './client-core';
import { userQueryString } from './client-user';
import { CSRF_COOKIE, CSRF_HEADER } from './constants';
import type { contract } from './contract';
import type { EndpointAddress } from './endpoint';
import { ADDRESSES } from './endpoint-addresses';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;
type C = typeof contract;

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
  const call = callThrough(request);

  /** A file answer: the address's method and path, the query string, and a JSON body when given. */
  async function download(
    address: EndpointAddress,
    input: { query?: object; json?: unknown } = {},
  ): Promise<DownloadedFile> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (input.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      const csrf = options.browser ? cookie(CSRF_COOKIE) : null;
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    const res = await fetch(base + pathOf(address.path) + userQueryString(input.query), {
      method: address.method.toUpperCase(),
      headers,
      credentials: options.browser ? 'same-origin' : undefined,
      body: input.json === undefined ? undefined : JSON.stringify(input.json),
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

  const A = ADDRESSES;
  const item = (type: ModerationContentType, id: number) => ({ type, id });

  return {
    adminAudit: {
      logs: (query?: AuditLogQuery) => call<C['adminAudit']['logs']>(A.adminAudit.logs, { query }),
      log: (id: number) => call<C['adminAudit']['log']>(A.adminAudit.log, { params: { id } }),
      exportCsvPath: (query?: AuditLogQuery) => pathOf(A.adminAudit.exportCsv.path) + userQueryString(query),
      exportCsv: (query?: AuditLogQuery) => download(A.adminAudit.exportCsv, { query }),
      actions: () => call<C['adminAudit']['actions']>(A.adminAudit.actions),
      resourceTypes: () => call<C['adminAudit']['resourceTypes']>(A.adminAudit.resourceTypes),
      stats: (days = 30) => call<C['adminAudit']['stats']>(A.adminAudit.stats, { query: { days } }),
    },
    adminExport: {
      options: () => call<C['adminExport']['options']>(A.adminExport.options),
      /** The ZIP: one file per type plus metadata.json. */
      bulkExport: (input: BulkExportRequest) => download(A.adminExport.bulkExport, { json: input }),
    },
    adminModeration: {
      stats: () => call<C['adminModeration']['stats']>(A.adminModeration.stats),
      queue: (query?: ModerationQueueQuery) =>
        call<C['adminModeration']['queue']>(A.adminModeration.queue, { query }),
      /** One page of the queue and the queue's whole length (its X-Total-Count header). */
      queuePage: async (query?: ModerationQueueQuery) => {
        const path = pathOf(A.adminModeration.queue.path) + userQueryString(query);
        const res = await request<Response>(path, { raw: true });
        const items = (await res.json()) as ModerationQueue;
        return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
      },
      content: (type: ModerationContentType, id: number) =>
        call<C['adminModeration']['content']>(A.adminModeration.content, { params: item(type, id) }),
      moderate: (type: ModerationContentType, id: number, input: ModerateRequest) =>
        call<C['adminModeration']['moderate']>(A.adminModeration.moderate, {
          params: item(type, id),
          body: input,
        }),
      bulkModerate: (type: ModerationContentType, input: BulkModerateRequest) =>
        call<C['adminModeration']['bulkModerate']>(A.adminModeration.bulkModerate, {
          params: { type },
          body: input,
        }),
    },
    adminSettings: {
      list: (query?: SettingsQuery) => call<C['adminSettings']['list']>(A.adminSettings.list, { query }),
      get: (key: string) =>
        call<C['adminSettings']['get']>(A.adminSettings.get, { params: { setting_key: key } }),
      update: (key: string, input: UpdateSettingRequest) =>
        call<C['adminSettings']['update']>(A.adminSettings.update, {
          params: { setting_key: key },
          body: input,
        }),
      initialize: () => call<C['adminSettings']['initialize']>(A.adminSettings.initialize),
      maintenanceMode: (input: MaintenanceModeRequest) =>
        call<C['adminSettings']['maintenanceMode']>(A.adminSettings.maintenanceMode, { body: input }),
      status: () => call<C['adminSettings']['status']>(A.adminSettings.status),
      categories: () => call<C['adminSettings']['categories']>(A.adminSettings.categories),
    },
    adminSubscriptions: {
      dashboard: () => call<C['adminSubscriptions']['dashboard']>(A.adminSubscriptions.dashboard),
      list: (query?: AdminSubscriptionsQuery) =>
        call<C['adminSubscriptions']['list']>(A.adminSubscriptions.list, { query }),
      get: (id: number) => call<C['adminSubscriptions']['get']>(A.adminSubscriptions.get, { params: { id } }),
      update: (id: number, input: UpdateSubscriptionRequest) =>
        call<C['adminSubscriptions']['update']>(A.adminSubscriptions.update, { params: { id }, body: input }),
      cancel: (id: number, input: CancelSubscriptionRequest) =>
        call<C['adminSubscriptions']['cancel']>(A.adminSubscriptions.cancel, { params: { id }, body: input }),
      plans: () => call<C['adminSubscriptions']['plans']>(A.adminSubscriptions.plans),
      createPlan: (input: CreatePlanRequest) =>
        call<C['adminSubscriptions']['createPlan']>(A.adminSubscriptions.createPlan, { body: input }),
      updatePlan: (id: number, input: UpdatePlanRequest) =>
        call<C['adminSubscriptions']['updatePlan']>(A.adminSubscriptions.updatePlan, {
          params: { id },
          body: input,
        }),
      payments: (query?: AdminPaymentsQuery) =>
        call<C['adminSubscriptions']['payments']>(A.adminSubscriptions.payments, { query }),
      payment: (id: number) =>
        call<C['adminSubscriptions']['payment']>(A.adminSubscriptions.payment, { params: { id } }),
      refund: (id: number, input: RefundPaymentRequest) =>
        call<C['adminSubscriptions']['refund']>(A.adminSubscriptions.refund, { params: { id }, body: input }),
    },
    status: {
      maintenance: () => request<MaintenanceStatus>(pathOf(A.status.maintenance.path), { anonymous: true }),
    },
  };
}
