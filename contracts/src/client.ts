import type { AdminLoginResponse, AdminMe, LoginResponse, PublicUser } from './auth';
import { adminOpsClient } from './client-admin-ops';
import {
  ApiError,
  pathOf,
  type ApiClientOptions,
  type Call,
  type Method,
  type RequestOptions,
} from './client-core';
import type { contract } from './contract';
import type { BodyOf } from './endpoint';
import { ADDRESSES } from './endpoint-addresses';
import { CSRF_COOKIE, CSRF_HEADER } from './constants';
import { adminClient } from './client-admin';
import {
  adminSecurityCalls,
  ownSecurityCalls,
  type AdminLoginStep,
  type SecondFactor,
  type UserLoginStep,
} from './client-security';
import type { GuestRateLimits, GuestReport, GuestSession } from './guest';
import type { ReportListResponse, ReportStatus, UserReport } from './reports';
import { userQueryString, userCalls, type ReportsPage, type ReportsPageQuery } from './client-user';
import { shareLinkCalls, sharedCalls } from './client-share-links';
import { fhirCalls } from './client-fhir';

/**
 * The typed API client both apps use: the patient app's server (bearer token from its cookie),
 * the guest analyzer and the back office in the browser (httpOnly cookie + double-submit CSRF
 * header). No framework and no zod here, so it stays small in a browser bundle.
 */

/** The client's public face (`@reportsaathi/contracts/client`) includes its shared types and error. */
export { ApiError, type ApiClientOptions, type RequestOptions } from './client-core';

type Contract = typeof contract;

export const API_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = 'The request timed out. Please try again.';
export const NETWORK_MESSAGE = 'Network error: the service is unreachable.';

function idempotencyHeader(key: string | undefined): Record<string, string> | undefined {
  return key ? { 'Idempotency-Key': key } : undefined;
}

const UNSAFE = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | null {
  // No DOM types here: the same module runs on servers, where there is no document.
  const doc = (globalThis as { document?: { cookie: string } }).document;
  if (!doc) return null;
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const obj = (body && typeof body === 'object' ? body : {}) as {
    detail?: unknown;
    errors?: unknown;
    code?: unknown;
  };
  const detail =
    typeof obj.detail === 'string' && obj.detail ? obj.detail : statusText || `Request failed (${status})`;
  const errors: Record<string, string> = {};
  if (obj.errors && typeof obj.errors === 'object') {
    for (const [k, v] of Object.entries(obj.errors as Record<string, unknown>))
      if (typeof v === 'string') errors[k] = v;
  }
  return new ApiError(status, detail, errors, typeof obj.code === 'string' ? obj.code : null);
}

