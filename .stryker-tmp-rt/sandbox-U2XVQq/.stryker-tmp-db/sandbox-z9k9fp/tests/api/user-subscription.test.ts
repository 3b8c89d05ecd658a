// @ts-nocheck
// 
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * Plans, upgrade, payment verification (sandbox and Razorpay's signature), cancel, history and
 * the plan's allowance at upload. Razorpay's Orders API is a local server speaking its wire format.
 */
const KEY_SECRET = 'rzp_test_secret_for_tests';
let t: TestApp;
let razorpay: http.Server;
const orders: Array<{ amount: number; currency: string; auth: string }> = [];

beforeAll(async () => {
  razorpay = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body);
      orders.push({ ...parsed, auth: req.headers.authorization ?? '' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `order_T${orders.length}`,
          entity: 'order',
          amount: parsed.amount,
          currency: 'INR',
          status: 'created',
        }),
      );
    });
  });
  await new Promise<void>((r) => razorpay.listen(0, '127.0.0.1', r));
  const port = (razorpay.address() as AddressInfo).port;
  t = await createTestApp({
    RAZORPAY_KEY_ID: 'rzp_test_key',
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t?.close();
  razorpay?.close();
});

describe('plans and gateways', () => {
  it('Free and paid plans priced in INR, monthly and yearly', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const res = await c.get('/user/subscription/plans');
    const codes = res.body.plans.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['free', 'plus', 'family']);
    const plus = res.body.plans[1];
    expect(plus).toMatchObject({ currency: 'INR', price_monthly: 199, price_yearly: 1990 });
    expect(plus.limits.analyses_per_month).toBeGreaterThan(res.body.plans[0].limits.analyses_per_month);
    const gw = await c.get('/payment/gateways');
    expect(
      gw.body.gateways.filter((g: { enabled: boolean }) => g.enabled).map((g: { id: string }) => g.id),
    ).toEqual(['razorpay', 'sandbox']);
    const current = await c.get('/user/subscription/current');
    expect(current.body).toMatchObject({ plan: { code: 'free', name: 'Free' }, subscription: null });
  });
});

