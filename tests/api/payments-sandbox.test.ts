import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * The sandbox gateway completes payments without money. In production it does not exist, whatever
 * the setting says and whatever the client names: a normal user cannot upgrade through it, nor
 * verify an order made through it, and the gateway list shows it off.
 */
const KEYS = {
  JWT_SECRET: 'p'.repeat(48),
  SETTINGS_ENCRYPTION_KEY: 'q'.repeat(48),
};
let prod: TestApp;
let dev: TestApp;

beforeAll(async () => {
  prod = await createTestApp({ NODE_ENV: 'production', ...KEYS });
  dev = await createTestApp();
});
afterAll(async () => {
  await prod?.close();
  await dev?.close();
});

describe('sandbox payments', () => {
  it('in production: the upgrade through the sandbox is refused and no plan is granted', async () => {
    const c = new Client(prod.baseUrl);
    const me = await registerAndLogin(c);
    // The operator's setting is on (its default): production still has no sandbox.
    const gw = await c.get('/payment/gateways');
    expect(gw.body.gateways.find((g: { id: string }) => g.id === 'sandbox').enabled).toBe(false);
    const up = await c.post('/user/subscription/upgrade', {
      plan: 'family',
      billing_cycle: 'yearly',
      gateway: 'sandbox',
    });
    expect(up.status).toBe(400);
    expect(up.body.detail).toMatch(/sandbox/);
    // An order made through the sandbox before (e.g. before the switch to production) cannot be verified.
    const sub = await prod.db
      .insertInto('subscriptions')
      .values({
        user_id: me.user.id,
        plan_id: (await prod.db
          .selectFrom('plans')
          .select('id')
          .where('code', '=', 'family')
          .executeTakeFirstOrThrow())!.id,
        status: 'pending',
        billing_cycle: 'yearly',
        gateway: 'sandbox',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await prod.db
      .insertInto('payments')
      .values({
        user_id: me.user.id,
        subscription_id: sub.id,
        amount_paise: 499000,
        gateway: 'sandbox',
        gateway_order_id: 'sandbox_order_old',
        status: 'pending',
      })
      .execute();
    const verify = await c.post('/payment/verify', {
      gateway: 'sandbox',
      transaction_data: { order_id: 'sandbox_order_old' },
    });
    expect(verify.status).toBe(400);
    expect((await c.get('/user/subscription/current')).body.plan.code).toBe('free');
    const paid = await prod.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(paid.map((p) => p.status)).toEqual(['pending']);
  });

  it('outside production the sandbox works while the setting is on, and not once it is off', async () => {
    const c = new Client(dev.baseUrl);
    await registerAndLogin(c);
    const up = await c.post('/user/subscription/upgrade', { plan: 'plus', gateway: 'sandbox' });
    expect(up.status).toBe(200);
    await dev.db
      .updateTable('system_settings')
      .set({ value: 'false' })
      .where('key', '=', 'payment_sandbox_enabled')
      .execute();
    invalidateSettingsCache(dev.db);
    const verify = await c.post('/payment/verify', {
      gateway: 'sandbox',
      transaction_data: { order_id: up.body.order.order_id },
    });
    expect(verify.status).toBe(400);
    expect((await c.get('/user/subscription/current')).body.plan.code).toBe('free');
  });
});
