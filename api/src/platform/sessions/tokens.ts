import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ADMIN_TOKEN_DAYS, USER_TOKEN_DAYS } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { getIntSetting } from '../settings/settings.service';
import { findLiveSession, insertSession, revokeSession, touchSession } from './sessions.repo';

/**
 * Tokens are JWTs that name a row of user_sessions (claim `sid`): a signature alone is not
 * enough, the session must still be live, so logout and revocation take effect at once.
 */
export type TokenKind = 'user' | 'admin';

interface Claims {
  sub: string;
  sid: string;
  kind: TokenKind;
}

/**
 * The signing key as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to
 * parse it as a PEM public key and makes the secret key only after that attempt throws: about 1.5 ms
 * of CPU per call on this machine, paid by every API call a page makes (its token is checked each
 * time). A KeyObject goes straight to the HMAC.
 */
let signingKey: { secret: string; key: KeyObject } | null = null;
function keyOf(secret: string): KeyObject {
  if (signingKey?.secret !== secret) signingKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return signingKey.key;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
export const tokenLifetimeMs = (kind: TokenKind) =>
  (kind === 'user' ? USER_TOKEN_DAYS : ADMIN_TOKEN_DAYS) * DAY_MS;

/** Session length from the settings (session_days_user, session_hours_admin); applies to new sessions. */
export async function sessionLifetimeMs(db: DB, kind: TokenKind): Promise<number> {
  return kind === 'user'
    ? (await getIntSetting(db, 'session_days_user')) * DAY_MS
    : (await getIntSetting(db, 'session_hours_admin')) * 3_600_000;
}

/** The lifetime the token was issued with (the cookie lives as long as its token). */
export function tokenIssuedLifetimeMs(token: string, kind: TokenKind): number {
  const claims = jwt.decode(token) as { exp?: number; iat?: number } | null;
  return claims?.exp && claims.iat ? (claims.exp - claims.iat) * 1000 : tokenLifetimeMs(kind);
}

export async function issueToken(
  db: DB,
  secret: string,
  kind: TokenKind,
  subjectId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const sid = randomUUID();
  const lifetime = await sessionLifetimeMs(db, kind);
  await insertSession(db, {
    id: sid,
    kind,
    user_id: kind === 'user' ? subjectId : null,
    admin_id: kind === 'admin' ? subjectId : null,
    ip_address: meta.ip,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    expires_at: new Date(Date.now() + lifetime),
  });
  const claims: Claims = { sub: String(subjectId), sid, kind };
  return jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', expiresIn: Math.floor(lifetime / 1000) });
}

/** The subject id and session id of a valid, live token of this kind, else null. */
export async function verifyToken(
  db: DB,
  secret: string,
  kind: TokenKind,
  token: string,
): Promise<{ subjectId: number; sessionId: string } | null> {
  let claims: Claims;
  try {
    claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] }) as Claims;
  } catch {
    return null;
  }
  if (claims.kind !== kind || typeof claims.sid !== 'string') return null;
  const session = await findLiveSession(db, claims.sid, kind);
  const subjectId = Number(claims.sub);
  const owner = kind === 'user' ? session?.user_id : session?.admin_id;
  if (!session || owner !== subjectId) return null;
  // Tells the security screens when a session was last used; written at most every 5 minutes,
  // so a page that makes several API calls does not turn each read into a write.
  if (Date.now() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    void touchSession(db, session.id).catch(() => undefined);
  }
  return { subjectId, sessionId: session.id };
}

export { revokeSession };

/**
 * The CSRF token of a session: an HMAC of its session id under the signing key. Bound to the
 * session, so a token planted in a browser before sign-in (or read from another session) is
 * worthless, and every sign-in (a new session) gets a new one; no table is needed to check it.
 */
export function csrfTokenForSession(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

/** The CSRF token of the session a (just issued) token names. */
export function csrfTokenForToken(secret: string, token: string): string {
  const claims = jwt.decode(token) as { sid?: unknown } | null;
  if (typeof claims?.sid !== 'string') throw new Error('token without a session id');
  return csrfTokenForSession(secret, claims.sid);
}

export function csrfTokenMatches(secret: string, sessionId: string, given: string): boolean {
  const want = Buffer.from(csrfTokenForSession(secret, sessionId));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}
