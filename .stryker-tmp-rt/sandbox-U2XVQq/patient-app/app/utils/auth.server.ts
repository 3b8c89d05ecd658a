// @ts-nocheck
import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import type { PublicUser } from '@reportsaathi/contracts';
import { ApiError, createApi } from './api.server';
import { clearTokenCookie, getToken, setFlashCookie } from './cookies.server';
import { loginPath } from './redirect';

// The root loader and a page's loader run for the same request: ask the API who the user is once.
const seen = new WeakMap<Request, Promise<PublicUser | null>>();

/** The signed-in user, or null. A token the API no longer accepts counts as signed out. */
export function getUser(request: Request, context: AppLoadContext | undefined): Promise<PublicUser | null> {
  if (!getToken(request)) return Promise.resolve(null);
  let found = seen.get(request);
  if (!found) {
    found = createApi(request, context)
      .auth.me()
      .catch((err: unknown) => {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
        throw err;
      });
    seen.set(request, found);
  }
  return found;
}

/**
 * Guard at the top of every user-only loader/action: no valid session → /login?redirectTo=<here>,
 * with the token cookie cleared and an optional message shown on the login page.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext | undefined,
  message?: string,
): Promise<{ user: PublicUser; api: ReturnType<typeof createApi> }> {
  const url = new URL(request.url);
  const headers = new Headers();
  if (message) headers.append('Set-Cookie', setFlashCookie(request, { kind: 'info', message }));
  if (!getToken(request)) throw redirect(loginPath(url.pathname + url.search), { headers });
  const user = await getUser(request, context);
  if (!user) {
    headers.append('Set-Cookie', clearTokenCookie(request));
    throw redirect(loginPath(url.pathname + url.search), { headers });
  }
  return { user, api: createApi(request, context) };
}
