import type {
  CurrentSubscription,
  ExportedSubscription,
  PaymentView,
  PlanLimits,
  PlanView,
  UpgradeRequest,
  UpgradeResponse,
  UsageStats,
} from '@reportsaathi/contracts';
import { transaction, type DB } from '@reportsaathi/db';
import type { Selectable } from 'kysely';
import type { PaymentsTable, PlansTable } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../kernel/errors';
import { createOrder, pickGateway, verifyTransaction } from './payment-gateways';
import {
  activateSubscription,
  analysesThisMonth,
  cancelSubscription,
  completePayment,
  endOtherSubscriptions,
  findCurrentSubscription,
  findPendingPaymentByOrder,
  findPlanByCode,
  insertPayment,
  insertSubscription,
  listActivePlans,
  listPayments,
  listSubscriptions,
  lockUser,
  recordAnalysisUsage,
  storageUsed,
  usageByMonth,
  type SubscriptionRow,
} from './subscriptions.repo';

type PlanRow = Selectable<PlansTable>;
type PaymentRow = Selectable<PaymentsTable>;

export const FREE_PLAN_CODE = 'free';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function limitsOf(plan: PlanRow): PlanLimits {
  const l = plan.limits ?? {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return { analyses_per_month: num(l.analyses_per_month), storage_bytes: num(l.storage_bytes) };
}

export function toPlanView(p: PlanRow): PlanView {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    price_monthly_paise: p.price_monthly_paise,
    price_yearly_paise: p.price_yearly_paise,
    price_monthly: p.price_monthly_paise / 100,
    price_yearly: p.price_yearly_paise / 100,
    currency: 'INR',
    features: p.features ?? [],
    limits: limitsOf(p),
  };
}

export function toSubscriptionView(s: SubscriptionRow): ExportedSubscription {
  return {
    id: s.id,
    plan: s.plan_code,
    plan_name: s.plan_name,
    status: s.status,
    billing_cycle: s.billing_cycle,
    gateway: s.gateway,
    started_at: iso(s.started_at),
    current_period_end: iso(s.current_period_end),
    cancelled_at: iso(s.cancelled_at),
    cancel_reason: s.cancel_reason,
    created_at: s.created_at.toISOString(),
  };
}

export function toPaymentView(p: PaymentRow): PaymentView {
  return {
    id: p.id,
    subscription_id: p.subscription_id,
    amount_paise: p.amount_paise,
    amount: p.amount_paise / 100,
    currency: p.currency,
    gateway: p.gateway,
    gateway_order_id: p.gateway_order_id,
    gateway_payment_id: p.gateway_payment_id,
    status: p.status,
    created_at: p.created_at.toISOString(),
  };
}

async function freePlan(db: DB): Promise<PlanRow> {
  const plan = await findPlanByCode(db, FREE_PLAN_CODE);
  if (!plan) throw new Error('The free plan is missing (migration 2026-11-22-0060 seeds it)');
  return plan;
}

/** The plan in force for the user (Free when no paid subscription runs) and its subscription. */
export async function currentPlan(
  db: DB,
  userId: number,
): Promise<{ plan: PlanRow; subscription: SubscriptionRow | null }> {
  const sub = await findCurrentSubscription(db, userId);
  if (sub) {
    const plan = await findPlanByCode(db, sub.plan_code);
    if (plan) return { plan, subscription: sub };
  }
  return { plan: await freePlan(db), subscription: null };
}

export async function listPlans(db: DB): Promise<PlanView[]> {
  return (await listActivePlans(db)).map(toPlanView);
}

export async function currentSubscription(db: DB, userId: number): Promise<CurrentSubscription> {
  const { plan, subscription } = await currentPlan(db, userId);
  const [analyses, storage] = await Promise.all([analysesThisMonth(db, userId), storageUsed(db, userId)]);
  return {
    plan: toPlanView(plan),
    subscription: subscription ? toSubscriptionView(subscription) : null,
    usage: { analyses_this_month: analyses, storage_used_bytes: storage },
  };
}

