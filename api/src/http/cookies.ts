import type { Request, Response } from 'express';
import { CSRF_COOKIE } from '@reportsaathi/contracts';
import { newCsrfToken, tokenIssuedLifetimeMs, type TokenKind } from '../platform/sessions/tokens';

/**
 * The token cookie is httpOnly and SameSite=Lax (Secure under HTTPS); beside it a readable
 * csrf_token cookie for the double-submit check (http/auth.ts).
 */
export function setAuthCookies(
  req: Request,
  res: Response,
  name: string,
  token: string,
  kind: TokenKind,
): void {
  const maxAge = tokenIssuedLifetimeMs(token, kind);
  const secure = req.secure;
  res.cookie(name, token, { httpOnly: true, sameSite: 'lax', secure, maxAge, path: '/' });
  const csrf = (req.cookies?.[CSRF_COOKIE] as string | undefined) || newCsrfToken();
  res.cookie(CSRF_COOKIE, csrf, { httpOnly: false, sameSite: 'lax', secure, maxAge, path: '/' });
}

export function clearAuthCookie(req: Request, res: Response, name: string): void {
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
