import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import type {
  ChatMessage,
  FeedbackRating,
  LoginResponse,
  PublicUser,
  ReportListResponse,
  ReportStatus,
  UserReport,
} from '@reportsaathi/contracts';
import { API_TIMEOUT_MS } from './config';
import { clearTokenCookie, getToken } from './cookies.server';
import { loginPath } from './redirect';

/** A failed API call: the server's `detail` (SPEC §8), or the transport message when there was no answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: Record<string, string>;
  constructor(status: number, detail: string, errors: Record<string, string> = {}) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}

export function apiBaseUrl(context: AppLoadContext | undefined): string {
  const base =
    context?.apiBaseUrl ?? process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/v1`;
  return base.replace(/\/+$/, '');
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  /** Login answers 401 for a wrong password; that must not log anyone out. */
  redirectOn401?: boolean;
}

/**
 * The typed API client bound to one request: it sends the `token` cookie as a bearer token, gives up
 * after 30 s, and turns a 401 into "clear the cookie and go to /login?redirectTo=<this page>".
 */
export function createApi(request: Request, context: AppLoadContext | undefined) {
  const base = apiBaseUrl(context);
  const token = getToken(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;

  async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
    const headers = new Headers({ Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (opts.json !== undefined) headers.set('Content-Type', 'application/json');
    if (context?.clientIp) headers.set('X-Forwarded-For', context.clientIp);
    const ua = request.headers.get('User-Agent');
    if (ua) headers.set('User-Agent', ua);
    let res: Response;
    try {
      res = await fetch(base + path, {
        method: opts.method ?? (opts.json !== undefined || opts.body ? 'POST' : 'GET'),
        headers,
        body: opts.body ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ApiError(
        0,
        timedOut ? 'The request timed out. Please try again.' : 'Network error: the service is unreachable.',
      );
    }
    if (res.status === 401 && opts.redirectOn401 !== false && token) {
      throw redirect(loginPath(here), { headers: { 'Set-Cookie': clearTokenCookie(request) } });
    }
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    if (!res.ok) {
      const obj = (body && typeof body === 'object' ? body : {}) as { detail?: unknown; errors?: unknown };
      const detail =
        typeof obj.detail === 'string' ? obj.detail : res.statusText || `Request failed (${res.status})`;
      const errors: Record<string, string> = {};
      if (obj.errors && typeof obj.errors === 'object') {
        for (const [k, v] of Object.entries(obj.errors as Record<string, unknown>)) {
          if (typeof v === 'string') errors[k] = v;
        }
      }
      throw new ApiError(res.status, detail, errors);
    }
    return body as T;
  }

  return {
    token,
    login: (email: string, password: string) =>
      call<LoginResponse>('/auth/login', { json: { email, password }, redirectOn401: false }),
    register: (email: string, password: string, full_name: string) =>
      call<{ user: PublicUser }>('/auth/register', {
        json: { email, password, full_name },
        redirectOn401: false,
      }),
    me: () => call<PublicUser>('/auth/me', { redirectOn401: false }),
    logout: () => call<unknown>('/auth/logout', { method: 'POST', redirectOn401: false }),
    listReports: () => call<ReportListResponse>('/reports'),
    getReport: (id: number) => call<UserReport>(`/reports/${id}`),
    upload: (form: FormData) =>
      call<{ id: number; report_id: number; status: ReportStatus }>('/reports/upload', { body: form }),
    analyze: (id: number) => call<{ status: ReportStatus }>(`/reports/${id}/analyze`, { method: 'POST' }),
    deleteReport: (id: number) => call<{ message: string }>(`/reports/${id}`, { method: 'DELETE' }),
    listChats: (reportId: number) => call<{ chats: ChatMessage[] }>(`/chats/report/${reportId}`),
    sendChat: (reportId: number, message: string) =>
      call<ChatMessage>('/chats/', { json: { report_id: reportId, message } }),
    sendFeedback: (input: {
      report_id: number;
      chat_id?: number | null;
      rating: FeedbackRating;
      comment?: string;
    }) => call<{ id: number }>('/feedback/', { json: input }),
  };
}
export type Api = ReturnType<typeof createApi>;
