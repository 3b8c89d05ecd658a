import {
  ApiError,
  queryString,
  type ApiClientOptions,
  type Method,
  type RequestOptions,
} from './client-core';
import { endpointClient } from './client-endpoints';
import type { contract } from './contract';
import type { AnswerOf } from './endpoint';
import { ADDRESSES } from './endpoint-addresses';
import { CSRF_COOKIE, CSRF_HEADER } from './constants';

/**
 * The typed API client both apps use: the patient app's server (bearer token from its cookie),
 * the guest analyzer and the back office in the browser (httpOnly cookie + double-submit CSRF
 * header). Its calls are derived from the endpoint table (client-endpoints.ts): one function per
 * entry under the entry's own name, e.g. `client.adminUsers.suspend({ params: { id }, query: { reason } })`.
 * No framework and no zod here, so it stays small in a browser bundle.
 */

/** The client's public face (`@reportsaathi/contracts/client`) includes its shared types and error. */
export { ApiError, type ApiClientOptions, type RequestOptions } from './client-core';
export type { EndpointCall, InputOf, SendOptions } from './client-endpoints';
export { fileOf, needsSecondFactor, type DownloadedFile, type SecondFactor } from './client-answers';

type Contract = typeof contract;

export const API_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = 'The request timed out. Please try again.';
export const NETWORK_MESSAGE = 'Network error: the service is unreachable.';

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

  return { request, ...endpointClient<Contract>(ADDRESSES, request, queryString) };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** GET /health: whether the API and its database answer (the back office's System Status). */
export type ServiceHealth = AnswerOf<Contract['health']['live']>;

/** GET /admin/stats: each block only when the admin holds its permission. */
export type { AdminStats } from './admin';
