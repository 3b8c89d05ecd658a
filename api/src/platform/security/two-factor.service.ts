import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type {
  TwoFactorDisableRequest,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { RequestInfo } from '../../kernel/principal';
import { AppError, badRequest, conflict } from '../../kernel/errors';
import { checkCurrentPassword, type Reauth } from './reauth';
import { recordSecurityEvent } from './security-events';
import {
  claimTimeStep,
  consumeRecoveryCode,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  saveTwoFactorSetup,
  type Subject,
} from './security.repo';

/**
 * TOTP two-factor sign-in (RFC 6238: 30-second steps, 6 digits, SHA-1 as authenticator apps
 * expect). A code is accepted one step either side of now (clock drift) and only once: the step
 * of the last accepted code is stored and a code of that step or earlier is refused.
 */
export const ISSUER = 'ReportSaathi';
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODES = 10;
// No 0/o, 1/l/i: recovery codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const INVALID_CODE = 'Invalid two-factor code';
export const CODE_REUSED = 'This code has already been used. Wait for the next code.';
export const NOT_SET_UP = 'Set up two-factor authentication first';
export const ALREADY_ENABLED = 'Two-factor authentication is already enabled';
export const NOT_ENABLED = 'Two-factor authentication is not enabled';
export const INCORRECT_PASSWORD = 'Incorrect password';

export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`rs-recovery:${normal}`).digest('hex');
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'reused' };

/** Checks a 6-digit code against the secret without recording it. */
async function checkTotp(secret: string, lastStep: number | null, token: string): Promise<CodeCheck> {
  if (!/^\d{6}$/.test(token)) return { ok: false, reason: 'invalid' };
  const r = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
  if (!r.valid || !('timeStep' in r)) return { ok: false, reason: 'invalid' };
  if (lastStep !== null && r.timeStep <= lastStep) return { ok: false, reason: 'reused' };
  return { ok: true, step: r.timeStep };
}

export async function startSetup(
  db: DB,
  subject: Subject,
  account: string,
  meta: RequestInfo,
): Promise<TwoFactorSetup> {
  const existing = await findTwoFactor(db, subject);
  if (existing?.enabled) throw conflict(ALREADY_ENABLED);
  const secret = generateSecret();
  await saveTwoFactorSetup(db, subject, secret);
  await recordSecurityEvent(db, { type: 'two_factor_setup_started', subject, ip: meta.ip });
  const otpauth_uri = generateURI({ issuer: ISSUER, label: account, secret });
  return {
    secret,
    otpauth_uri,
    qr_code: await QRCode.toDataURL(otpauth_uri, { margin: 1, width: 240 }),
    issuer: ISSUER,
    account,
  };
}

export async function enable(
  db: DB,
  subject: Subject,
  who: Reauth,
  input: { token: string; password: string },
  meta: RequestInfo,
): Promise<TwoFactorEnabled> {
  const token = input.token;
  const row = await findTwoFactor(db, subject);
  const refuse = async (detail: string, reason: string, status = 400): Promise<never> => {
    await recordSecurityEvent(db, {
      type: 'two_factor_enable_failed',
      subject,
      ip: meta.ip,
      details: { reason },
    });
    throw new AppError(status, detail);
  };
  // Re-authentication: whoever holds only the session cannot bind the account to their own phone.
  if (!(await checkCurrentPassword(db, who, input.password)))
    return refuse(INCORRECT_PASSWORD, 'wrong_password');
  if (!row) return refuse(NOT_SET_UP, 'not_set_up');
  if (row.enabled) return refuse(ALREADY_ENABLED, 'already_enabled', 409);
  const check = await checkTotp(row.secret, row.last_used_step, token);
  if (!check.ok) return refuse(check.reason === 'reused' ? CODE_REUSED : INVALID_CODE, check.reason);
  const codes = newRecoveryCodes();
  if (!(await enableTwoFactor(db, subject, check.step, codes.map(hashRecoveryCode))))
    return refuse(ALREADY_ENABLED, 'already_enabled', 409);
  await recordSecurityEvent(db, { type: 'two_factor_enabled', subject, ip: meta.ip });
  return {
    enabled: true,
    recovery_codes: codes,
    message: 'Two-factor authentication is on. Keep these recovery codes somewhere safe.',
  };
}

/**
 * Checks and spends a second factor: a 6-digit code (its step recorded so it cannot be replayed)
 * or a one-time recovery code (removed once used).
 */
export async function spendSecondFactor(
  db: DB,
  subject: Subject,
  input: { code?: string; recovery_code?: string },
): Promise<{ ok: true; method: 'totp' | 'recovery_code' } | { ok: false; reason: 'invalid' | 'reused' }> {
  const row = await findTwoFactor(db, subject);
  if (!row?.enabled) return { ok: false, reason: 'invalid' };
  const code = (input.code ?? '').replace(/\s+/g, '');
  if (/^\d{6}$/.test(code)) {
    const check = await checkTotp(row.secret, row.last_used_step, code);
    if (!check.ok) return check;
    // Two requests with one code: the conditional update lets only the first through.
    if (!(await claimTimeStep(db, subject, check.step))) return { ok: false, reason: 'reused' };
    return { ok: true, method: 'totp' };
  }
  const recovery = input.recovery_code ?? input.code ?? '';
  if (recovery.trim() && (await consumeRecoveryCode(db, subject, hashRecoveryCode(recovery))))
    return { ok: true, method: 'recovery_code' };
  return { ok: false, reason: 'invalid' };
}

export async function disable(
  db: DB,
  subject: Subject,
  who: Reauth,
  input: TwoFactorDisableRequest,
  meta: RequestInfo,
): Promise<{ enabled: false; message: string }> {
  const row = await findTwoFactor(db, subject);
  if (!row) throw badRequest(NOT_ENABLED);
  // Re-authentication with the password: a code alone would let a stolen session holding the
  // phone's code (or a shoulder-surfed one) turn the second factor off.
  if (!(await checkCurrentPassword(db, who, input.password))) {
    await recordSecurityEvent(db, { type: 'two_factor_disable_failed', subject, ip: meta.ip });
    throw badRequest(INCORRECT_PASSWORD);
  }
  await deleteTwoFactor(db, subject);
  await recordSecurityEvent(db, {
    type: 'two_factor_disabled',
    subject,
    ip: meta.ip,
    details: { was_enabled: row.enabled },
  });
  return { enabled: false, message: 'Two-factor authentication is off' };
}

export async function status(db: DB, subject: Subject): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(db, subject);
  return {
    enabled: row?.enabled ?? false,
    pending_setup: row ? !row.enabled : false,
    enabled_at: row?.enabled_at?.toISOString() ?? null,
    recovery_codes_remaining: row?.enabled ? row.backup_codes.length : 0,
  };
}

export async function isTwoFactorEnabled(db: DB, subject: Subject): Promise<boolean> {
  return (await findTwoFactor(db, subject))?.enabled ?? false;
}
