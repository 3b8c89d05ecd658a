import { redirect } from '@remix-run/node';
import { setFlashCookie, setTokenCookie } from './cookies.server';

/** Signed in: the token cookie, the 'Login successful!' toast, on to where the visitor was going. */
export function loggedIn(request: Request, token: string, redirectTo: string) {
  const headers = new Headers();
  headers.append('Set-Cookie', setTokenCookie(request, token));
  headers.append('Set-Cookie', setFlashCookie(request, { kind: 'success', message: 'Login successful!' }));
  return redirect(redirectTo, { headers });
}

/** A six-digit code is the authenticator's; anything else is read as a recovery code. */
export function secondFactorBody(challenge: string, code: string) {
  return /^\d{6}$/.test(code.replace(/\s+/g, '')) ? { challenge, code } : { challenge, recovery_code: code };
}

/** An expired or worn-out challenge needs the password again; a wrong code may be retried. */
export function challengeGone(detail: string): boolean {
  return /expired|not found/i.test(detail);
}
