import type { Request, RequestHandler } from 'express';
import {
  ADMIN_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  USER_COOKIE,
  hasAllPermissions,
  type Permission,
} from '@reportsaathi/contracts';
import type { Admin, DB, User } from '@reportsaathi/db';
import type { AppDeps } from '../context';
import { verifyToken, type TokenKind } from '../features/sessions/tokens';
import { AppError, forbidden, route, unauthorized } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
    admin?: Admin;
    sessionId?: string;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where the token came from decides whether the CSRF check applies. */
function readToken(req: Request, cookieName: string): { token: string; viaCookie: boolean } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), viaCookie: false };
  const cookie = req.cookies?.[cookieName] as string | undefined;
  return cookie ? { token: cookie, viaCookie: true } : null;
}

/**
 * Double-submit CSRF: a browser sends cookies on its own, so a cookie-authenticated
 * mutation must also prove it can read the csrf_token cookie (same origin) by echoing it.
 */
function checkCsrf(req: Request): void {
  if (!MUTATING.has(req.method)) return;
  const cookie = req.cookies?.[CSRF_COOKIE] as string | undefined;
  const header = req.get(CSRF_HEADER);
  if (!cookie || !header || cookie !== header) throw forbidden('CSRF token missing or invalid');
}

async function authenticate(
  deps: AppDeps,
  req: Request,
  kind: TokenKind,
): Promise<{ subjectId: number; sessionId: string } | null> {
  const found = readToken(req, kind === 'user' ? USER_COOKIE : ADMIN_COOKIE);
  if (!found) return null;
  const verified = await verifyToken(deps.db, deps.jwtSecret, kind, found.token);
  if (!verified) return null;
  if (found.viaCookie) checkCsrf(req);
  return verified;
}

function loadUser(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

function loadAdmin(db: DB, id: number) {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Who may call: a signed-in, active user. Sets req.user. */
export function requireUser(deps: AppDeps): RequestHandler {
  return route(async (req, _res, next) => {
    const auth = await authenticate(deps, req, 'user');
    if (!auth) throw unauthorized('Could not validate credentials');
    const user = await loadUser(deps.db, auth.subjectId);
    if (!user) throw unauthorized('Could not validate credentials');
    if (!user.is_active) throw new AppError(403, 'Account is deactivated. Please contact support.');
    req.user = user;
    req.sessionId = auth.sessionId;
    next();
  });
}

/** Who may call: a signed-in, active admin holding every listed permission. Sets req.admin. */
export function requireAdmin(deps: AppDeps, ...permissions: Permission[]): RequestHandler {
  return route(async (req, _res, next) => {
    const auth = await authenticate(deps, req, 'admin');
    if (!auth) throw unauthorized('Could not validate admin credentials');
    const admin = await loadAdmin(deps.db, auth.subjectId);
    if (!admin || !admin.is_active) throw unauthorized('Could not validate admin credentials');
    if (!hasAllPermissions(admin.role, permissions)) throw forbidden("You don't have permission to do this");
    req.admin = admin;
    req.sessionId = auth.sessionId;
    next();
  });
}

export function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}
