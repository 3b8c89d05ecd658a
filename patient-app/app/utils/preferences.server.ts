import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from './auth.server';
import { setFlashCookie } from './cookies.server';
import { preferencesForm } from './preference-forms';
import { safeRedirect } from './redirect';
import { refusal } from './submit.server';

const FAILED = 'Failed to update preferences';

/** Saves the Preferences form and goes back to the page it was on, with a toast either way. */
export async function preferencesAction(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: preferencesForm });
  const back = safeRedirect(
    submission.status === 'success' ? submission.value.back : undefined,
    '/user/preferences',
  );
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: 'Preferences updated successfully',
  };
  if (submission.status !== 'success') flash = { kind: 'error', message: FAILED };
  else {
    const { back: _back, ...body } = submission.value;
    try {
      await api.user.updatePreferences({ body });
    } catch (err) {
      flash = { kind: 'error', message: refusal(err, FAILED).message };
    }
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}
