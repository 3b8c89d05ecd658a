import {
  DEACTIVATED_ACCOUNT,
  DEFAULT_PREFERENCES,
  userPreferences,
  type PublicUser,
  type RegisterRequest,
} from '@reportsaathi/contracts';
import { transaction, type User } from '@reportsaathi/db';
import type { Request } from 'express';
import type { AppDeps } from '../../context';
import { recordConsents, sendRegistrationConfirmation } from '../account';
import { claimGuestReports } from '../guest';
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

/** The spec's words; the confirmation mail is announced by the pages (a banner until confirmed). */
export const REGISTERED = 'Registration successful! Please login.';

export const REGISTRATION_CLOSED = 'Registration is currently closed. Please try again later.';

/**
 * A new account: its consents as ticked on the form (off unless ticked; recorded with their time),
 * its language, the analyses of the guest session it was made from (decision 232), and a mail to
 * confirm the address (is_verified stays false until the link is opened; decision 230).
 */
export async function registerUser(
  deps: AppDeps,
  /** The HTTP request (the confirmation link's origin); null for seeded accounts, mailed nothing. */
  req: Request | null,
  input: RegisterRequest,
  ip: string | null,
): Promise<PublicUser> {
  const db = deps.db;
  // The features.registration_enabled setting closes sign-up without a deploy.
  if (!(await getBoolSetting(db, 'registration_enabled'))) throw new AppError(403, REGISTRATION_CLOSED);
  if (await findUserByEmail(db, input.email)) throw conflict('Email already registered');
  const preferences = {
    ...DEFAULT_PREFERENCES,
    language: input.language ?? DEFAULT_PREFERENCES.language,
    allow_data_for_training: input.allow_data_for_training === true,
    share_usage_analytics: input.share_usage_analytics === true,
  };
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await transaction(db, async (trx) => {
      const created = await insertUser(trx, {
        email: input.email,
        full_name: input.full_name,
        password_hash: passwordHash,
        preferences: JSON.stringify(preferences),
        retention: JSON.stringify({}),
      });
      await recordConsents(trx, {
        userId: created.id,
        before: null,
        after: preferences,
        source: 'registration',
        ip,
      });
      if (input.guest_session_id) await claimGuestReports(trx, input.guest_session_id, created.id);
      return created;
    });
    if (req) await sendRegistrationConfirmation(deps, req, user);
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
