import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { refusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { safeRedirect } from '../utils/redirect';

/** The banner's "Mail me the link again": a new confirmation mail, then back to the page it was on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const back = safeRedirect((await request.formData()).get('back'), '/dashboard');
  try {
    const res = await api.account.resendConfirmation();
    return redirect(back, {
      headers: { 'Set-Cookie': setFlashCookie(request, { kind: 'info', message: res.message }) },
    });
  } catch (err) {
    const { message } = refusal(err, 'Something went wrong. Please try again.');
    return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, { kind: 'error', message }) } });
  }
}

export const loader = () => redirect('/dashboard');
