import type { Request, Response } from 'express';
import { CSRF_COOKIE } from '@reportsaathi/contracts';
import { csrfTokenForToken, tokenIssuedLifetimeMs, type TokenKind } from '../platform/sessions/tokens';

/**
 * The token cookie is httpOnly and SameSite=Lax (Secure under HTTPS); beside it a readable
 * csrf_token cookie the page echoes in a header (http/actor.ts). The CSRF token is the new
 * session's own (tokens.ts), so it changes at every sign-in: one sent before is never kept.
 */
export function setAuthCookies(
  req: Request,
  res: Response,
  name: string,
  token: string,
  kind: TokenKind,
  secret: string,
): void {
  const maxAge = tokenIssuedLifetimeMs(token, kind);
  const secure = req.secure;
  res.cookie(name, token, { httpOnly: true, sameSite: 'lax', secure, maxAge, path: '/' });
  const csrf = csrfTokenForToken(secret, token);
  res.cookie(CSRF_COOKIE, csrf, { httpOnly: false, sameSite: 'lax', secure, maxAge, path: '/' });
}

export function clearAuthCookie(req: Request, res: Response, name: string): void {
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
