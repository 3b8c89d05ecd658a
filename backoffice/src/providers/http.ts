import { CSRF_COOKIE, CSRF_HEADER } from '@reportsaathi/contracts/auth';

/** Every API path of the back office is under this prefix, on the same origin as the SPA. */
export const API_BASE = '/api/v1';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Which sign-in a request belongs to. It moves on at every login and logout, so an answer to a
 * request sent under an earlier session (say a 401 that arrives after the admin signed in
 * again) can be recognised and ignored instead of signing the new session out.
 */
let epoch = 0;
export function sessionEpoch(): number {
  return epoch;
}
export function nextSessionEpoch(): number {
  epoch += 1;
  return epoch;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * The double-submit CSRF header: the API refuses a cookie-authenticated POST/PUT/PATCH/DELETE
 * unless this header equals the readable `csrf_token` cookie it set at login.
 */
export function csrfHeaders(method: string): Record<string, string> {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return {};
  const token = readCookie(CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}

/** A failed call: the HTTP status (0 when the request never got an answer) and a message for people. */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
  }
}

/** The `detail` of an error body `{"detail": "..."}`, if there is one. */
export function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return undefined;
}

/**
 * fetch for the admin API: the httpOnly `admin_token` cookie authenticates (credentials
 * 'same-origin'), unsafe methods carry the CSRF header, errors become ApiError with the server's
 * detail. The token itself is never visible to scripts.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; fallbackMessage?: string } = {},
): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', ...csrfHeaders(method) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      detailOf(body) ?? init.fallbackMessage ?? `Request failed with status ${response.status}`,
    );
  }
  return body as T;
}
