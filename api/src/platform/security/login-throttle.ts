import { sql } from 'kysely';
import { transaction, type DB } from '@reportsaathi/db';
import { AppError } from '../../kernel/errors';
import { getIntSetting } from '../settings/settings.service';

/**
 * Sign-in throttling that slows guessing without letting anyone lock the real owner out. Failed
 * sign-ins (wrong password or wrong two-factor code) count within a window (15 minutes):
 * - per account AND address: 5 (login_attempts_per_account) from one address stop that address
 *   for that account; the owner at another address still signs in;
 * - per address: 20 (login_attempts_per_ip) stop that address for every account;
 * - per account over all addresses: 4 times the per-account limit (a guess spread over many
 *   addresses) stops addresses the account never signed in from, while an address with a
 *   successful sign-in of that account in the last 30 days (where the owner usually is) is
 *   still let through.
 * Counting per account alone let five wrong passwords from five addresses keep the super admin
 * (user name `admin`) out for 15 minutes. An admin can unlock sooner (the failures are then
 * marked cleared and stop counting). Every try is recorded in login_attempts.
 */
export const THROTTLE = { windowMinutes: 15, perIdentifier: 5, perIp: 20 } as const;
export const THROTTLE_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE.windowMinutes} minutes.`;
export const ACCOUNT_LOCKED = 'account_locked';
/** The reason of a try still being checked (counted as a failure until its outcome is recorded). */
export const PENDING = 'pending';
/** Failures of one account over all addresses, as a multiple of the per-account limit. */
export const ACCOUNT_WIDE_FACTOR = 4;
/** An address where the account signed in within this many days is the owner's, not a guesser's. */
export const KNOWN_ADDRESS_DAYS = 30;

/** The limits are system settings (rate_limiting), so staff can tighten them; THROTTLE holds the defaults. */
export async function throttleLimits(db: DB) {
  const [windowMinutes, perIdentifier, perIp] = await Promise.all([
    getIntSetting(db, 'login_throttle_minutes'),
    getIntSetting(db, 'login_attempts_per_account'),
    getIntSetting(db, 'login_attempts_per_ip'),
  ]);
  return { windowMinutes, perIdentifier, perIp };
}

/**
 * Checks the limits and holds a place among the attempts in one step: under the locks of the
 * account and of the address, the counts are read and a provisional failure ('pending') is
 * written, so twenty tries sent at once see each other and at most the limit get past. The caller
 * records the outcome (noteFailedLogin / noteSuccessfulLogin) and then calls `release()` (in a
 * finally), which removes the provisional row.
 */
export async function assertNotThrottled(
  db: DB,
  kind: 'user' | 'admin',
  identifier: string,
  ip: string | null,
): Promise<{ release(): Promise<void> }> {
  const pendingId = await transaction(db, async (trx) => {
    // Always the account's lock first, then the address's: two tries never wait on each other in a cycle.
    await sql`SELECT pg_advisory_xact_lock(8470, hashtext(${`${kind}:${identifier}`}))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(8471, hashtext(${ip ?? ''}))`.execute(trx);
    await checkThrottle(trx, kind, identifier, ip);
    const row = await trx
      .insertInto('login_attempts')
      .values({ kind, identifier, ip_address: ip, success: false, reason: PENDING })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return {
    release: async () => {
      await db.deleteFrom('login_attempts').where('id', '=', pendingId).execute();
    },
  };
}

async function checkThrottle(
  db: DB,
  kind: 'user' | 'admin',
  identifier: string,
  ip: string | null,
): Promise<void> {
  const { windowMinutes, perIdentifier, perIp } = await throttleLimits(db);
  const windowMs = windowMinutes * 60_000;
  const since = new Date(Date.now() - windowMs);
  const account = sql<boolean>`identifier = ${identifier} AND kind = ${kind}`;
  const fromIp = sql<boolean>`ip_address = ${ip ?? ''}`;
  const pair = sql<boolean>`identifier = ${identifier} AND kind = ${kind} AND ip_address = ${ip ?? ''}`;
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [
      eb.fn.count<number>('id').filterWhere(pair).as('by_pair'),
      eb.fn.count<number>('id').filterWhere(fromIp).as('by_ip'),
      eb.fn.count<number>('id').filterWhere(account).as('by_account'),
      eb.fn.min<Date | null>('created_at').filterWhere(pair).as('first_pair'),
      eb.fn.min<Date | null>('created_at').filterWhere(fromIp).as('first_ip'),
      eb.fn.min<Date | null>('created_at').filterWhere(account).as('first_account'),
    ])
    .where('success', '=', false)
    .where('cleared_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  let first: Date | null | undefined;
  if (Number(row.by_pair) >= perIdentifier) first = row.first_pair;
  else if (Number(row.by_ip) >= perIp) first = row.first_ip;
  else if (
    Number(row.by_account) >= perIdentifier * ACCOUNT_WIDE_FACTOR &&
    !(await knownAddress(db, kind, identifier, ip))
  )
    first = row.first_account;
  else return;
  const retryAfter = Math.max(
    1,
    Math.ceil((new Date(first ?? Date.now()).getTime() + windowMs - Date.now()) / 1000),
  );
  const message =
    windowMinutes === THROTTLE.windowMinutes
      ? THROTTLE_MESSAGE
      : `Too many failed login attempts. Please try again in ${windowMinutes} minutes.`;
  throw new AppError(429, message, undefined, ACCOUNT_LOCKED, {
    'Retry-After': String(retryAfter),
  });
}

/** The account signed in successfully from this address lately. */
async function knownAddress(db: DB, kind: 'user' | 'admin', identifier: string, ip: string | null) {
  if (!ip) return false;
  const row = await db
    .selectFrom('login_attempts')
    .select('id')
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .where('ip_address', '=', ip)
    .where('success', '=', true)
    .where('created_at', '>', new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Failures for one account from one address inside the window that still count. */
export async function countRecentFailures(
  db: DB,
  kind: 'user' | 'admin',
  identifier: string,
  ip: string | null,
) {
  const { windowMinutes } = await throttleLimits(db);
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .where('ip_address', '=', ip ?? '')
    .where('success', '=', false)
    .where('cleared_at', 'is', null)
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('reason', 'is', null), eb('reason', '!=', PENDING)]))
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
