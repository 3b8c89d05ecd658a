import type { Request } from 'express';
import {
  ADMIN_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  DEACTIVATED_ACCOUNT,
  USER_COOKIE,
  hasAllPermissions,
  type Permission,
} from '@reportsaathi/contracts';
import type { Admin, DB, User } from '@reportsaathi/db';
import type { AppDeps } from '../context';
import { csrfTokenMatches, verifyToken, type TokenKind } from '../platform/sessions/tokens';
import { recordSecurityEvent } from '../platform/security/security-events';
import type { Access } from '../kernel/access';
import { clientIp, requestInfo, type ActorFor, type AdminActor, type UserActor } from '../kernel/principal';
import { AppError, forbidden, unauthorized } from '../kernel/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where the token came from decides whether the CSRF check applies. */
function readToken(req: Request, cookieName: string): { token: string; viaCookie: boolean } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), viaCookie: false };
  const cookie = req.cookies?.[cookieName] as string | undefined;
  return cookie ? { token: cookie, viaCookie: true } : null;
}

/**
 * CSRF: a browser sends cookies on its own, so a cookie-authenticated mutation must also echo
 * the csrf_token cookie (only this origin can read it) in a header, and that token must be the
 * one of the session the cookie names (tokens.ts): a token planted before sign-in, or from
 * another session, does not pass.
 */
function checkCsrf(req: Request, secret: string, sessionId: string): void {
  if (!MUTATING.has(req.method)) return;
  const cookie = req.cookies?.[CSRF_COOKIE] as string | undefined;
  const header = req.get(CSRF_HEADER);
  if (!cookie || !header || cookie !== header || !csrfTokenMatches(secret, sessionId, header))
    throw forbidden('CSRF token missing or invalid');
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
  if (found.viaCookie) checkCsrf(req, deps.jwtSecret, verified.sessionId);
  return verified;
}

function loadUser(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

function loadAdmin(db: DB, id: number): Promise<Admin | undefined> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A signed-in, active user, or 401 (no or bad token) / 403 (deactivated). */
export async function userActor(deps: AppDeps, req: Request): Promise<UserActor> {
  const auth = await authenticate(deps, req, 'user');
  if (!auth) throw unauthorized('Could not validate credentials');
  const user = await loadUser(deps.db, auth.subjectId);
  if (!user) throw unauthorized('Could not validate credentials');
  if (!user.is_active) throw new AppError(403, DEACTIVATED_ACCOUNT);
  return { kind: 'user', user, sessionId: auth.sessionId, ...requestInfo(req) };
}

/** A signed-in, active admin holding every permission, or 401 / 403. */
export async function adminActor(
  deps: AppDeps,
  req: Request,
  permissions: readonly Permission[],
): Promise<AdminActor> {
  const auth = await authenticate(deps, req, 'admin');
  if (!auth) throw unauthorized('Could not validate admin credentials');
  const admin = await loadAdmin(deps.db, auth.subjectId);
  if (!admin || !admin.is_active) throw unauthorized('Could not validate admin credentials');
  if (!hasAllPermissions(admin.role, permissions)) {
    await recordSecurityEvent(deps.db, {
      type: 'permission_denied',
      subject: { kind: 'admin', id: admin.id },
      ip: clientIp(req),
      details: {
        method: req.method,
        path: req.originalUrl.slice(0, 200),
        needs: permissions,
        role: admin.role,
      },
    });
    throw forbidden("You don't have permission to do this");
  }
  return { kind: 'admin', admin, sessionId: auth.sessionId, ...requestInfo(req) };
}

/** The actor a route's access rule asks for; refuses the request when the caller does not qualify. */
export async function actorFor<A extends Access>(
  deps: AppDeps,
  req: Request,
  access: A,
): Promise<ActorFor<A>> {
  switch (access.kind) {
    case 'user':
      return (await userActor(deps, req)) as ActorFor<A>;
    case 'admin':
      return (await adminActor(deps, req, access.permissions)) as ActorFor<A>;
    default:
      return { kind: 'anonymous', ...requestInfo(req) } as ActorFor<A>;
  }
}
