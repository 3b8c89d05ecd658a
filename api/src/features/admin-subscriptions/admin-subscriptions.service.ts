import { PLAN_NOT_FOUND, SUBSCRIPTION_NOT_FOUND, PAYMENT_NOT_FOUND } from '@reportsaathi/contracts';
import type {
  AdminPayment,
  AdminPlan,
  AdminSubscription,
  AdminSubscriptionDetail,
  CancelSubscriptionRequest,
  RefundPaymentResult,
  SubscriptionDashboard,
} from '@reportsaathi/contracts';
import {
  createPlanRequest,
  refundPaymentRequest,
  updatePlanRequest,
  updateSubscriptionRequest,
} from '@reportsaathi/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { refundThroughGateway } from '../subscriptions';
import type { AdminActor } from '../../kernel/principal';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { audited } from '../audit';
import {
  dashboardFigures,
  findPlanWithCount,
  findPayment,
  findSubscription,
  insertPlan,
  lockPayment,
  lockPlan,
  lockSubscription,
  markRefunded,
  paymentsOfSubscription,
  planByCode,
  setSubscription,
  updatePlan,
  type AdminPaymentRow,
  type AdminSubscriptionRow,
  type PlanRow,
} from './admin-subscriptions.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rupees = (paise: number) => Math.round(paise) / 100;

export function toAdminPlan(p: PlanRow): AdminPlan {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    price_monthly_paise: p.price_monthly_paise,
    price_yearly_paise: p.price_yearly_paise,
    price_monthly: rupees(p.price_monthly_paise),
    price_yearly: rupees(p.price_yearly_paise),
    features: p.features ?? [],
    limits: p.limits ?? {},
    is_active: p.is_active,
    active_subscriptions: Number(p.active_subscriptions ?? 0),
    created_at: p.created_at.toISOString(),
  };
}

export function toAdminSubscription(s: AdminSubscriptionRow): AdminSubscription {
  return {
    id: s.id,
    user_id: s.user_id,
    user_email: s.user_email,
    user_name: s.user_name,
    plan_id: s.plan_id,
    plan_code: s.plan_code,
    plan_name: s.plan_name,
    status: s.status,
    billing_cycle: s.billing_cycle,
    gateway: s.gateway,
    started_at: iso(s.started_at),
    current_period_end: iso(s.current_period_end),
    cancelled_at: iso(s.cancelled_at),
    cancel_reason: s.cancel_reason,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

export function toAdminPayment(p: AdminPaymentRow): AdminPayment {
  return {
    id: p.id,
    user_id: p.user_id,
    user_email: p.user_email,
    subscription_id: p.subscription_id,
    plan_name: p.plan_name,
    amount_paise: p.amount_paise,
    amount: rupees(p.amount_paise),
    currency: p.currency,
    gateway: p.gateway,
    gateway_payment_id: p.gateway_payment_id,
    status: p.status,
    refunded_at: iso(p.refunded_at),
    refund_id: p.refund_id,
    refund_reason: p.refund_reason,
    created_at: p.created_at.toISOString(),
  };
}

export async function subscriptionDashboard(deps: Pick<AppDeps, 'db'>): Promise<SubscriptionDashboard> {
  const now = new Date();
  const { byPlan, revenue, churn, sixMonthsStart } = await dashboardFigures(deps.db, now);
  const byMonth = new Map(revenue.map((r) => [r.month, Number(r.paise ?? 0)]));
  const months = Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(sixMonthsStart.getUTCFullYear(), sixMonthsStart.getUTCMonth() + i, 1));
    const month = d.toISOString().slice(0, 7);
    const paise = byMonth.get(month) ?? 0;
    return { month, amount_paise: paise, amount: rupees(paise) };
  });
  const thisMonth = months[months.length - 1].amount_paise;
  const cancelled = Number(churn.cancelled);
  const base = Number(churn.base);
  return {
    currency: 'INR',
    active_subscriptions: byPlan.reduce((n, p) => n + Number(p.count), 0),
    active_by_plan: byPlan.map((p) => ({ ...p, count: Number(p.count) })),
    revenue: { this_month_paise: thisMonth, this_month: rupees(thisMonth), months },
    churn: {
      window_days: 30,
      cancelled,
      base,
      rate: base ? Math.round((cancelled / base) * 1000) / 10 : 0,
    },
  };
}

export async function subscriptionDetail(
  deps: Pick<AppDeps, 'db'>,
  id: number,
  withPayments: boolean,
): Promise<AdminSubscriptionDetail> {
  const row = await findSubscription(deps.db, id);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const payments = withPayments ? await paymentsOfSubscription(deps.db, id) : [];
  return { ...toAdminSubscription(row), payments: payments.map(toAdminPayment) };
}

type PlanInput = z.output<typeof createPlanRequest>;
type PlanChanges = z.output<typeof updatePlanRequest>;
type SubscriptionChanges = z.output<typeof updateSubscriptionRequest>;

export function createPlan(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  input: PlanInput,
): Promise<AdminPlan> {
  return audited(
    deps,
    actor,
    { action: 'create_plan', resource_type: 'plan', details: { ...input } },
    async (trx, note) => {
      if (await planByCode(trx, input.code))
        throw conflict(`A plan with the code '${input.code}' already exists`);
      const { id } = await insertPlan(trx, input);
      note.resourceId(id);
      return toAdminPlan((await findPlanWithCount(trx, id))!);
    },
  );
}

