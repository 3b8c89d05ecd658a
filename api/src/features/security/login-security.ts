import { createHash, randomBytes } from 'node:crypto';
import type { TwoFactorChallenge, TwoFactorLoginRequest } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { RequestInfo } from '../../kernel/principal';
import { AppError } from '../../kernel/errors';
import {
  assertNotThrottled,
  countRecentFailures,
  recordLoginAttempt,
  throttleLimits,
} from '../../platform/security/login-throttle';
import { recordSecurityEvent } from '../../platform/security/security-events';
import {
  consumeChallenge,
  insertChallenge,
  takeChallengeAttempt,
  type Subject,
} from '../../platform/security/security.repo';
import {
  CODE_REUSED,
  INVALID_CODE,
  isTwoFactorEnabled,
  spendSecondFactor,
} from '../../platform/security/two-factor.service';

/**
 * Sign-in with a second factor is two calls: the password call answers a challenge (a random
 * token, stored hashed, alive 5 minutes, 5 tries) instead of a session; the second call brings
 * the challenge and a code. Wrong codes count as failed sign-ins towards the account lockout.
 */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_TRIES = 5;
export const CHALLENGE_EXPIRED = 'Sign-in expired or not found. Please sign in again.';

const hashChallenge = (c: string) => createHash('sha256').update(c).digest('hex');

/** A failed sign-in: recorded as an attempt and an event, and an event when it locks the account. */
export async function noteFailedLogin(
  db: DB,
  f: {
    kind: 'user' | 'admin';
    identifier: string;
    reason: string;
    subject: Subject | null;
    ip: string | null;
  },
): Promise<void> {
  await recordLoginAttempt(db, {
    kind: f.kind,
    identifier: f.identifier,
    ip: f.ip,
    success: false,
    reason: f.reason,
  });
  await recordSecurityEvent(db, {
    type: f.reason.startsWith('2fa') ? 'two_factor_challenge_failed' : 'login_failed',
    subject: f.subject,
    ip: f.ip,
    details: { kind: f.kind, identifier: f.identifier, reason: f.reason },
  });
  // The limit and window are the staff's settings (login_attempts_per_account, login_throttle_minutes);
  // the notice is of the account locked for this address (login-throttle.ts).
  const limits = await throttleLimits(db);
  if ((await countRecentFailures(db, f.kind, f.identifier, f.ip)) === limits.perIdentifier)
    await recordSecurityEvent(db, {
      type: 'account_locked',
      subject: f.subject,
      ip: f.ip,
      details: { kind: f.kind, identifier: f.identifier, minutes: limits.windowMinutes },
    });
}

export async function noteSuccessfulLogin(
  db: DB,
  s: { kind: 'user' | 'admin'; identifier: string; subject: Subject; ip: string | null; method: string },
): Promise<void> {
  await recordLoginAttempt(db, { kind: s.kind, identifier: s.identifier, ip: s.ip, success: true });
  await recordSecurityEvent(db, {
    type: 'login_success',
    subject: s.subject,
    ip: s.ip,
    details: { kind: s.kind, method: s.method },
  });
}

/** The challenge answer when the account has two-factor sign-in on, else null. */
export async function challengeIfNeeded(
  db: DB,
  subject: Subject,
  identifier: string,
  meta: RequestInfo,
): Promise<TwoFactorChallenge | null> {
  if (!(await isTwoFactorEnabled(db, subject))) return null;
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
  await insertChallenge(db, {
    id: hashChallenge(challenge),
    subject,
    identifier,
    ip: meta.ip,
    userAgent: meta.userAgent,
    expiresAt,
  });
  return {
    two_factor_required: true,
    challenge,
    expires_at: expiresAt.toISOString(),
    message: 'Enter the 6-digit code from your authenticator app',
  };
}

/**
 * Completes a challenged sign-in: the subject whose code was right. Refuses (401) unknown,
 * used, expired or worn-out challenges, wrong codes and replayed codes.
 */
export async function completeChallenge(
  db: DB,
  kind: 'user' | 'admin',
  input: TwoFactorLoginRequest,
  meta: RequestInfo,
): Promise<{ subject: Subject; identifier: string; method: string }> {
  const id = hashChallenge(input.challenge);
  const row = await takeChallengeAttempt(db, id, kind, CHALLENGE_TRIES);
  if (!row) throw new AppError(401, CHALLENGE_EXPIRED);
  const attempt = await assertNotThrottled(db, kind, row.identifier, meta.ip);
  try {
    const subject: Subject =
      kind === 'user' ? { kind, id: row.user_id as number } : { kind, id: row.admin_id as number };
    const result = await spendSecondFactor(db, subject, input);
    if (!result.ok) {
      if (result.reason === 'reused')
        await recordSecurityEvent(db, { type: 'two_factor_code_reused', subject, ip: meta.ip });
      await noteFailedLogin(db, {
        kind,
        identifier: row.identifier,
        reason: result.reason === 'reused' ? '2fa_code_reused' : '2fa_invalid',
        subject,
        ip: meta.ip,
      });
      throw new AppError(401, result.reason === 'reused' ? CODE_REUSED : INVALID_CODE);
    }
    if (!(await consumeChallenge(db, id))) throw new AppError(401, CHALLENGE_EXPIRED);
    if (result.method === 'recovery_code')
      await recordSecurityEvent(db, { type: 'recovery_code_used', subject, ip: meta.ip });
    return { subject, identifier: row.identifier, method: result.method };
  } finally {
    await attempt.release();
  }
}
