import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/**
 * Wrong-PIN throttling for share links, per link and per address (decision 128). A 6-digit PIN is
 * guessable only by trying: after MAX_FREE_FAILURES wrong PINs on a key, every further try must
 * wait, and the wait doubles with each wrong PIN after that (base, 2×, 4×, ... capped at a day).
 * Counted in PostgreSQL, so every process of a deployment shares the count.
 *
 * Race-proof by construction: `attempt` locks the counter rows of its keys (FOR UPDATE, in key
 * order so two attempts never deadlock) before the PIN is checked, so parallel guesses are
 * checked one after another and the sixth is refused however many arrive at once.
 *
 * A right PIN clears the link's counter (whoever knows it is the link's reader) but not the
 * address's: otherwise a guesser with a link of their own could wipe their count between guesses.
 * An address's count starts over after a day without a wrong PIN.
 *
 * Times are clock_timestamp(), not now(): now() is when the transaction began, and an attempt may
 * wait on the lock for seconds behind others, so a wait measured from then could end before it is
 * even written.
 */
export const MAX_FREE_FAILURES = 5;
/** The longest wait: a day. */
const MAX_WAIT_SECONDS = 86_400;
/** Failures older than this are forgotten. */
const FORGET_AFTER = '1 day';

export type AttemptResult =
  | { outcome: 'ok' }
  | { outcome: 'wrong'; failures: number; retryAfterSeconds: number }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** The wait before the next try once a key has `failures` wrong PINs (0 while under the limit). */
export function waitAfter(failures: number, baseWaitSeconds: number): number {
  if (failures < MAX_FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, baseWaitSeconds * 2 ** (failures - MAX_FREE_FAILURES));
}

export const linkKey = (linkId: number) => `link:${linkId}`;
export const addressKey = (ip: string | null) => `ip:${ip ?? 'unknown'}`;

export class PinThrottle {
  constructor(
    private readonly db: DB,
    /** The first wait after the free tries, in seconds. */
    private readonly baseWaitSeconds: number,
  ) {}

  /**
   * Runs `check` (is the PIN right?) unless a key is waiting; counts a wrong PIN on every key.
   * `resetOnSuccess`: the keys a right PIN clears.
   */
  async attempt(
    keys: string[],
    check: () => Promise<boolean>,
    resetOnSuccess: string[],
  ): Promise<AttemptResult> {
    const sorted = [...new Set(keys)].sort();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('share_pin_throttle')
        .values(sorted.map((key) => ({ key })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const { rows } = await sql<{ key: string; failures: number; wait: number }>`
        SELECT key,
               CASE WHEN last_failure_at < clock_timestamp() - ${FORGET_AFTER}::interval THEN 0 ELSE failures END AS failures,
               greatest(0, ceil(extract(epoch FROM locked_until - clock_timestamp())))::int AS wait
          FROM share_pin_throttle
         WHERE key = ANY(${sorted}::text[])
         ORDER BY key
           FOR UPDATE`.execute(trx);
      const wait = Math.max(0, ...rows.map((r) => r.wait));
      if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };

      if (await check()) {
        if (resetOnSuccess.length)
          await trx
            .updateTable('share_pin_throttle')
            .set({ failures: 0, locked_until: null })
            .where('key', 'in', resetOnSuccess)
            .execute();
        return { outcome: 'ok' };
      }
      let most = 0;
      let longest = 0;
      for (const r of rows) {
        const failures = r.failures + 1;
        const seconds = waitAfter(failures, this.baseWaitSeconds);
        most = Math.max(most, failures);
        longest = Math.max(longest, seconds);
        await sql`
          UPDATE share_pin_throttle
             SET failures = ${failures},
                 last_failure_at = clock_timestamp(),
                 locked_until = ${seconds > 0 ? sql`clock_timestamp() + make_interval(secs => ${seconds})` : sql`NULL`}
           WHERE key = ${r.key}`.execute(trx);
      }
      return { outcome: 'wrong', failures: most, retryAfterSeconds: longest };
    });
  }
}
