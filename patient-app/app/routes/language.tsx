import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { createApi } from '../utils/api.server';
import { apiRefusal } from '../utils/submit.server';
import { getToken, setLangCookie } from '../utils/cookies.server';
import { safeRedirect } from '../utils/redirect';

/**
 * POST /language (the header's language switch, decision 221): remembers the choice in a cookie for
 * a guest, and for a signed-in user saves it as the account's language preference as well, then
 * returns to the page the visitor was on. A plain form post: it works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = form.get('lang') === 'hi' ? 'hi' : 'en';
  const to = String(form.get('to') ?? '/');
  // safeRedirect refuses the sign-in pages as targets (they are not where a login should land);
  // switching language on them must stay on them.
  const back = /^\/(login|register)(\?[^#\s]*)?$/.test(to) ? to : safeRedirect(to, '/');
  if (getToken(request)) {
    await createApi(request, context)
      .user.updatePreferences({ body: { language: lang } })
      .catch((err: unknown) => {
        // A session that has just ended still gets the cookie; anything else is a real failure.
        apiRefusal(err);
      });
  }
  return redirect(back, { headers: { 'Set-Cookie': setLangCookie(request, lang) } });
}

export function loader() {
  return redirect('/');
}