describe('upgrade through the sandbox', () => {
  it('pending until verified, then active; history, payments, usage and cancel', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const up = await c.post('/user/subscription/upgrade', {
      plan: 'plus',
      billing_cycle: 'yearly',
      gateway: 'sandbox',
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      status: 'pending',
      order: { gateway: 'sandbox', amount_paise: 199000, currency: 'INR' },
    });
    expect((await c.get('/user/subscription/current')).body.plan.code).toBe('free');

    const ok = await c.post('/payment/verify', {
      gateway: 'sandbox',
      transaction_data: { order_id: up.body.order.order_id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.subscription).toMatchObject({ plan: 'plus', status: 'active', billing_cycle: 'yearly' });
    const again = await c.post('/payment/verify', {
      gateway: 'sandbox',
      transaction_data: { order_id: up.body.order.order_id },
    });
    expect(again.status).toBe(409);

    const current = await c.get('/user/subscription/current');
    expect(current.body.plan.code).toBe('plus');
    expect((await c.get('/user/dashboard-stats')).body.plan).toBe('Plus');
    const payments = await c.get('/user/subscription/payments');
    expect(payments.body.payments).toHaveLength(1);
    expect(payments.body.payments[0]).toMatchObject({ status: 'completed', amount: 1990, currency: 'INR' });
    expect((await c.get('/user/subscription/history')).body.subscriptions).toHaveLength(1);
    const usage = await c.get('/user/subscription/usage-stats?months=6');
    expect(usage.body.months).toHaveLength(6);
    expect((await c.get('/user/subscription/usage-stats?months=100')).status).toBe(400);

    const cancel = await c.post('/user/subscription/cancel', { reason: 'Too costly' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.subscription).toMatchObject({ status: 'cancelled', cancel_reason: 'Too costly' });
    // Paid up to the period end: the plan stays until then.
    expect((await c.get('/user/subscription/current')).body.plan.code).toBe('plus');
    expect((await c.post('/user/subscription/cancel', { reason: 'again' })).status).toBe(400);
  });

  it('refuses an unknown plan, an unknown gateway and the plan already held, leaving no rows', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const unknown = await c.post('/user/subscription/upgrade', { plan: 'platinum' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/Unknown plan: platinum/);
    expect((await c.post('/user/subscription/upgrade', { plan: 'plus', gateway: 'paypal' })).status).toBe(
      400,
    );
    expect((await c.post('/user/subscription/upgrade', { plan: 'free' })).status).toBe(409);
    expect(
      (await c.post('/user/subscription/upgrade', { plan: 'plus', billing_cycle: 'weekly' })).status,
    ).toBe(400);
    const rows = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(rows).toEqual([]);
    const verify = await c.post('/payment/verify', {
      gateway: 'sandbox',
      transaction_data: { order_id: 'sandbox_order_nope' },
    });
    expect(verify.status).toBe(404);
  });
});

describe('Razorpay', () => {
  it('creates the order at Razorpay and accepts only the HMAC-SHA256 signature of order_id|payment_id', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const up = await c.post('/user/subscription/upgrade', { plan: 'family', gateway: 'razorpay' });
    expect(up.status).toBe(200);
    const orderId = up.body.order.order_id as string;
    expect(orderId).toMatch(/^order_T\d+$/);
    expect(up.body.order.key_id).toBe('rzp_test_key');
    const sent = orders.at(-1)!;
    expect(sent).toMatchObject({ amount: 49900, currency: 'INR' });
    expect(sent.auth).toBe(`Basic ${Buffer.from(`rzp_test_key:${KEY_SECRET}`).toString('base64')}`);

    const paymentId = 'pay_29QQoUBi66xm2f';
    const forged = await c.post('/payment/verify', {
      gateway: 'razorpay',
      transaction_data: {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: createHmac('sha256', 'wrong-secret')
          .update(`${orderId}|${paymentId}`)
          .digest('hex'),
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toMatch(/signature does not match/);
    expect((await c.get('/user/subscription/current')).body.plan.code).toBe('free');

    const good = await c.post('/payment/verify', {
      gateway: 'razorpay',
      transaction_data: {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex'),
      },
    });
    expect(good.status).toBe(200);
    expect(good.body.payment).toMatchObject({ status: 'completed', gateway_payment_id: paymentId });
    expect((await c.get('/user/subscription/current')).body.plan.code).toBe('family');
  });

  it("cannot complete another user's order", async () => {
    const a = new Client(t.baseUrl);
    const b = new Client(t.baseUrl);
    await registerAndLogin(a);
    await registerAndLogin(b);
    const up = await a.post('/user/subscription/upgrade', { plan: 'plus', gateway: 'sandbox' });
    const res = await b.post('/payment/verify', {
      gateway: 'sandbox',
      transaction_data: { order_id: up.body.order.order_id },
    });
    expect(res.status).toBe(404);
    expect((await b.post('/payment/verify', { gateway: 'sandbox' })).status).toBe(400);
  });
});

describe("the plan's allowance at upload", () => {
  it('refuses the upload past the monthly analyses with 402, and a paid plan lifts it', async () => {
    await t.db
      .updateTable('plans')
      .set({ limits: JSON.stringify({ analyses_per_month: 1, storage_bytes: 1_000_000 }) })
      .where('code', '=', 'free')
      .execute();
    try {
      const c = new Client(t.baseUrl);
      await registerAndLogin(c);
      const send = (name: string, body = 'Glucose 90 mg/dL 70-110') =>
        c.request('POST', '/reports/upload', fileForm(name, body, 'text/plain'));
      expect((await send('one.txt')).status).toBe(201);
      const second = await send('two.txt');
      expect(second.status).toBe(402);
      expect(second.body.detail).toMatch(/used all 1 analyses of the Free plan this month/);
      // Deleting the report does not give the analysis back.
      const list = await c.get('/user/reports');
      await c.delete(`/user/reports/${list.body.reports[0].id}`);
      expect((await send('three.txt')).status).toBe(402);

      const up = await c.post('/user/subscription/upgrade', { plan: 'plus', gateway: 'sandbox' });
      await c.post('/payment/verify', {
        gateway: 'sandbox',
        transaction_data: { order_id: up.body.order.order_id },
      });
      expect((await send('four.txt')).status).toBe(201);
    } finally {
      await t.db
        .updateTable('plans')
        .set({ limits: JSON.stringify({ analyses_per_month: 30, storage_bytes: 524288000 }) })
        .where('code', '=', 'free')
        .execute();
    }
  });

  it('refuses an upload that would pass the storage allowance with 402 and keeps no file', async () => {
    await t.db
      .updateTable('plans')
      .set({ limits: JSON.stringify({ analyses_per_month: 30, storage_bytes: 50 }) })
      .where('code', '=', 'free')
      .execute();
    try {
      const c = new Client(t.baseUrl);
      const me = await registerAndLogin(c);
      const res = await c.request(
        'POST',
        '/reports/upload',
        fileForm('big.txt', 'Glucose 90 mg/dL '.repeat(10), 'text/plain'),
      );
      expect(res.status).toBe(402);
      expect(res.body.detail).toMatch(/storage of .* is full/);
      expect(
        await t.db.selectFrom('reports').select('id').where('user_id', '=', me.user.id).execute(),
      ).toEqual([]);
    } finally {
      await t.db
        .updateTable('plans')
        .set({ limits: JSON.stringify({ analyses_per_month: 30, storage_bytes: 524288000 }) })
        .where('code', '=', 'free')
        .execute();
    }
  });
});
