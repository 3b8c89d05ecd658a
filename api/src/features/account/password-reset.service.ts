import { ACCOUNT_MESSAGES } from '@reportsaathi/contracts';
import { transaction } from '@reportsaathi/db';
import type { Request } from 'express';
import type { AppDeps } from '../../context';
import { badRequest } from '../../kernel/errors';
import { passwordResetMail } from '../../platform/mail/account-mails';
import { sendInBackground } from '../../platform/mail/mailer';
import { hashPassword } from '../../platform/security/passwords';
import { recordSecurityEvent } from '../../platform/security/security-events';
import { revokeAllSessions } from '../../platform/sessions';
import {
  findUserByEmail,
  issueAccountToken,
  retireAccountTokens,
  useAccountToken,
} from './account-tokens.repo';
import { languageOf, linkOrigin, mailLink } from './links';

/** A reset link works once, for 30 minutes (decision 230). */
export const RESET_TTL_MS = 30 * 60 * 1000;
export const RESET_PAGE = '/reset-password';

/**
 * Sends a reset link if the address has an active account. The answer is the same either way and
 * takes the same time (the mail leaves in the background); the rate limit (rate-limit.ts,
 * bucket password_reset) counts per address and per IP whether or not the address exists.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  req: Request,
  input: { email: string; language?: 'en' | 'hi' },
  ip: string | null,
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, input.email);
  const origin = linkOrigin(deps, req);
  if (user && user.is_active) {
    if (!origin) {
      deps.logger.error('password reset not sent: PUBLIC_URL is required in production for mailed links');
    } else {
      const token = await issueAccountToken(deps.db, {
        userId: user.id,
        purpose: 'password_reset',
        email: user.email,
        ttlMs: RESET_TTL_MS,
      });
      const lang = languageOf(user.preferences, input.language);
      const link = mailLink(origin, RESET_PAGE, token);
      sendInBackground(deps.mailer, deps.logger, passwordResetMail(user.email, lang, user.full_name, link));
      await recordSecurityEvent(deps.db, {
        type: 'password_reset_requested',
        subject: { kind: 'user', id: user.id },
        ip,
        details: {},
      });
    }
  }
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

/**
 * Sets the new password from a reset link: the link is used up, every session of the account
 * ends (whoever had the old password is signed out), and the address counts as confirmed (the
 * link reached it).
 */
export async function confirmPasswordReset(
  deps: AppDeps,
  input: { token: string; new_password: string },
  ip: string | null,
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.new_password);
  const done = await transaction(deps.db, async (trx) => {
    const token = await useAccountToken(trx, input.token, 'password_reset');
    if (!token) return null;
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', token.user_id)
      .where('is_active', '=', true)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!user) return null;
    // The link went to the address the account still has: that address is confirmed.
    if (user.email === token.email)
      await trx.updateTable('users').set({ is_verified: true }).where('id', '=', user.id).execute();
    await retireAccountTokens(trx, user.id, 'password_reset');
    const signedOut = await revokeAllSessions(trx, { userId: user.id });
    await recordSecurityEvent(trx, {
      type: 'password_reset',
      subject: { kind: 'user', id: user.id },
      ip,
      details: { sessions_signed_out: signedOut },
    });
    return user;
  });
  if (!done) throw badRequest(ACCOUNT_MESSAGES.linkInvalid, { token: ACCOUNT_MESSAGES.linkInvalid });
  return { message: ACCOUNT_MESSAGES.resetDone };
}
