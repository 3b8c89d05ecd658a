import type { DB } from '@reportsaathi/db';
import { tooMany } from '../http/errors';

/**
 * Repeated failed logins are throttled: 5 failures for one account, or 20 from one IP,
 * within 15 minutes block further tries until the window passes. Every try is recorded.
 */
export const THROTTLE = { windowMinutes: 15, perIdentifier: 5, perIp: 20 } as const;
export const THROTTLE_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE.windowMinutes} minutes.`;

export async function assertNotThrottled(
  db: DB,
  kind: 'user' | 'admin',
  identifier: string,
  ip: string | null,
): Promise<void> {
  const since = new Date(Date.now() - THROTTLE.windowMinutes * 60_000);
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [
      eb.fn
        .count<number>('id')
        .filterWhere((w) => w.and([w('identifier', '=', identifier), w('kind', '=', kind)]))
        .as('by_identifier'),
      eb.fn
        .count<number>('id')
        .filterWhere('ip_address', '=', ip ?? '')
        .as('by_ip'),
    ])
    .where('success', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (row.by_identifier >= THROTTLE.perIdentifier || row.by_ip >= THROTTLE.perIp)
    throw tooMany(THROTTLE_MESSAGE);
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
