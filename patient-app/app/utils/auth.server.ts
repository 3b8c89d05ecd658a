import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import type { PublicUser } from '@reportsaathi/contracts';
import { createApi } from './api.server';
import { apiRefusal } from './submit.server';
import { clearTokenCookie, getToken, setFlashCookie } from './cookies.server';
import { loginPath } from './redirect';

// The root loader, the /user layout's and the page's run for the same request: ask the API who the
// user is once. Remix hands each loader its own copy of the Request, so the answer is kept on the load
// context, which is one object per HTTP request. Only for reads: the loaders that run after an action
// in the same request are GETs (the action's own check is a POST, never kept), so they see what the
// action changed.
const seen = new WeakMap<object, Promise<PublicUser | null>>();

/** The signed-in user, or null. A token the API no longer accepts counts as signed out. */
export function getUser(request: Request, context: AppLoadContext | undefined): Promise<PublicUser | null> {
  if (!getToken(request)) return Promise.resolve(null);
  const key = context && (request.method === 'GET' || request.method === 'HEAD') ? context : request;
  let found = seen.get(key);
  if (!found) {
    found = createApi(request, context)
      .auth.me()
      .catch((err: unknown) => {
        const { status } = apiRefusal(err);
        if (status === 401 || status === 403) return null;
        throw err;
      });
    seen.set(key, found);
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

/**
 * requireUser and the page's own API calls at once: the calls need the session token, not the user,
 * so they need not wait for the API's answer about who the user is (one round trip less per page).
 * Signed out: straight to /login without calling anything. A session the API refuses still ends on
 * requireUser's redirect (awaited first), whatever the page's calls answered.
 */
export async function requireUserWith<T>(
  request: Request,
  context: AppLoadContext | undefined,
  load: (api: ReturnType<typeof createApi>) => Promise<T>,
): Promise<{ user: PublicUser; api: ReturnType<typeof createApi>; data: T }> {
  const guard = requireUser(request, context);
  if (!getToken(request)) await guard;
  const api = createApi(request, context);
  const pending = load(api);
  pending.catch(() => undefined);
  const { user } = await guard;
  return { user, api, data: await pending };
}
