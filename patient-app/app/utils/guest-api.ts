import { CSRF_COOKIE, CSRF_HEADER } from '@reportsaathi/contracts/auth';
import type { GuestRateLimits, GuestReport, GuestSession } from '@reportsaathi/contracts/guest';
import { API_TIMEOUT_MS, GUEST_SESSION_KEY } from './config';

/**
 * The guest analyzer talks to the API straight from the browser (same origin), so the API's per-IP
 * daily limits see the visitor's own address rather than the web server's.
 */
export class GuestApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function csrfToken(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : null;
}

export function guestApi(base: string) {
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    const csrf = csrfToken();
    if (csrf && init.method && init.method !== 'GET') headers.set(CSRF_HEADER, csrf);
    let res: Response;
    try {
      res = await fetch(base + path, {
        ...init,
        headers,
        credentials: 'same-origin',
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (err) {
      throw new GuestApiError(0, err instanceof Error ? err.message : 'Network error');
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const detail = (body as { detail?: unknown } | null)?.detail;
      throw new GuestApiError(res.status, typeof detail === 'string' ? detail : res.statusText);
    }
    return body as T;
  }
  const s = (sid: string) => `/guest/session/${encodeURIComponent(sid)}`;
  return {
    createSession: () => call<GuestSession>('/guest/session', { method: 'POST' }),
    getSession: (sid: string) => call<GuestSession>(s(sid)),
    rateLimits: (sid: string) => call<GuestRateLimits>(`${s(sid)}/rate-limits`),
    upload: (sid: string, file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return call<{ report_id: number; message: string }>(`${s(sid)}/upload`, { method: 'POST', body });
    },
    analyze: (sid: string, rid: number) =>
      call<{ status: string }>(`${s(sid)}/reports/${rid}/analyze`, { method: 'POST' }),
    report: (sid: string, rid: number) => call<GuestReport>(`${s(sid)}/reports/${rid}`),
  };
}

/** SPEC §4: the stored session is restored only while its expires_at is in the future. */
export function loadStoredSession(now = Date.now()): GuestSession | null {
  try {
    const raw = window.localStorage.getItem(GUEST_SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<GuestSession>;
    if (typeof parsed.session_id !== 'string' || typeof parsed.expires_at !== 'string')
      throw new Error('bad');
    if (!(new Date(parsed.expires_at).getTime() > now)) throw new Error('expired');
    return parsed as GuestSession;
  } catch {
    clearStoredSession();
    return null;
  }
}

export function storeSession(session: GuestSession): void {
  try {
    window.localStorage.setItem(GUEST_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Private mode or full storage: the session simply lasts for this page view.
  }
}

export function clearStoredSession(): void {
  try {
    window.localStorage.removeItem(GUEST_SESSION_KEY);
  } catch {
    // ignore
  }
}
