import { ApiError, createApiClient, fileOf, type ApiClient } from '@reportsaathi/contracts/client';

/** Every API path of the back office is under this prefix, on the same origin as the SPA. */
export const API_BASE = '/api/v1';

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

/**
 * The typed API client (contracts/src/client.ts) in browser mode: the httpOnly `admin_token`
 * cookie authenticates (same-origin), unsafe methods carry the CSRF header, errors are ApiError
 * with the server's detail. The token itself is never visible to scripts.
 */
export const api = createApiClient({ baseUrl: API_BASE, browser: true });
export { ApiError };

/**
 * Downloads a file answer (CSV/JSON exports) through an entry's `.raw` call (session cookie, the
 * server's detail on failure) and hands it to the browser under the server's name.
 * `file` asks for it (`c => c.adminUsers.exportCsv.raw({ query })`).
 */
export async function downloadFile(
  file: (client: ApiClient) => Promise<Response>,
  fallbackName: string,
): Promise<string> {
  const { blob, filename } = await fileOf(await file(api), 'export');
  const name = filename && filename !== 'export' ? filename : fallbackName;
  saveBlob(blob, name);
  return name;
}

/** A list answer whose whole length comes in its X-Total-Count header (the moderation queue). */
export async function withTotal<T extends unknown[]>(res: Response): Promise<{ items: T; total: number }> {
  const items = (await res.json()) as T;
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
}

/** Hands a file already fetched (the bulk export ZIP) to the browser under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