function periodEnd(cycle: 'monthly' | 'yearly', from = new Date()): Date {
  const d = new Date(from);
  if (cycle === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

async function subscriptionRow(db: DB, userId: number, id: number): Promise<SubscriptionRow> {
  const row = (await listSubscriptions(db, userId)).find((s) => s.id === id);
  if (!row) throw notFound('Subscription not found');
  return row;
}

/**
 * Moves the user to a plan. Free (no price) takes effect at once; a paid plan opens a pending
 * subscription and a pending payment with the gateway's order, and takes effect when the
 * payment is verified.
 */
export async function upgrade(
  deps: AppDeps,
  userId: number,
  input: UpgradeRequest,
): Promise<UpgradeResponse> {
  const plan = await findPlanByCode(deps.db, input.plan.toLowerCase());
  if (!plan || !plan.is_active) {
    const codes = (await listActivePlans(deps.db)).map((p) => p.code).join(', ');
    throw badRequest(`Unknown plan: ${input.plan}. Choose one of: ${codes}`);
  }
  const { plan: now, subscription } = await currentPlan(deps.db, userId);
  if (
    now.id === plan.id &&
    (plan.code === FREE_PLAN_CODE ||
      (subscription?.status === 'active' && subscription.billing_cycle === input.billing_cycle))
  )
    throw conflict(`You are already on the ${plan.name} plan`);
  const price = input.billing_cycle === 'yearly' ? plan.price_yearly_paise : plan.price_monthly_paise;
  if (price === 0) {
    const sub = await transaction(deps.db, async (trx) => {
      const s = await insertSubscription(trx, {
        user_id: userId,
        plan_id: plan.id,
        status: 'active',
        billing_cycle: input.billing_cycle,
        gateway: null,
        started_at: new Date(),
        current_period_end: null,
      });
      await endOtherSubscriptions(trx, userId, s.id, `Changed to the ${plan.name} plan`);
      return s;
    });
    return {
      message: `You are now on the ${plan.name} plan`,
      status: 'active',
      subscription: toSubscriptionView(await subscriptionRow(deps.db, userId, sub.id)),
      order: null,
    };
  }
  const gateway = await pickGateway(deps, input.gateway);
  // The order is made before any row, so a gateway failure leaves nothing half-done.
  const order = await createOrder(deps, gateway, price, `rs_${userId}_${Date.now()}`);
  const { sub, payment } = await transaction(deps.db, async (trx) => {
    const s = await insertSubscription(trx, {
      user_id: userId,
      plan_id: plan.id,
      status: 'pending',
      billing_cycle: input.billing_cycle,
      gateway,
    });
    const p = await insertPayment(trx, {
      user_id: userId,
      subscription_id: s.id,
      amount_paise: price,
      gateway,
      gateway_order_id: order.orderId,
    });
    return { sub: s, payment: p };
  });
  return {
    message: `Complete the payment of ₹${price / 100} to start the ${plan.name} plan`,
    status: 'pending',
    subscription: toSubscriptionView(await subscriptionRow(deps.db, userId, sub.id)),
    order: {
      gateway,
      order_id: order.orderId,
      payment_id: payment.id,
      amount_paise: price,
      currency: 'INR',
      key_id: order.keyId,
    },
  };
}

/** Checks the gateway's proof of payment, then completes the payment and starts the plan. */
export async function verifyPayment(
  deps: AppDeps,
  userId: number,
  gateway: string,
  data: Record<string, unknown>,
) {
  const proof = await verifyTransaction(deps, gateway, data);
  const payment = await findPendingPaymentByOrder(deps.db, userId, gateway, proof.orderId);
  if (!payment) throw notFound('Payment order not found');
  if (payment.status === 'completed') throw conflict('This payment has already been verified');
  if (payment.status !== 'pending') throw badRequest(`This payment is ${payment.status}`);
  const result = await transaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    const done = await completePayment(trx, payment.id, proof.paymentId);
    if (!done) throw conflict('This payment has already been verified');
    if (!done.subscription_id) throw new AppError(500, 'Payment without a subscription');
    const sub = await findSubscriptionForPayment(trx, userId, done.subscription_id);
    await activateSubscription(trx, sub.id, periodEnd(sub.billing_cycle));
    await endOtherSubscriptions(trx, userId, sub.id, `Changed to the ${sub.plan_name} plan`);
    return done;
  });
  const sub = await subscriptionRow(deps.db, userId, result.subscription_id!);
  return {
    message: `Payment received. You are now on the ${sub.plan_name} plan.`,
    verified: true as const,
    payment: toPaymentView(result),
    subscription: toSubscriptionView(sub),
  };
}

