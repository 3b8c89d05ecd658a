import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ApiError, createApiClient, type ApiClient } from '@reportsaathi/contracts/client';
import { API_TIMEOUT_MS } from './config';
import { clearTokenCookie, getToken } from './cookies.server';
import { loginPath } from './redirect';

export { ApiError };

export function apiBaseUrl(context: AppLoadContext | undefined): string {
  const base =
    context?.apiBaseUrl ?? process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/v1`;
  return base.replace(/\/+$/, '');
}

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//i;

/**
 * The typed API client (contracts/src/client.ts) bound to one request: it sends the `token`
 * cookie as a bearer token and the visitor's address and browser, gives up after 30 s, and
 * turns a 401 into "clear the cookie and go to /login?redirectTo=<this page>".
 */
export function createApi(request: Request, context: AppLoadContext | undefined): Api {
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const headers: Record<string, string> = {};
  if (context?.clientIp) headers['X-Forwarded-For'] = context.clientIp;
  const ua = request.headers.get('User-Agent');
  if (ua) headers['User-Agent'] = ua;
  const baseUrl = apiBaseUrl(context);
  // On the same machine, gzip only costs CPU twice (the API packs, we unpack) and saves nothing.
  if (LOOPBACK.test(baseUrl)) headers['Accept-Encoding'] = 'identity';
  return createApiClient({
    baseUrl,
    token: getToken(request),
    headers,
    timeoutMs: API_TIMEOUT_MS,
    onUnauthorized: () => {
      throw redirect(loginPath(here), { headers: { 'Set-Cookie': clearTokenCookie(request) } });
    },
  });
}
export type Api = ApiClient;

/**
 * GET /reports asked with a page number answers a page (the schema also allows the unpaged list
 * of older callers): the page, or a 500 if the API ever answered the other form.
 */
export function asPage<T extends object>(answer: T): Extract<T, { page: number }> {
  if (!('page' in answer)) throw new ApiError(500, 'The reports answer is not a page');
  return answer as Extract<T, { page: number }>;
}
