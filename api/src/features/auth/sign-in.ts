import type { TwoFactorChallenge, TwoFactorLoginRequest } from '@reportsaathi/contracts';
import { transaction, type DB } from '@reportsaathi/db';
import type { RequestInfo } from '../../kernel/principal';
import { AppError } from '../../kernel/errors';
import { burnPasswordCheck, verifyPassword } from '../../platform/security/passwords';
import { assertNotThrottled } from '../../platform/security/login-throttle';
import { issueToken } from '../../platform/sessions/tokens';
import { challengeIfNeeded, completeChallenge, noteFailedLogin, noteSuccessfulLogin } from '../security';

/** An account that signs in with a password: a user or a staff member. */
export interface SignInAccount {
  id: number;
  password_hash: string;
  is_active: boolean;
}

/**
 * What differs between a patient's and a staff member's sign-in; everything else (throttling,
 * the password check, the two-factor challenge, the session, the security events) is one flow.
 */
export interface SignInPolicy<A extends SignInAccount, P> {
  kind: 'user' | 'admin';
  findByIdentifier(db: DB, identifier: string): Promise<A | undefined>;
  findById(db: DB, id: number): Promise<A | undefined>;
  /** The 401 detail for a wrong identifier or password (never says which). */
  invalid: string;
  /** The refusal of a deactivated account whose password was right. */
  inactive(): AppError;
  /** Recorded with a failed password sign-in, in the same transaction as its security event. */
  onFailure?(
    trx: DB,
    a: { account: A | null; identifier: string; reason: string; meta: RequestInfo },
  ): Promise<void>;
  /** Recorded with a successful sign-in, in the same transaction as its session. */
  onSuccess(trx: DB, account: A, method: string, meta: RequestInfo): Promise<void>;
  /** The account as the answer shows it, just signed in. */
  present(account: A): P;
}

export interface SignedIn<P> {
  token: string;
  account: P;
}

/**
 * Password sign-in. With two-factor sign-in on, the answer is a challenge instead of a session
 * and completeSignIn finishes it. Every outcome is recorded in one transaction with what it
 * changes, so an attempt is never counted without its event (or a session issued without both).
 */
export async function signIn<A extends SignInAccount, P>(
  db: DB,
  secret: string,
  policy: SignInPolicy<A, P>,
  input: { identifier: string; password: string },
  meta: RequestInfo,
): Promise<SignedIn<P> | TwoFactorChallenge> {
  const { kind, invalid } = policy;
  const identifier = input.identifier;
  // A place among the attempts is held until this try's outcome is recorded (login-throttle.ts).
  const attempt = await assertNotThrottled(db, kind, identifier, meta.ip);
  try {
    const account = (await policy.findByIdentifier(db, identifier)) ?? null;
    const ok = account
      ? await verifyPassword(account.password_hash, input.password)
      : (await burnPasswordCheck(input.password), false);
    if (!account || !ok || !account.is_active) {
      const reason = account && ok ? 'inactive' : 'bad_credentials';
      await transaction(db, async (trx) => {
        const subject = account ? { kind, id: account.id } : null;
        await noteFailedLogin(trx, { kind, identifier, reason, subject, ip: meta.ip });
        await policy.onFailure?.(trx, { account, identifier, reason, meta });
      });
      throw reason === 'inactive' ? policy.inactive() : new AppError(401, invalid);
    }
    const challenge = await challengeIfNeeded(db, { kind, id: account.id }, identifier, meta);
    if (challenge) return challenge;
    return await startSession(db, secret, policy, account, identifier, 'password', meta);
  } finally {
    await attempt.release();
  }
}

/** The second step of a sign-in with two-factor sign-in on. */
export async function completeSignIn<A extends SignInAccount, P>(
  db: DB,
  secret: string,
  policy: SignInPolicy<A, P>,
  input: TwoFactorLoginRequest,
  meta: RequestInfo,
): Promise<SignedIn<P>> {
  const done = await completeChallenge(db, policy.kind, input, meta);
  const account = await policy.findById(db, done.subject.id);
  if (!account) throw new AppError(401, policy.invalid);
  if (!account.is_active) throw policy.inactive();
  return startSession(db, secret, policy, account, done.identifier, done.method, meta);
}

function startSession<A extends SignInAccount, P>(
  db: DB,
  secret: string,
  policy: SignInPolicy<A, P>,
  account: A,
  identifier: string,
  method: string,
  meta: RequestInfo,
): Promise<SignedIn<P>> {
  return transaction(db, async (trx) => {
    const subject = { kind: policy.kind, id: account.id };
    await noteSuccessfulLogin(trx, { kind: policy.kind, identifier, subject, ip: meta.ip, method });
    await policy.onSuccess(trx, account, method, meta);
    const token = await issueToken(trx, secret, policy.kind, account.id, meta);
    return { token, account: policy.present({ ...account, last_login: new Date() }) };
  });
}
