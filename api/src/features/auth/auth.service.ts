import {
  DEACTIVATED_ACCOUNT,
  DEFAULT_PREFERENCES,
  userPreferences,
  type PublicUser,
  type RegisterRequest,
} from '@reportsaathi/contracts';
import type { DB, User } from '@reportsaathi/db';
import { AppError, conflict } from '../../kernel/errors';
import { hashPassword } from '../../platform/security/passwords';
import { getBoolSetting } from '../../platform/settings/settings.service';
import { findUserByEmail, findUserById, insertUser, markUserLogin } from './auth.repo';
import type { SignInPolicy } from './sign-in';

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

/** A patient's sign-in: by email; a deactivated account is told so (403) once its password is right. */
export const userSignIn: SignInPolicy<User, PublicUser> = {
  kind: 'user',
  findByIdentifier: findUserByEmail,
  findById: findUserById,
  invalid: INVALID_LOGIN,
  inactive: () => new AppError(403, DEACTIVATED_ACCOUNT),
  onSuccess: (trx, user) => markUserLogin(trx, user.id),
  present: toPublicUser,
};
