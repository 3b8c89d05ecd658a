import { sql } from 'kysely';
import type { BillingCycleValue, PaymentStatusValue, SubscriptionStatusValue } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { containsText, type ListQuery } from '../../http/list-query';
import { createdWithin, orderWithId, pageWithTotal } from '../../http/list-sql';

/** All SQL of the staff side of plans, subscriptions and payments (decision 075). */

// ───────────── Plans ─────────────

export function listAllPlans(db: DB) {
  return db
    .selectFrom('plans')
    .selectAll('plans')
    .select((eb) =>
      eb
        .selectFrom('subscriptions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('subscriptions.plan_id', '=', 'plans.id')
        .where('subscriptions.status', '=', 'active')
        .as('active_subscriptions'),
    )
    .orderBy('plans.price_monthly_paise')
    .orderBy('plans.id')
    .execute();
}
export type PlanRow = Awaited<ReturnType<typeof listAllPlans>>[number];

export async function findPlanWithCount(db: DB, id: number): Promise<PlanRow | undefined> {
  return (await listAllPlans(db)).find((p) => p.id === id);
}

export function planByCode(db: DB, code: string) {
  return db.selectFrom('plans').select('id').where('code', '=', code).executeTakeFirst();
}

export interface PlanFields {
  name?: string;
  price_monthly_paise?: number;
  price_yearly_paise?: number;
  features?: string[];
  limits?: Record<string, unknown>;
  is_active?: boolean;
}

export function insertPlan(db: DB, p: Required<PlanFields> & { code: string }) {
  return db
    .insertInto('plans')
    .values({ ...p, features: JSON.stringify(p.features), limits: JSON.stringify(p.limits) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updatePlan(db: DB, id: number, p: PlanFields) {
  return db
    .updateTable('plans')
    .set({
      ...p,
      features: p.features === undefined ? undefined : JSON.stringify(p.features),
      limits: p.limits === undefined ? undefined : JSON.stringify(p.limits),
    })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export function lockPlan(db: DB, id: number) {
  return db.selectFrom('plans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

// ───────────── Subscriptions ─────────────

export interface SubscriptionFilters {
  status?: SubscriptionStatusValue;
  plan_id?: number;
  billing_cycle?: BillingCycleValue;
  search?: string;
  from?: Date;
  to?: Date;
}

function filteredSubscriptions(db: DB, f: SubscriptionFilters) {
  let q = db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id');
  if (f.status) q = q.where('subscriptions.status', '=', f.status);
  if (f.plan_id) q = q.where('subscriptions.plan_id', '=', f.plan_id);
  if (f.billing_cycle) q = q.where('subscriptions.billing_cycle', '=', f.billing_cycle);
  if (f.search) {
    const s = f.search;
    q = q.where((eb) => eb.or([containsText('users.email', s), containsText('users.full_name', s)]));
  }
  q = createdWithin(q, 'subscriptions.created_at', f);
  return q;
}

function withSubscriptionColumns<Q extends ReturnType<typeof filteredSubscriptions>>(q: Q) {
  return q
    .selectAll('subscriptions')
    .select(['users.email as user_email', 'users.full_name as user_name'])
    .select(['plans.code as plan_code', 'plans.name as plan_name']);
}

export type SubscriptionSort = 'created_at' | 'current_period_end' | 'status';
const SUBSCRIPTION_SORTS: Record<SubscriptionSort, { column: string; nullable: boolean }> = {
  created_at: { column: 'subscriptions.created_at', nullable: false },
  current_period_end: { column: 'subscriptions.current_period_end', nullable: true },
  status: { column: 'subscriptions.status', nullable: false },
};

export function listSubscriptionsPage(db: DB, q: ListQuery<SubscriptionSort> & SubscriptionFilters) {
  const sort = SUBSCRIPTION_SORTS[q.sort_by];
  const page = orderWithId(
    withSubscriptionColumns(filteredSubscriptions(db, q)),
    sort.column,
    q.sort_order,
    'subscriptions.id',
    sort.nullable,
  )
    .limit(q.limit)
    .offset(q.offset);
  return pageWithTotal(db, filteredSubscriptions(db, q), page.execute(), q);
}

export function findSubscription(db: DB, id: number) {
  return withSubscriptionColumns(filteredSubscriptions(db, {}))
    .where('subscriptions.id', '=', id)
    .executeTakeFirst();
}
export type AdminSubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

/** The row locked for a change, so two admins' edits do not interleave. */
export function lockSubscription(db: DB, id: number) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function setSubscription(
  db: DB,
  id: number,
  changes: {
    plan_id?: number;
    status?: SubscriptionStatusValue;
    billing_cycle?: BillingCycleValue;
    current_period_end?: Date;
    cancelled_at?: Date | null;
    cancel_reason?: string | null;
  },
) {
  return db
    .updateTable('subscriptions')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

// ───────────── Payments ─────────────

export interface PaymentFilters {
  status?: PaymentStatusValue;
  gateway?: string;
  search?: string;
  subscription_id?: number;
  from?: Date;
  to?: Date;
}

function filteredPayments(db: DB, f: PaymentFilters) {
  let q = db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .leftJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .leftJoin('plans', 'plans.id', 'subscriptions.plan_id');
  if (f.status) q = q.where('payments.status', '=', f.status);
  if (f.gateway) q = q.where('payments.gateway', '=', f.gateway);
  if (f.subscription_id) q = q.where('payments.subscription_id', '=', f.subscription_id);
  if (f.search) {
    const s = f.search;
    q = q.where((eb) =>
      eb.or([
        containsText('users.email', s),
        containsText(sql`coalesce(payments.gateway_payment_id, '')`, s),
      ]),
    );
  }
  q = createdWithin(q, 'payments.created_at', f);
  return q;
}

function withPaymentColumns<Q extends ReturnType<typeof filteredPayments>>(q: Q) {
  return q
    .select([
      'payments.id',
      'payments.user_id',
      'payments.subscription_id',
      'payments.amount_paise',
      'payments.currency',
      'payments.gateway',
      'payments.gateway_payment_id',
      'payments.status',
      'payments.refunded_at',
      'payments.refund_id',
      'payments.refund_reason',
      'payments.created_at',
    ])
    .select(['users.email as user_email', 'plans.name as plan_name']);
}

export type PaymentSort = 'created_at' | 'amount_paise';

export function listPaymentsPage(db: DB, q: ListQuery<PaymentSort> & PaymentFilters) {
  const column = q.sort_by === 'amount_paise' ? 'payments.amount_paise' : 'payments.created_at';
  const page = orderWithId(withPaymentColumns(filteredPayments(db, q)), column, q.sort_order, 'payments.id')
    .limit(q.limit)
    .offset(q.offset);
  return pageWithTotal(db, filteredPayments(db, q), page.execute(), q);
}

export function findPayment(db: DB, id: number) {
  return withPaymentColumns(filteredPayments(db, {})).where('payments.id', '=', id).executeTakeFirst();
}
export type AdminPaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/** A subscription's payments, newest first (a subscription has a handful: one per paid period). */
export function paymentsOfSubscription(db: DB, subscriptionId: number) {
  return withPaymentColumns(filteredPayments(db, { subscription_id: subscriptionId }))
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(200)
    .execute();
}

// ───────────── Dashboard ─────────────

export async function dashboardFigures(db: DB, now: Date) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const sixMonthsStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1));
  const windowStart = new Date(now.getTime() - 30 * 86_400_000);
  const [byPlan, revenue, churn] = await Promise.all([
    db
      .selectFrom('plans')
      .leftJoin('subscriptions', (j) =>
        j.onRef('subscriptions.plan_id', '=', 'plans.id').on('subscriptions.status', '=', 'active'),
      )
      .select(['plans.id as plan_id', 'plans.code as plan_code', 'plans.name as plan_name'])
      .select((eb) => eb.fn.count<number>('subscriptions.id').as('count'))
      .groupBy(['plans.id', 'plans.code', 'plans.name', 'plans.price_monthly_paise'])
      .orderBy('plans.price_monthly_paise')
      .orderBy('plans.id')
      .execute(),
    // Completed payments only: a refunded payment has status 'refunded' and counts for nothing.
    db
      .selectFrom('payments')
      .select(sql<string>`to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM')`.as('month'))
      .select((eb) => eb.fn.sum<string>('amount_paise').as('paise'))
      .where('status', '=', 'completed')
      .where('created_at', '>=', sixMonthsStart)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('subscriptions')
      .select([
        sql<string>`count(*) FILTER (WHERE status = 'cancelled' AND cancelled_at >= ${windowStart})`.as(
          'cancelled',
        ),
        sql<string>`count(*) FILTER (WHERE status = 'active' OR (status = 'cancelled' AND cancelled_at >= ${windowStart}))`.as(
          'base',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { byPlan, revenue, churn, monthStart, sixMonthsStart };
}

/** Locks a payment for its refund, so two staff members cannot refund it twice. */
export function lockPayment(db: DB, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function markRefunded(db: DB, id: number, refundId: string, reason: string) {
  return db
    .updateTable('payments')
    .set({ status: 'refunded', refunded_at: new Date(), refund_id: refundId, refund_reason: reason })
    .where('id', '=', id)
    .execute();
}