export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const method: Method = opts.method ?? (opts.json !== undefined || opts.form ? 'POST' : 'GET');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...options.headers,
      ...opts.headers,
    };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
    if (options.browser && UNSAFE.has(method)) {
      const csrf = readCookie(CSRF_COOKIE);
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers,
        credentials: options.browser ? 'same-origin' : undefined,
        body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
        signal: AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ApiError(0, timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
    }
    if (opts.raw && res.ok) return res as T;
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.status === 401 && !opts.anonymous && (options.token || options.browser))
      options.onUnauthorized?.();
    if (!res.ok) throw errorFrom(res.status, res.statusText, body);
    return body as T;
  }

  const call: Call = (address, input = {}) => {
    const method = address.method.toUpperCase() as Method;
    const path = pathOf(address.path, input.params) + userQueryString(input.query ?? {});
    return request(path, { method, json: input.body });
  };

  const guestPath = (sid: string) => `/guest/session/${encodeURIComponent(sid)}`;
  const fileForm = (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return form;
  };

  return {
    request,
    ...adminOpsClient(request, base, options),
    auth: {
      /** A session, or (two-factor sign-in on) the challenge for `loginSecondStep`. */
      login: (email: string, password: string) =>
        request<UserLoginStep>('/auth/login', { json: { email, password }, anonymous: true }),
      loginSecondStep: (input: SecondFactor) =>
        request<LoginResponse>('/auth/login/2fa', { json: input, anonymous: true }),
      register: (email: string, password: string, full_name: string) =>
        request<{ user: PublicUser }>('/auth/register', {
          json: { email, password, full_name },
          anonymous: true,
        }),
      me: () => request<PublicUser>('/auth/me', { anonymous: true }),
      logout: () => request<{ message: string }>('/auth/logout', { method: 'POST', anonymous: true }),
    },
    security: ownSecurityCalls(request, '/security'),
    shareLinks: shareLinkCalls(call),
    shared: sharedCalls(request),
    fhir: fhirCalls(request),
    reports: {
      list: () => request<ReportListResponse>('/reports'),
      /** One page of the user's reports, newest first; `status` narrows it (e.g. what still runs). */
      page: (query: ReportsPageQuery = {}) => request<ReportsPage>(`/reports${userQueryString(query)}`),
      get: (id: number) => request<UserReport>(`/reports/${id}`),
      /** `idempotencyKey`: the same key again within 24 hours returns the first report. */
      upload: (form: FormData, idempotencyKey?: string) =>
        request<{ id: number; report_id: number; status: ReportStatus }>('/reports/upload', {
          form,
          headers: idempotencyHeader(idempotencyKey),
        }),
      analyze: (id: number) =>
        request<{ id: number; status: ReportStatus }>(`/reports/${id}/analyze`, { method: 'POST' }),
      remove: (id: number) => request<{ message: string }>(`/reports/${id}`, { method: 'DELETE' }),
    },
    chats: {
      list: (reportId: number) =>
        call<Contract['chats']['list']>(ADDRESSES.chats.list, { params: { id: reportId } }),
      send: (reportId: number, message: string) =>
        call<Contract['chats']['send']>(ADDRESSES.chats.send, { body: { report_id: reportId, message } }),
    },
    feedback: {
      send: (input: BodyOf<Contract['feedback']['create']>) =>
        call<Contract['feedback']['create']>(ADDRESSES.feedback.create, { body: input }),
    },
    user: {
      ...userCalls(request, call),
    },
    guest: {
      createSession: () => request<GuestSession>('/guest/session', { method: 'POST' }),
      getSession: (sid: string) => request<GuestSession>(guestPath(sid)),
      rateLimits: (sid: string) => request<GuestRateLimits>(`${guestPath(sid)}/rate-limits`),
      upload: (sid: string, file: Blob, name: string, idempotencyKey?: string) =>
        request<{ report_id: number; message: string }>(`${guestPath(sid)}/upload`, {
          form: fileForm(file, name),
          headers: idempotencyHeader(idempotencyKey),
        }),
      analyze: (sid: string, rid: number) =>
        request<{ report_id: number; status: ReportStatus; message: string }>(
          `${guestPath(sid)}/reports/${rid}/analyze`,
          {
            method: 'POST',
          },
        ),
      report: (sid: string, rid: number) => request<GuestReport>(`${guestPath(sid)}/reports/${rid}`),
      list: (sid: string) => request<{ reports: GuestReport[] }>(`${guestPath(sid)}/reports`),
    },
    admin: {
      login: (username: string, password: string) =>
        request<AdminLoginStep>('/admin/login', { json: { username, password }, anonymous: true }),
      loginSecondStep: (input: SecondFactor) =>
        request<AdminLoginResponse>('/admin/login/2fa', { json: input, anonymous: true }),
      security: adminSecurityCalls(request),
      me: () => request<AdminMe>('/admin/me'),
      logout: () => request<{ message: string }>('/admin/logout', { method: 'POST' }),
      ...adminClient(request, base, options.token, call),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** GET /admin/stats: each block only when the admin holds its permission. */
export type { AdminStats } from './admin';
