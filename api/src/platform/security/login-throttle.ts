import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';
import { AppError } from '../../kernel/errors';
import { getIntSetting } from '../settings/settings.service';

/**
 * Account lockout: 5 failed sign-ins (wrong password or wrong two-factor code) for one account,
 * or 20 from one IP, within 15 minutes lock further tries until the oldest of those failures
 * leaves the window; an admin can unlock an account sooner (the failures are then marked
 * cleared and stop counting). Every try is recorded in login_attempts.
 */
export const THROTTLE = { windowMinutes: 15, perIdentifier: 5, perIp: 20 } as const;
export const THROTTLE_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE.windowMinutes} minutes.`;
export const ACCOUNT_LOCKED = 'account_locked';

/** The limits are system settings (rate_limiting), so staff can tighten them; THROTTLE holds the defaults. */
export async function throttleLimits(db: DB) {
  const [windowMinutes, perIdentifier, perIp] = await Promise.all([
    getIntSetting(db, 'login_throttle_minutes'),
    getIntSetting(db, 'login_attempts_per_account'),
    getIntSetting(db, 'login_attempts_per_ip'),
  ]);
  return { windowMinutes, perIdentifier, perIp };
}

export async function assertNotThrottled(
  db: DB,
  kind: 'user' | 'admin',
  identifier: string,
  ip: string | null,
): Promise<void> {
  const { windowMinutes, perIdentifier, perIp } = await throttleLimits(db);
  const windowMs = windowMinutes * 60_000;
  const since = new Date(Date.now() - windowMs);
  const mine = sql<boolean>`identifier = ${identifier} AND kind = ${kind}`;
  const fromIp = sql<boolean>`ip_address = ${ip ?? ''}`;
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [
      eb.fn.count<number>('id').filterWhere(mine).as('by_identifier'),
      eb.fn.count<number>('id').filterWhere(fromIp).as('by_ip'),
      eb.fn.min<Date | null>('created_at').filterWhere(mine).as('first_identifier'),
      eb.fn.min<Date | null>('created_at').filterWhere(fromIp).as('first_ip'),
    ])
    .where('success', '=', false)
    .where('cleared_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const byIdentifier = Number(row.by_identifier) >= perIdentifier;
  const byIp = Number(row.by_ip) >= perIp;
  if (!byIdentifier && !byIp) return;
  const first = (byIdentifier ? row.first_identifier : row.first_ip) ?? new Date();
  const retryAfter = Math.max(1, Math.ceil((new Date(first).getTime() + windowMs - Date.now()) / 1000));
  const message =
    windowMinutes === THROTTLE.windowMinutes
      ? THROTTLE_MESSAGE
      : `Too many failed login attempts. Please try again in ${windowMinutes} minutes.`;
  throw new AppError(429, message, undefined, ACCOUNT_LOCKED, {
    'Retry-After': String(retryAfter),
  });
}

/** Failures for one account inside the lockout window that still count. */
export async function countRecentFailures(db: DB, kind: 'user' | 'admin', identifier: string) {
  const { windowMinutes } = await throttleLimits(db);
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .where('success', '=', false)
    .where('cleared_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An admin's unlock: the account's counted failures are marked cleared (kept for the record). */
export async function clearFailures(db: DB, kind: 'user' | 'admin', identifier: string): Promise<number> {
  const r = await db
    .updateTable('login_attempts')
    .set({ cleared_at: new Date() })
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .where('success', '=', false)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function recordLoginAttempt(
  db: DB,
  attempt: {
    kind: 'user' | 'admin';
    identifier: string;
    ip: string | null;
    success: boolean;
    reason?: string;
  },
): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      kind: attempt.kind,
      identifier: attempt.identifier,
      ip_address: attempt.ip,
      success: attempt.success,
      reason: attempt.reason ?? null,
    })
    .execute();
}
