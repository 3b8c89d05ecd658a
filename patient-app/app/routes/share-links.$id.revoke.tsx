import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { failure } from '../utils/load.server';
import { safeRedirect } from '../utils/redirect';

/** Turns off one of the user's share links, then back to the page it was turned off from. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/security');
  const id = Number(params.id);
  let flash: { kind: 'success' | 'error'; message: string };
  if (!/^\d{1,9}$/.test(params.id ?? '')) flash = { kind: 'error', message: 'Share link not found' };
  else {
    try {
      flash = { kind: 'success', message: (await api.shareLinks.revoke({ params: { id } })).message };
    } catch (err) {
      flash = { kind: 'error', message: failure(err, 'Failed to turn off the link') };
    }
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

export const loader = () => redirect('/user/security');
