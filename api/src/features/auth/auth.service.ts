import {
  DEACTIVATED_ACCOUNT,
  DEFAULT_PREFERENCES,
  userPreferences,
  type TwoFactorChallenge,
  type TwoFactorLoginRequest,
  type LoginRequest,
  type PublicUser,
  type RegisterRequest,
} from '@reportsaathi/contracts';
import type { DB, User } from '@reportsaathi/db';
import { AppError, conflict } from '../../kernel/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/security/passwords';
import { assertNotThrottled } from '../../platform/security/login-throttle';
import { challengeIfNeeded, completeChallenge, noteFailedLogin, noteSuccessfulLogin } from '../security';
import { issueToken } from '../../platform/sessions/tokens';
import { getBoolSetting } from '../../platform/settings/settings.service';
import { findUserByEmail, findUserById, insertUser, markUserLogin } from './auth.repo';

export const INVALID_LOGIN = 'Incorrect email or password';

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    is_active: user.is_active,
    is_verified: user.is_verified,
    // Stored preferences are merged over the defaults, so new keys appear for old rows.
    preferences: userPreferences.parse({ ...DEFAULT_PREFERENCES, ...user.preferences }),
    created_at: user.created_at.toISOString(),
    last_login: user.last_login?.toISOString() ?? null,
  };
}

export const REGISTRATION_CLOSED = 'Registration is currently closed. Please try again later.';

export async function registerUser(db: DB, input: RegisterRequest): Promise<PublicUser> {
  // The features.registration_enabled setting closes sign-up without a deploy.
  if (!(await getBoolSetting(db, 'registration_enabled'))) throw new AppError(403, REGISTRATION_CLOSED);
  if (await findUserByEmail(db, input.email)) throw conflict('Email already registered');
  try {
    const user = await insertUser(db, {
      email: input.email,
      full_name: input.full_name,
      password_hash: await hashPassword(input.password),
      preferences: JSON.stringify(DEFAULT_PREFERENCES),
      retention: JSON.stringify({}),
    });
    return toPublicUser(user);
  } catch (err) {
    // Two registrations racing for one address: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw conflict('Email already registered');
    throw err;
  }
}

/**
 * Password sign-in. With two-factor sign-in on, the answer is a challenge instead of a session
 * and completeUserTwoFactorLogin finishes it.
 */
export async function loginUser(
  db: DB,
  secret: string,
  input: LoginRequest,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; user: PublicUser } | TwoFactorChallenge> {
  // A place among the attempts is held until this try's outcome is recorded (login-throttle.ts).
  const attempt = await assertNotThrottled(db, 'user', input.email, meta.ip);
  try {
    const user = await findUserByEmail(db, input.email);
    const ok = user
      ? await verifyPassword(user.password_hash, input.password)
      : (await burnPasswordCheck(input.password), false);
    const subject = user ? { kind: 'user' as const, id: user.id } : null;
    if (!user || !ok) {
      await noteFailedLogin(db, {
        kind: 'user',
        identifier: input.email,
        reason: 'bad_credentials',
        subject,
        ip: meta.ip,
      });
      throw new AppError(401, INVALID_LOGIN);
    }
    if (!user.is_active) {
      await noteFailedLogin(db, {
        kind: 'user',
        identifier: input.email,
        reason: 'inactive',
        subject,
        ip: meta.ip,
      });
      throw new AppError(403, DEACTIVATED_ACCOUNT);
    }
    const challenge = await challengeIfNeeded(db, { kind: 'user', id: user.id }, input.email, meta);
    if (challenge) return challenge;
    return await finishLogin(db, secret, user, input.email, 'password', meta);
  } finally {
    await attempt.release();
  }
}

async function finishLogin(
  db: DB,
  secret: string,
  user: User,
  identifier: string,
  method: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; user: PublicUser }> {
  await noteSuccessfulLogin(db, {
    kind: 'user',
    identifier,
    subject: { kind: 'user', id: user.id },
    ip: meta.ip,
    method,
  });
  await markUserLogin(db, user.id);
  const token = await issueToken(db, secret, 'user', user.id, meta);
  return { token, user: toPublicUser({ ...user, last_login: new Date() }) };
}

/** The second step of a sign-in with two-factor sign-in on. */
export async function completeUserTwoFactorLogin(
  db: DB,
  secret: string,
  input: TwoFactorLoginRequest,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; user: PublicUser }> {
  const done = await completeChallenge(db, 'user', input, meta);
  const user = await findUserById(db, done.subject.id);
  if (!user) throw new AppError(401, INVALID_LOGIN);
  if (!user.is_active) throw new AppError(403, DEACTIVATED_ACCOUNT);
  return finishLogin(db, secret, user, done.identifier, done.method, meta);
}
