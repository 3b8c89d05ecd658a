import { adminOpsClient } from './client-admin-ops';
import { callThrough, downloadThrough } from './client-call';
import { ApiError, type ApiClientOptions, type Method, type RequestOptions } from './client-core';
import type { contract } from './contract';
import type { BodyOf } from './endpoint';
import { ADDRESSES } from './endpoint-addresses';
import { CSRF_COOKIE, CSRF_HEADER } from './constants';
import { adminClient } from './client-admin';
import { adminSecurityCalls, ownSecurityCalls, type SecondFactor } from './client-security';
import { userCalls, type ReportsPage, type ReportsPageQuery } from './client-user';
import { shareLinkCalls, sharedCalls } from './client-share-links';
import { fhirCalls } from './client-fhir';
import { accountCalls } from './client-account';
import type { RegisterRequest } from './auth';

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

/** Sign-in calls: a 401 there is an answer (wrong password), not an ended session. */
const ANONYMOUS = { anonymous: true } as const;

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

  const call = callThrough(request);
  const download = downloadThrough(request);

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
        call<Contract['auth']['login']>(ADDRESSES.auth.login, { body: { email, password } }, ANONYMOUS),
      loginSecondStep: (input: SecondFactor) =>
        call<Contract['auth']['loginSecondStep']>(ADDRESSES.auth.loginSecondStep, { body: input }, ANONYMOUS),
      /** `extra`: language, the two consents, the guest session whose analyses move in. */
      register: (
        email: string,
        password: string,
        full_name: string,
        extra: Omit<RegisterRequest, 'email' | 'password' | 'full_name'> = {},
      ) =>
        call<Contract['auth']['register']>(
          ADDRESSES.auth.register,
          { body: { email, password, full_name, ...extra } },
          ANONYMOUS,
        ),
      me: () => call<Contract['auth']['me']>(ADDRESSES.auth.me, {}, ANONYMOUS),
      logout: () => call<Contract['auth']['logout']>(ADDRESSES.auth.logout, {}, ANONYMOUS),
    },
    account: accountCalls(call),
    security: ownSecurityCalls(call, 'ownSecurity'),
    shareLinks: shareLinkCalls(call),
    shared: sharedCalls(call),
    fhir: fhirCalls(download),
    reports: {
      list: () => call<Contract['reports']['list']>(ADDRESSES.reports.list),
      /** One page of the user's reports, newest first; `status` narrows it (e.g. what still runs). */
      page: async (query: ReportsPageQuery = {}): Promise<ReportsPage> => {
        // With a page number the answer is always a page (the first by default, as without one).
        const answer = await call<Contract['reports']['list']>(ADDRESSES.reports.list, {
          query: { page: 1, ...query },
        });
        if (!('page' in answer)) throw new ApiError(500, 'The reports answer is not a page');
        return answer;
      },
      get: (id: number) => call<Contract['reports']['get']>(ADDRESSES.reports.get, { params: { id } }),
      /** `idempotencyKey`: the same key again within 24 hours returns the first report. */
      upload: (form: FormData, idempotencyKey?: string) =>
        call<Contract['reports']['upload']>(
          ADDRESSES.reports.upload,
          {},
          { form, headers: idempotencyHeader(idempotencyKey) },
        ),
      analyze: (id: number) =>
        call<Contract['reports']['analyze']>(ADDRESSES.reports.analyze, { params: { id } }),
      explain: (id: number, language: 'en' | 'hi') =>
        call<Contract['reports']['explain']>(ADDRESSES.reports.explain, {
          params: { id },
          body: { language },
        }),
      remove: (id: number) =>
        call<Contract['reports']['remove']>(ADDRESSES.reports.remove, { params: { id } }),
      /** The value printed on the report, typed by its owner in place of a misread one (decision 243). */
      enterValue: (id: number, position: number, value: string) =>
        call<Contract['reports']['enterValue']>(ADDRESSES.reports.enterValue, {
          params: { id, position },
          body: { value },
        }),
      /** Back to the value as the engine read it. */
      undoEnteredValue: (id: number, position: number) =>
        call<Contract['reports']['undoEnteredValue']>(ADDRESSES.reports.undoEnteredValue, {
          params: { id, position },
        }),
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
      ...userCalls(call, download),
    },
    guest: {
      createSession: () => call<Contract['guest']['createSession']>(ADDRESSES.guest.createSession),
      getSession: (sid: string) =>
        call<Contract['guest']['session']>(ADDRESSES.guest.session, { params: { sid } }),
      rateLimits: (sid: string) =>
        call<Contract['guest']['rateLimits']>(ADDRESSES.guest.rateLimits, { params: { sid } }),
      /** `language`: the language the guest reads the site in; the explanation is written in it. */
      upload: (sid: string, file: Blob, name: string, idempotencyKey?: string, language?: 'en' | 'hi') =>
        call<Contract['guest']['upload']>(
          ADDRESSES.guest.upload,
          { params: { sid }, query: { language } },
          { form: fileForm(file, name), headers: idempotencyHeader(idempotencyKey) },
        ),
      analyze: (sid: string, rid: number) =>
        call<Contract['guest']['analyze']>(ADDRESSES.guest.analyze, { params: { sid, rid } }),
      report: (sid: string, rid: number) =>
        call<Contract['guest']['report']>(ADDRESSES.guest.report, { params: { sid, rid } }),
      list: (sid: string) => call<Contract['guest']['reports']>(ADDRESSES.guest.reports, { params: { sid } }),
    },
    admin: {
      login: (username: string, password: string) =>
        call<Contract['staffSession']['login']>(
          ADDRESSES.staffSession.login,
          { body: { username, password } },
          ANONYMOUS,
        ),
      loginSecondStep: (input: SecondFactor) =>
        call<Contract['staffSession']['loginSecondStep']>(
          ADDRESSES.staffSession.loginSecondStep,
          { body: input },
          ANONYMOUS,
        ),
      security: adminSecurityCalls(request),
      me: () => call<Contract['staffSession']['me']>(ADDRESSES.staffSession.me),
      logout: () => call<Contract['staffSession']['logout']>(ADDRESSES.staffSession.logout),
      ...adminClient(request, base, options.token, call),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** GET /admin/stats: each block only when the admin holds its permission. */
export type { AdminStats } from './admin';