async function findSubscriptionForPayment(db: DB, userId: number, id: number) {
  return subscriptionRow(db, userId, id);
}

export async function cancel(deps: AppDeps, userId: number, reason: string) {
  const { subscription } = await currentPlan(deps.db, userId);
  if (!subscription || subscription.status !== 'active' || subscription.plan_code === FREE_PLAN_CODE)
    throw badRequest('You have no paid subscription to cancel');
  await cancelSubscription(deps.db, userId, subscription.id, reason);
  const row = await subscriptionRow(deps.db, userId, subscription.id);
  const until = row.current_period_end
    ? ` You keep it until ${row.current_period_end.toISOString().slice(0, 10)}.`
    : '';
  return {
    message: `Your ${row.plan_name} subscription is cancelled.${until}`,
    subscription: toSubscriptionView(row),
  };
}

export async function history(db: DB, userId: number) {
  return { subscriptions: (await listSubscriptions(db, userId)).map(toSubscriptionView) };
}

export async function subscriptionHistory(db: DB, userId: number): Promise<ExportedSubscription[]> {
  return (await listSubscriptions(db, userId)).map(toSubscriptionView);
}

export async function paymentHistory(db: DB, userId: number): Promise<PaymentView[]> {
  return (await listPayments(db, userId)).map(toPaymentView);
}

export async function payments(db: DB, userId: number) {
  return { payments: (await listPayments(db, userId)).map(toPaymentView) };
}

export async function usageStats(db: DB, userId: number, months: number): Promise<UsageStats> {
  const { plan } = await currentPlan(db, userId);
  return { months: await usageByMonth(db, userId, months), limits: limitsOf(plan) };
}

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GB`;
  return `${(n / 1024 ** 2).toFixed(0)} MB`;
}

/**
 * The plan's allowance: analyses this month (IST) and stored bytes. 402 with what to do, since
 * paying (or deleting) lifts it.
 */
export async function assertAnalysisAllowed(db: DB, userId: number): Promise<void> {
  const { plan } = await currentPlan(db, userId);
  const limits = limitsOf(plan);
  if (
    limits.analyses_per_month !== null &&
    (await analysesThisMonth(db, userId)) >= limits.analyses_per_month
  )
    throw new AppError(
      402,
      `You have used all ${limits.analyses_per_month} analyses of the ${plan.name} plan this month. Upgrade your plan to analyse more reports.`,
    );
}

export async function assertStorageAllowed(db: DB, userId: number, incomingBytes: number): Promise<void> {
  const { plan } = await currentPlan(db, userId);
  const limits = limitsOf(plan);
  if (limits.storage_bytes !== null && (await storageUsed(db, userId)) + incomingBytes > limits.storage_bytes)
    throw new AppError(
      402,
      `Your ${plan.name} plan's storage of ${formatBytes(limits.storage_bytes)} is full. Delete old reports or upgrade your plan.`,
    );
}

/**
 * A user's upload allowance for the upload use case (features/reports): checked and recorded in
 * the transaction that inserts the report, under the user's lock (the one payments take too), so
 * parallel uploads cannot all pass the same last free analysis.
 */
export function planAllowance(userId: number) {
  return {
    precheck: (db: DB) => assertAnalysisAllowed(db, userId),
    claim: async (trx: DB, upload: { size: number }) => {
      await lockUser(trx, userId);
      await assertAnalysisAllowed(trx, userId);
      await assertStorageAllowed(trx, userId, upload.size);
    },
    record: (trx: DB, report: { id: number }, upload: { size: number }) =>
      recordAnalysisUsage(trx, userId, report.id, upload.size),
  };
}
