import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import type { TwoFactorSetup } from '@reportsaathi/contracts';
import { requireUser } from './auth.server';
import { setFlashCookie } from './cookies.server';
import { securityPost } from './security-forms';
import { refusal, submitToApi } from './submit.server';

export type Setup = Pick<TwoFactorSetup, 'secret' | 'qr_code'>;

const BACK = '/user/security';
const HIDE = ['password'];

function done(request: Request, kind: 'success' | 'error', message: string) {
  return redirect(BACK, { headers: { 'Set-Cookie': setFlashCookie(request, { kind, message }) } });
}

/** The setup echoed back from the enable form after a wrong code (so the QR need not be redone). */
function setupFrom(secret: unknown, qr: unknown): Setup | undefined {
  if (typeof secret !== 'string' || !/^[A-Z2-7]{16,128}$/.test(secret)) return undefined;
  // Only our own PNG data URL goes back into an <img>, never a caller's arbitrary URL.
  const qrCode = typeof qr === 'string' && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(qr) ? qr : '';
  return { secret, qr_code: qrCode };
}

/**
 * /user/security's action. The setup answers its secret and QR into the page, enabling answers the
 * recovery codes once: neither is ever stored by this app. Sessions' buttons answer with a toast.
 */
export async function securityAction(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const setup = setupFrom(form.get('secret'), form.get('qr_code'));
  const submission = parseWithZod(form, { schema: securityPost });
  if (submission.status !== 'success')
    return data({ intent, setup, result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const post = submission.value;

  switch (post.intent) {
    case 'setup': {
      const sent = await submitToApi(submission, () => api.ownSecurity.setupTwoFactor(), {
        fallback: 'Failed to start two-factor setup',
      });
      if (!sent.ok) return data({ intent, result: sent.reply }, { status: sent.status });
      const { secret, qr_code } = sent.value;
      return { intent, setup: { secret, qr_code }, result: null };
    }
    case 'enable':
      try {
        const r = await api.ownSecurity.enableTwoFactor({
          body: { token: post.token, password: post.password },
        });
        return { intent, recoveryCodes: r.recovery_codes, result: null };
      } catch (err) {
        const { message, status } = refusal(err, 'Failed to enable two-factor authentication');
        // A wrong password is the password's error; anything else the code's.
        const field = /password/i.test(message) ? 'password' : 'token';
        const result = submission.reply({ fieldErrors: { [field]: [message] }, hideFields: HIDE });
        return data({ intent, setup, result }, { status });
      }
    case 'disable': {
      const sent = await submitToApi(
        submission,
        () => api.ownSecurity.disableTwoFactor({ body: { password: post.password } }),
        { fallback: 'Failed to disable two-factor authentication', hideFields: HIDE },
      );
      if (!sent.ok) return data({ intent, result: sent.reply }, { status: sent.status });
      return done(request, 'success', 'Two-factor authentication is off');
    }
    case 'revoke':
      try {
        await api.ownSecurity.revokeSession({ params: { id: post.session_id } });
        return done(request, 'success', 'Session revoked');
      } catch (err) {
        return done(request, 'error', refusal(err, 'Failed to revoke the session').message);
      }
    case 'revoke_others':
      try {
        const r = await api.ownSecurity.revokeOtherSessions();
        return done(request, 'success', r.message);
      } catch (err) {
        return done(request, 'error', refusal(err, 'Failed to sign out other sessions').message);
      }
  }
}
