import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { USER_MESSAGES } from '@reportsaathi/contracts/user';
import type { Api } from './api.server';
import { requireUser } from './auth.server';
import { clearTokenCookie, setFlashCookie } from './cookies.server';
import { profilePost, type ProfileIntent, type ProfilePost } from './profile-forms';
import { submitToApi } from './submit.server';

/** Passwords typed on the page never come back into it. */
const HIDE = ['current_password', 'new_password', 'confirm_password'];

/** What each intent shows when the API did not answer. */
const FALLBACK: Record<ProfileIntent, string> = {
  profile: 'Failed to update profile',
  password: 'Failed to change password',
  retention: 'Failed to update data retention settings',
  anonymize: 'Failed to anonymize data',
  deactivate: 'Failed to deactivate account',
};

function back(request: Request, kind: 'success' | 'error' | 'info', message: string, to = '/user/profile') {
  return redirect(to, { headers: { 'Set-Cookie': setFlashCookie(request, { kind, message }) } });
}

/** The API call of one form and the toast its success shows. */
async function send(request: Request, api: Api, post: ProfilePost): Promise<Response> {
  switch (post.intent) {
    case 'profile': {
      const { intent: _i, ...body } = post;
      const res = await api.user.updateProfile({ body });
      // A new address is only asked for: the message says a link went to it (decision 230).
      return res.email_change_requested
        ? back(request, 'info', res.message)
        : back(request, 'success', USER_MESSAGES.profileUpdated);
    }
    case 'password':
      await api.user.changePassword({
        body: { current_password: post.current_password, new_password: post.new_password },
      });
      return back(request, 'success', USER_MESSAGES.passwordChanged);
    case 'retention': {
      const { intent: _i, ...body } = post;
      await api.privacy.updateRetention({ body });
      return back(request, 'success', USER_MESSAGES.retentionUpdated);
    }
    case 'anonymize': {
      const { intent: _i, ...body } = post;
      const res = await api.privacy.anonymize({ body });
      const counts = Object.entries(res.anonymized_counts)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      return back(request, 'success', `Data anonymization completed. Anonymized: ${counts}`);
    }
    case 'deactivate': {
      await api.user.deactivate();
      // The account is closed: the session goes with it, and the login page says how to come back.
      const headers = new Headers();
      headers.append('Set-Cookie', clearTokenCookie(request));
      headers.append(
        'Set-Cookie',
        setFlashCookie(request, {
          kind: 'info',
          message: 'Your account has been deactivated. Please contact support to reactivate it.',
        }),
      );
      return redirect('/login', { headers });
    }
  }
}

/** /user/profile's action: the posted form checked, sent, and answered with a toast or its reply. */
export async function profileAction(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const submission = parseWithZod(form, { schema: profilePost });
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const post = submission.value;
  const sent = await submitToApi(submission, () => send(request, api, post), {
    fallback: FALLBACK[post.intent],
    hideFields: HIDE,
  });
  return sent.ok ? sent.value : data({ intent, result: sent.reply }, { status: sent.status });
}
