import type { DB } from '@reportsaathi/db';
import type { AdminActor, UserActor } from '../../kernel/principal';
import { assertNotThrottled, recordLoginAttempt } from './login-throttle';
import { verifyPassword } from './passwords';

/**
 * Every check of a signed-in person's password (re-authentication: a new password, a new sign-in
 * e-mail, 2FA on or off, deleting the account) goes through the sign-in throttle (decision 211):
 * the same per account-and-address, per address and account-wide counts, in the same table. A
 * wrong password counts as a failed sign-in; once the limit is reached the answer is 429 with
 * Retry-After before any hash is computed. Before, a stolen session could guess the password
 * without limit (100 guesses in 7 s) and then keep the account.
 */
export interface Reauth {
  kind: 'user' | 'admin';
  /** The sign-in name the throttle counts under: the e-mail, or the staff user name. */
  identifier: string;
  passwordHash: string;
  ip: string | null;
}

/** A wrong password given in place of the current one (login_attempts.reason). */
export const REAUTH_FAILED = 'reauth_wrong_password';

export function reauthOf(actor: UserActor | AdminActor): Reauth {
  return actor.kind === 'user'
    ? userReauth(actor.user, actor.ip)
    : {
        kind: 'admin',
        identifier: actor.admin.username,
        passwordHash: actor.admin.password_hash,
        ip: actor.ip,
      };
}

export function userReauth(user: { email: string; password_hash: string }, ip: string | null): Reauth {
  return { kind: 'user', identifier: user.email, passwordHash: user.password_hash, ip };
}

/** True when `password` is the account's; throws 429 (account_locked) past the throttle's limits. */
export async function checkCurrentPassword(db: DB, who: Reauth, password: string): Promise<boolean> {
  const attempt = await assertNotThrottled(db, who.kind, who.identifier, who.ip);
  try {
    if (await verifyPassword(who.passwordHash, password)) return true;
    await recordLoginAttempt(db, {
      kind: who.kind,
      identifier: who.identifier,
      ip: who.ip,
      success: false,
      reason: REAUTH_FAILED,
    });
    return false;
  } finally {
    await attempt.release();
  }
}
