import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FREE_FAILURES, PinThrottle, waitAfter } from '../../api/src/features/share-links';
import { createTestApp, type TestApp } from './harness';

/**
 * The wrong-PIN throttle as a class, on a real database: the free tries, the growing wait and its
 * cap, keys counted together, concurrent attempts checked one by one, forgetting after a day.
 */
let t: TestApp;
let seq = 0;
const key = (kind: string) => `${kind}:test-${seq++}`;
const wrong = async () => false;
const right = async () => true;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PinThrottle', () => {
  it('the wait: none for the free tries, then base × 2^(wrong − free), at most a day', () => {
    expect([1, 2, 3, 4].map((n) => waitAfter(n, 60))).toEqual([0, 0, 0, 0]);
    expect(waitAfter(MAX_FREE_FAILURES, 60)).toBe(60);
    expect(waitAfter(6, 60)).toBe(120);
    expect(waitAfter(8, 60)).toBe(480);
    expect(waitAfter(40, 60)).toBe(86_400);
  });

  it('5 wrong tries answer "wrong", the 5th with a wait; then every try is refused until it ends', async () => {
    const th = new PinThrottle(t.db, 60);
    const k = key('link');
    for (let i = 1; i <= 4; i++)
      expect(await th.attempt([k], wrong, [k])).toEqual({
        outcome: 'wrong',
        failures: i,
        retryAfterSeconds: 0,
      });
    expect(await th.attempt([k], wrong, [k])).toEqual({
      outcome: 'wrong',
      failures: 5,
      retryAfterSeconds: 60,
    });
    let checked = false;
    const refused = await th.attempt([k], async () => (checked = true), [k]);
    expect(refused.outcome).toBe('throttled');
    expect(checked).toBe(false); // the PIN is not even looked at while waiting
  });

  it('the longest wait of the keys applies, and a right PIN clears only the keys it is told to', async () => {
    const th = new PinThrottle(t.db, 60);
    const link = key('link');
    const ip = key('ip');
    for (let i = 0; i < 4; i++) await th.attempt([link, ip], wrong, [link]);
    expect((await th.attempt([link, ip], right, [link])).outcome).toBe('ok');
    const rows = await t.db
      .selectFrom('share_pin_throttle')
      .selectAll()
      .where('key', 'in', [link, ip])
      .orderBy('key')
      .execute();
    expect(rows.map((r) => [r.key.split(':')[0], r.failures])).toEqual([
      ['ip', 4],
      ['link', 0],
    ]);
    // The address's next wrong PIN is its 5th: the wait starts for every link from it.
    expect(await th.attempt([key('link'), ip], wrong, [])).toMatchObject({
      outcome: 'wrong',
      retryAfterSeconds: 60,
    });
    expect((await th.attempt([key('link'), ip], right, [])).outcome).toBe('throttled');
  });

  it('30 attempts at once on one key: exactly 5 are checked', async () => {
    const th = new PinThrottle(t.db, 60);
    const k = key('link');
    let checks = 0;
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        th.attempt(
          [k],
          async () => {
            checks++;
            return false;
          },
          [k],
        ),
      ),
    );
    expect(checks).toBe(5);
    expect(results.filter((r) => r.outcome === 'throttled')).toHaveLength(25);
  });

  it('failures a day old are forgotten', async () => {
    const th = new PinThrottle(t.db, 60);
    const k = key('ip');
    for (let i = 0; i < 4; i++) await th.attempt([k], wrong, []);
    await t.db
      .updateTable('share_pin_throttle')
      .set({ last_failure_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('key', '=', k)
      .execute();
    expect(await th.attempt([k], wrong, [])).toEqual({ outcome: 'wrong', failures: 1, retryAfterSeconds: 0 });
  });
});