export function editPlan(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  id: number,
  changes: PlanChanges,
): Promise<AdminPlan> {
  // Turning a plan off is its own action in the trail: subscribers keep it, nobody new can take it.
  const action = changes.is_active === false ? 'deactivate_plan' : 'update_plan';
  return audited(deps, actor, { action, resource_type: 'plan', resource_id: id }, async (trx, note) => {
    const before = await lockPlan(trx, id);
    if (!before) throw notFound(PLAN_NOT_FOUND);
    await updatePlan(trx, id, changes);
    const pick = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.keys(changes).map((k) => [k, o[k]]));
    note.details({ code: before.code, before: pick(before), after: changes });
    return toAdminPlan((await findPlanWithCount(trx, id))!);
  });
}

export function editSubscription(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  id: number,
  changes: SubscriptionChanges,
): Promise<AdminSubscription> {
  return audited(
    deps,
    actor,
    { action: 'update_subscription', resource_type: 'subscription', resource_id: id },
    async (trx, note) => {
      const before = await lockSubscription(trx, id);
      if (!before) throw notFound(SUBSCRIPTION_NOT_FOUND);
      if (changes.plan_id !== undefined) {
        const plan = await lockPlan(trx, changes.plan_id);
        if (!plan) throw badRequest(`No plan with id ${changes.plan_id}`);
      }
      const status = changes.status;
      await setSubscription(trx, id, {
        ...changes,
        current_period_end: changes.current_period_end ? new Date(changes.current_period_end) : undefined,
        // A status set by hand keeps cancelled_at truthful: set when it becomes cancelled, cleared when revived.
        ...(status === 'cancelled' && before.status !== 'cancelled' ? { cancelled_at: new Date() } : {}),
        ...(status && status !== 'cancelled' && before.cancelled_at
          ? { cancelled_at: null, cancel_reason: null }
          : {}),
      });
      const pick = (o: Record<string, unknown>) =>
        Object.fromEntries(
          Object.keys(changes).map((k) => [k, o[k] instanceof Date ? (o[k] as Date).toISOString() : o[k]]),
        );
      note.details({ user_id: before.user_id, before: pick(before), after: changes });
      return toAdminSubscription((await findSubscription(trx, id))!);
    },
  );
}

export function cancelSubscriptionByAdmin(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  id: number,
  input: CancelSubscriptionRequest,
): Promise<AdminSubscription> {
  return audited(
    deps,
    actor,
    {
      action: 'cancel_subscription',
      resource_type: 'subscription',
      resource_id: id,
      details: { reason: input.reason },
    },
    async (trx, note) => {
      const before = await lockSubscription(trx, id);
      if (!before) throw notFound(SUBSCRIPTION_NOT_FOUND);
      if (before.status === 'cancelled' || before.status === 'expired')
        throw conflict(`This subscription is already ${before.status}`);
      // The paid period is kept: cancelling stops renewal, as when the user cancels (decision 061).
      await setSubscription(trx, id, {
        status: 'cancelled',
        cancelled_at: new Date(),
        cancel_reason: input.reason,
      });
      note.details({ user_id: before.user_id, previous_status: before.status });
      return toAdminSubscription((await findSubscription(trx, id))!);
    },
  );
}

/**
 * Refunds a completed payment in full through the gateway that took it (process_refunds), and by
 * default ends the subscription it paid for at once. The payment row stays locked while the gateway
 * answers, so a second refund waits and then finds it refunded (409); a gateway that refuses leaves
 * everything as it was, and the audit row records the failure.
 */
export function refundPayment(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: z.output<typeof refundPaymentRequest>,
): Promise<RefundPaymentResult> {
  return audited(
    deps,
    actor,
    {
      action: 'refund_payment',
      resource_type: 'payment',
      resource_id: id,
      details: { reason: input.reason, end_subscription: input.end_subscription },
    },
    async (trx, note) => {
      const payment = await lockPayment(trx, id);
      if (!payment) throw notFound(PAYMENT_NOT_FOUND);
      if (payment.status !== 'completed')
        throw conflict(`Only a completed payment can be refunded; this one is ${payment.status}`);
      const refundId = await refundThroughGateway(
        deps,
        payment.gateway,
        payment.gateway_payment_id,
        payment.amount_paise,
      );
      await markRefunded(trx, id, refundId, input.reason);
      let subscriptionEnded = false;
      if (input.end_subscription && payment.subscription_id) {
        const sub = await lockSubscription(trx, payment.subscription_id);
        if (
          sub &&
          (sub.status === 'active' || sub.status === 'cancelled') &&
          isRunning(sub.current_period_end)
        ) {
          const now = new Date();
          await setSubscription(trx, sub.id, {
            status: 'cancelled',
            cancelled_at: sub.cancelled_at ?? now,
            cancel_reason: `Refunded: ${input.reason}`,
            current_period_end: now,
          });
          subscriptionEnded = true;
        }
      }
      note.details({
        user_id: payment.user_id,
        amount_paise: payment.amount_paise,
        gateway: payment.gateway,
        refund_id: refundId,
        subscription_id: payment.subscription_id,
        subscription_ended: subscriptionEnded,
      });
      return {
        payment: toAdminPayment((await findPayment(trx, id))!),
        subscription_ended: subscriptionEnded,
      };
    },
  );
}

/** A subscription still gives its plan until its period ends (no end: until cancelled). */
const isRunning = (periodEnd: Date | null) => !periodEnd || periodEnd > new Date();
