import { createApiClient } from '@reportsaathi/contracts/client';
import type { GuestSession } from '@reportsaathi/contracts/guest';
import { API_TIMEOUT_MS, GUEST_SESSION_KEY } from './config';

/**
 * The guest analyzer talks to the API straight from the browser (same origin), so the API's per-IP
 * daily limits see the visitor's own address rather than the web server's.
 */
export function guestApi(base: string) {
  return createApiClient({ baseUrl: base, browser: true, timeoutMs: API_TIMEOUT_MS }).guest;
}

/** The chosen file as the upload's multipart form (the guest upload has no JSON body). */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** The stored session is restored only while its expires_at is in the future. */
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

/**
 * A key per chosen file: a retry of the same upload (a double click, a retry after a dropped
 * connection) returns the first report instead of creating another (decision 091). Not
 * crypto.randomUUID, which browsers offer only on https and localhost.
 */
export function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
