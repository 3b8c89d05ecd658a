import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './harness';
import { auditRows, seedUser, signedInAdmin } from './admin-helpers';

/** The staff side of plans, subscriptions and payments: every call and role, and the bad inputs. */

let t: TestApp;
let superAdmin: Client;
let admin: Client;
let moderator: Client;
let viewer: Client;
let plusId = 0;
let familyId = 0;
let subA = 0;
let subB = 0;
let paymentId = 0;
/** Razorpay's Refunds API, spoken by a local server: it refuses payment ids containing "refuse". */
let razorpay: http.Server;
const refundCalls: Array<{ url: string; amount: number; auth: string }> = [];

function monthsAgo(n: number, day = 10): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 10)).toISOString();
}

beforeAll(async () => {
  razorpay = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return void res.writeHead(404).end();
      refundCalls.push({
        url: req.url!,
        amount: JSON.parse(body).amount,
        auth: req.headers.authorization ?? '',
      });
      if (m[1].includes('refuse')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `rfnd_T${refundCalls.length}`, entity: 'refund', status: 'processed' }));
    });
  });
  await new Promise<void>((r) => razorpay.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    RAZORPAY_KEY_ID: 'rzp_test_key',
    RAZORPAY_KEY_SECRET: 'rzp_test_secret',
    RAZORPAY_API_URL: `http://127.0.0.1:${(razorpay.address() as AddressInfo).port}`,
  });
  superAdmin = (await signedInAdmin(t, 'super_admin')).c;
  admin = (await signedInAdmin(t, 'admin')).c;
  moderator = (await signedInAdmin(t, 'moderator')).c;
  viewer = (await signedInAdmin(t, 'viewer')).c;
  const plans = await t.db.selectFrom('plans').select(['id', 'code']).execute();
  plusId = plans.find((p) => p.code === 'plus')!.id;
  familyId = plans.find((p) => p.code === 'family')!.id;

  const asha = await seedUser(t, { email: 'asha@example.com', full_name: 'Asha Verma' });
  const vikram = await seedUser(t, { email: 'vikram@example.com', full_name: 'Vikram Rao' });
  const old = await seedUser(t, { email: 'old@example.com' });
  const ins = (v: {
    user_id: number;
    plan_id: number;
    status: 'active' | 'cancelled' | 'pending';
    billing_cycle?: 'monthly' | 'yearly';
    cancelled_at?: string;
  }) =>
    t.db
      .insertInto('subscriptions')
      .values({
        billing_cycle: 'monthly',
        gateway: 'sandbox',
        started_at: new Date(),
        current_period_end: new Date(Date.now() + 20 * 86_400_000),
        ...v,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  subA = (await ins({ user_id: asha.id, plan_id: plusId, status: 'active' })).id;
  subB = (await ins({ user_id: vikram.id, plan_id: familyId, status: 'active', billing_cycle: 'yearly' })).id;
  await ins({
    user_id: old.id,
    plan_id: plusId,
    status: 'cancelled',
    cancelled_at: new Date().toISOString(),
  });
  const pay = (
    user_id: number,
    subscription_id: number,
    amount_paise: number,
    status: string,
    created_at: string,
  ) =>
    t.db
      .insertInto('payments')
      .values({
        user_id,
        subscription_id,
        amount_paise,
        gateway: 'sandbox',
        gateway_payment_id: `pay_${amount_paise}_${status}`,
        status: status as 'completed',
        created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  paymentId = (await pay(asha.id, subA, 19900, 'completed', monthsAgo(0, 1))).id;
  await pay(vikram.id, subB, 499000, 'completed', monthsAgo(2));
  await pay(asha.id, subA, 19900, 'refunded', monthsAgo(0, 1));
  await pay(asha.id, subA, 19900, 'completed', monthsAgo(8)); // outside the 6 months
});

afterAll(async () => {
  await t?.close();
  razorpay?.close();
});

describe('GET /admin/subscriptions/dashboard', () => {
  it('counts active subscriptions by plan, revenue in INR this month and the last 6, and churn', async () => {
    const res = await admin.get('/admin/subscriptions/dashboard');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.currency).toBe('INR');
    expect(d.active_subscriptions).toBe(2);
    const by = Object.fromEntries(
      d.active_by_plan.map((p: { plan_code: string; count: number }) => [p.plan_code, p.count]),
    );
    expect(by).toMatchObject({ plus: 1, family: 1, free: 0 });
    // The refunded payment counts for nothing.
    expect(d.revenue.this_month_paise).toBe(19900);
    expect(d.revenue.this_month).toBe(199);
    expect(d.revenue.months).toHaveLength(6);
    expect(d.revenue.months[5].month).toBe(new Date().toISOString().slice(0, 7));
    expect(d.revenue.months[3].amount_paise).toBe(499000);
    expect(d.revenue.months.reduce((n: number, m: { amount_paise: number }) => n + m.amount_paise, 0)).toBe(
      19900 + 499000,
    );
    expect(d.churn).toEqual({ window_days: 30, cancelled: 1, base: 3, rate: 33.3 });
  });
});

describe('subscriptions', () => {
  it('lists with filters, search and paging', async () => {
    const all = await admin.get('/admin/subscriptions/subscriptions');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.subscriptions[0]).toMatchObject({
      plan_code: expect.any(String),
      user_email: expect.any(String),
    });
    const active = await admin.get(
      '/admin/subscriptions/subscriptions?status=active&sort_by=status&sort_order=asc',
    );
    expect(active.body.subscriptions.map((s: { id: number }) => s.id).sort()).toEqual([subA, subB].sort());
    const yearly = await admin.get(
      `/admin/subscriptions/subscriptions?billing_cycle=yearly&plan_id=${familyId}`,
    );
    expect(yearly.body.subscriptions.map((s: { id: number }) => s.id)).toEqual([subB]);
    const search = await admin.get('/admin/subscriptions/subscriptions?search=asha');
    expect(search.body.subscriptions).toHaveLength(1);
    expect(search.body.subscriptions[0].user_name).toBe('Asha Verma');
    const paged = await admin.get('/admin/subscriptions/subscriptions?limit=2&page=2');
    expect(paged.body).toMatchObject({ total: 3, total_pages: 2, page: 2, limit: 2 });
    expect(paged.body.subscriptions).toHaveLength(1);
    const bad = await admin.get('/admin/subscriptions/subscriptions?status=gold');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('status must be one of');
  });

  it('shows one with its payments (to those who may see payments)', async () => {
    const res = await admin.get(`/admin/subscriptions/subscriptions/${subA}`);
    expect(res.status).toBe(200);
    expect(res.body.user_email).toBe('asha@example.com');
    expect(res.body.payments).toHaveLength(3);
    expect(res.body.payments[0]).toMatchObject({ amount_paise: 19900, amount: 199, currency: 'INR' });
    const missing = await admin.get('/admin/subscriptions/subscriptions/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Subscription not found');
  });

  it('changes plan, cycle and period end, audited with before and after', async () => {
    const res = await admin.request('PUT', `/admin/subscriptions/subscriptions/${subA}`, {
      plan_id: familyId,
      billing_cycle: 'yearly',
      current_period_end: '2027-01-31',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan_code: 'family', billing_cycle: 'yearly' });
    expect(res.body.current_period_end.slice(0, 10)).toBe('2027-01-31');
    const [row] = await auditRows(t, 'update_subscription');
    expect(row.success).toBe('success');
    expect(row.resource_id).toBe(String(subA));
    expect(row.details).toMatchObject({
      before: { plan_id: plusId, billing_cycle: 'monthly' },
      after: { plan_id: familyId },
    });
  });

  it('refuses bad changes with a detail and changes nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Nothing to change'],
      [{ status: 'gold' }, 400, 'Status must be one of'],
      [{ plan_id: 999999 }, 400, 'No plan with id 999999'],
      [{ current_period_end: 'soon' }, 400, 'current_period_end must be a date'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await admin.request('PUT', `/admin/subscriptions/subscriptions/${subB}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toContain(detail);
    }
    const after = await admin.get(`/admin/subscriptions/subscriptions/${subB}`);
    expect(after.body).toMatchObject({ plan_code: 'family', billing_cycle: 'yearly', status: 'active' });
    expect(
      (await admin.request('PUT', '/admin/subscriptions/subscriptions/999999', { status: 'active' })).status,
    ).toBe(404);
  });

  it('cancels with a reason, keeps the paid period, and refuses a second cancel with 409', async () => {
    expect(
      (await admin.post(`/admin/subscriptions/subscriptions/${subB}/cancel`, { reason: '  ' })).body.detail,
    ).toBe('Please give a reason');
    const res = await admin.post(`/admin/subscriptions/subscriptions/${subB}/cancel`, {
      reason: 'Asked by phone',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Asked by phone' });
    expect(res.body.cancelled_at).toBeTruthy();
    expect(Date.parse(res.body.current_period_end)).toBeGreaterThan(Date.now());
    const again = await admin.post(`/admin/subscriptions/subscriptions/${subB}/cancel`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This subscription is already cancelled');
    const rows = await auditRows(t, 'cancel_subscription');
    expect(rows.map((r) => r.success)).toEqual(['failed', 'success']);
    expect(rows[1].details).toMatchObject({ reason: 'Asked by phone', previous_status: 'active' });
  });
});

describe('plans', () => {
  it('lists every plan, inactive ones too, with prices in paise and rupees', async () => {
    const res = await viewer.get('/admin/subscriptions/plans');
    expect(res.status).toBe(403);
    const ok = await admin.get('/admin/subscriptions/plans');
    expect(ok.status).toBe(200);
    const plus = ok.body.plans.find((p: { code: string }) => p.code === 'plus');
    expect(plus).toMatchObject({ price_monthly_paise: 19900, price_monthly: 199, is_active: true });
  });

  it('creates, edits and deactivates a plan (super admin), audited', async () => {
    const created = await superAdmin.post('/admin/subscriptions/plans', {
      code: 'clinic',
      name: 'Clinic',
      price_monthly_paise: 99900,
      price_yearly_paise: 999000,
      features: ['Unlimited analyses'],
      limits: { analyses_per_month: null },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'clinic', price_monthly: 999, active_subscriptions: 0 });
    const id = created.body.id as number;
    const dup = await superAdmin.post('/admin/subscriptions/plans', {
      code: 'clinic',
      name: 'Clinic 2',
      price_monthly_paise: 1,
      price_yearly_paise: 1,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe("A plan with the code 'clinic' already exists");

    const edited = await superAdmin.request('PUT', `/admin/subscriptions/plans/${id}`, {
      price_monthly_paise: 89900,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.price_monthly).toBe(899);
    const off = await superAdmin.request('PUT', `/admin/subscriptions/plans/${id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    // A deactivated plan is no longer offered to users.
    const offered = await t.db.selectFrom('plans').select('code').where('is_active', '=', true).execute();
    expect(offered.map((p) => p.code)).not.toContain('clinic');

    expect((await auditRows(t, 'create_plan'))[1]).toMatchObject({
      success: 'success',
      resource_id: String(id),
    });
    expect((await auditRows(t, 'update_plan'))[0].details).toMatchObject({
      before: { price_monthly_paise: 99900 },
      after: { price_monthly_paise: 89900 },
    });
    expect((await auditRows(t, 'deactivate_plan'))[0].success).toBe('success');
  });

  it('refuses a negative price, a bad code and an empty change; a missing plan is 404', async () => {
    const neg = await superAdmin.post('/admin/subscriptions/plans', {
      code: 'cheap',
      name: 'Cheap',
      price_monthly_paise: -100,
      price_yearly_paise: 0,
    });
    expect(neg.status).toBe(400);
    expect(neg.body.detail).toContain('Price must not be negative');
    const code = await superAdmin.post('/admin/subscriptions/plans', {
      code: 'Bad Code',
      name: 'x',
      price_monthly_paise: 0,
      price_yearly_paise: 0,
    });
    expect(code.status).toBe(400);
    expect(
      (await superAdmin.request('PUT', `/admin/subscriptions/plans/${plusId}`, {})).body.detail,
    ).toContain('Nothing to change');
    const negEdit = await superAdmin.request('PUT', `/admin/subscriptions/plans/${plusId}`, {
      price_yearly_paise: -1,
    });
    expect(negEdit.status).toBe(400);
    expect(
      (await t.db
        .selectFrom('plans')
        .select('price_yearly_paise')
        .where('id', '=', plusId)
        .executeTakeFirst())!.price_yearly_paise,
    ).toBe(199000);
    const missing = await superAdmin.request('PUT', '/admin/subscriptions/plans/999999', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Plan not found');
  });

  it('needs manage_subscription_plans to change plans (an admin may only view them)', async () => {
    expect(
      (
        await admin.post('/admin/subscriptions/plans', {
          code: 'x1',
          name: 'x',
          price_monthly_paise: 0,
          price_yearly_paise: 0,
        })
      ).status,
    ).toBe(403);
    expect((await admin.request('PUT', `/admin/subscriptions/plans/${plusId}`, { name: 'x' })).status).toBe(
      403,
    );
  });
});

describe('payments', () => {
  it('lists with filters and shows one', async () => {
    const all = await admin.get('/admin/subscriptions/payments');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    const refunded = await admin.get('/admin/subscriptions/payments?status=refunded');
    expect(refunded.body.payments).toHaveLength(1);
    const byAmount = await admin.get('/admin/subscriptions/payments?sort_by=amount_paise&sort_order=desc');
    expect(byAmount.body.payments[0].amount_paise).toBe(499000);
    const search = await admin.get('/admin/subscriptions/payments?search=vikram');
    expect(search.body.payments.map((p: { user_email: string }) => p.user_email)).toEqual([
      'vikram@example.com',
    ]);
    const dated = await admin.get(
      `/admin/subscriptions/payments?date_from=${monthsAgo(9).slice(0, 10)}&date_to=${monthsAgo(7).slice(0, 10)}`,
    );
    expect(dated.body.total).toBe(1);
    const one = await admin.get(`/admin/subscriptions/payments/${paymentId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: paymentId,
      amount: 199,
      plan_name: expect.any(String),
      status: 'completed',
    });
    expect((await admin.get('/admin/subscriptions/payments/999999')).body.detail).toBe('Payment not found');
    expect((await admin.get('/admin/subscriptions/payments?status=lost')).status).toBe(400);
  });
});

describe('roles', () => {
  it('viewer and moderator see nothing of subscriptions and payments', async () => {
    for (const c of [viewer, moderator]) {
      expect((await c.get('/admin/subscriptions/dashboard')).status).toBe(403);
      expect((await c.get('/admin/subscriptions/subscriptions')).status).toBe(403);
      expect((await c.get(`/admin/subscriptions/subscriptions/${subA}`)).status).toBe(403);
      expect((await c.get('/admin/subscriptions/payments')).status).toBe(403);
      expect((await c.get(`/admin/subscriptions/payments/${paymentId}`)).status).toBe(403);
      expect(
        (await c.post(`/admin/subscriptions/subscriptions/${subA}/cancel`, { reason: 'x' })).status,
      ).toBe(403);
      expect(
        (await c.request('PUT', `/admin/subscriptions/subscriptions/${subA}`, { status: 'active' })).status,
      ).toBe(403);
    }
  });
});

describe('POST /admin/subscriptions/payments/{id}/refund', () => {
  const refund = (c: Client, id: number, body: object) =>
    c.post(`/admin/subscriptions/payments/${id}/refund`, body);
  const subscriptionOf = (id: number) =>
    t.db
      .selectFrom('subscriptions')
      .select(['status', 'current_period_end', 'cancel_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const paymentStatus = async (id: number) =>
    (await t.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('is for a super admin only (process_refunds), and needs a reason', async () => {
    for (const c of [admin, moderator, viewer])
      expect((await refund(c, paymentId, { reason: 'x' })).status).toBe(403);
    const empty = await refund(superAdmin, paymentId, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('Please give a reason');
    const missing = await refund(superAdmin, 999999, { reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Payment not found');
    expect(await paymentStatus(paymentId)).toBe('completed');
  });

  it('refunds a sandbox payment, ends its subscription now, audits it; a second refund is 409', async () => {
    const res = await refund(superAdmin, paymentId, { reason: 'Charged twice' });
    expect(res.status).toBe(200);
    expect(res.body.subscription_ended).toBe(true);
    expect(res.body.payment).toMatchObject({
      id: paymentId,
      status: 'refunded',
      refund_reason: 'Charged twice',
      refund_id: expect.stringMatching(/^sandbox_refund_/),
    });
    expect(Date.parse(res.body.payment.refunded_at)).toBeGreaterThan(Date.now() - 60_000);
    const sub = await t.db
      .selectFrom('subscriptions')
      .select(['status', 'current_period_end', 'cancel_reason'])
      .where('id', '=', subA)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('cancelled');
    expect(sub.current_period_end!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(sub.cancel_reason).toBe('Refunded: Charged twice');

    const again = await refund(superAdmin, paymentId, { reason: 'Charged twice' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Only a completed payment can be refunded; this one is refunded');
    const rows = await auditRows(t, 'refund_payment');
    // Newest first: the 409 above, the refund, and the refund of a payment that does not exist.
    expect(rows.map((r) => r.success)).toEqual(['failed', 'success', 'failed']);
    expect(rows[1].resource_id).toBe(String(paymentId));
    expect(rows[1].details).toMatchObject({
      reason: 'Charged twice',
      amount_paise: 19900,
      subscription_ended: true,
    });
    // Revenue counts the refunded payment for nothing.
    expect((await admin.get('/admin/subscriptions/dashboard')).body.revenue.this_month_paise).toBe(0);
  });

  it('refunds through Razorpay with the key pair, keeping the subscription when asked', async () => {
    const insertPayment = (gatewayPaymentId: string) =>
      t.db
        .insertInto('payments')
        .values({
          user_id: t.db.selectFrom('subscriptions').select('user_id').where('id', '=', subB),
          subscription_id: subB,
          amount_paise: 499000,
          gateway: 'razorpay',
          gateway_payment_id: gatewayPaymentId,
          status: 'completed',
          created_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const before = await subscriptionOf(subB);
    const { id } = await insertPayment('pay_R1');
    const res = await refund(superAdmin, id, { reason: 'Goodwill', end_subscription: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subscription_ended: false,
      payment: { status: 'refunded', refund_id: 'rfnd_T1' },
    });
    expect(refundCalls[0]).toEqual({
      url: '/v1/payments/pay_R1/refund',
      amount: 499000,
      auth: `Basic ${Buffer.from('rzp_test_key:rzp_test_secret').toString('base64')}`,
    });
    expect(await subscriptionOf(subB)).toEqual(before);

    // The gateway refuses: nothing changes, and the audit log says it failed.
    const refused = await insertPayment('pay_refuse_1');
    const bad = await refund(superAdmin, refused.id, { reason: 'Goodwill' });
    expect(bad.status).toBe(502);
    expect(bad.body.detail).toBe('The payment gateway refused the refund. Nothing was changed.');
    expect(await paymentStatus(refused.id)).toBe('completed');
    const [row] = await auditRows(t, 'refund_payment');
    expect(row).toMatchObject({ success: 'failed', resource_id: String(refused.id) });
  });
});
