import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { createApi } from '../utils/api.server';
import { clearTokenCookie, getToken } from '../utils/cookies.server';

/**
 * Logout revokes the session in the API, clears the cookie and goes home; the user panel's
 * logout button goes to /login instead, as the panel's top bar asks.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const to = form?.get('to') === '/login' ? '/login' : '/';
  if (getToken(request)) {
    // Best effort: a dead API or an already-revoked token must not keep the cookie alive.
    await createApi(request, context)
      .auth.logout()
      .catch(() => undefined);
  }
  return redirect(to, { headers: { 'Set-Cookie': clearTokenCookie(request) } });
}

// A GET (typed URL, old bookmark) does not log out; it just goes home.
export function loader() {
  return redirect('/');
}
