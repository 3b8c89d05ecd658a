import { contract, hasPermission, PAYMENT_NOT_FOUND } from '@reportsaathi/contracts';
import { notFound } from '../../kernel/errors';
import { pageFields } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import {
  findPayment,
  listAllPlans,
  listPaymentsPage,
  listSubscriptionsPage,
} from './admin-subscriptions.repo';
import {
  cancelSubscriptionByAdmin,
  createPlan,
  editPlan,
  editSubscription,
  refundPayment,
  subscriptionDashboard,
  subscriptionDetail,
  toAdminPayment,
  toAdminPlan,
  toAdminSubscription,
} from './admin-subscriptions.service';

const s = contract.adminSubscriptions;

/**
 * /admin/subscriptions: the staff side of plans, subscriptions and payments (permissions
 * view_subscriptions, manage_subscriptions, view_payments; plans are changed with
 * manage_subscription_plans). Every change is audited.
 */
export const adminSubscriptionsRoutes = [
  defineRoute(s.dashboard, ({ deps }) => subscriptionDashboard(deps)),
  defineRoute(s.list, async ({ deps, query }) => {
    const { rows, total } = await listSubscriptionsPage(deps.db, query);
    return { subscriptions: rows.map(toAdminSubscription), ...pageFields(total, query) };
  }),
  // Its payments only for an admin who may see payments.
  defineRoute(s.get, ({ deps, actor, params }) =>
    subscriptionDetail(deps, params.id, hasPermission(actor.admin.role, 'view_payments')),
  ),
  defineRoute(s.update, ({ deps, actor, params, body }) => editSubscription(deps, actor, params.id, body)),
  defineRoute(s.cancel, ({ deps, actor, params, body }) =>
    cancelSubscriptionByAdmin(deps, actor, params.id, body),
  ),
  defineRoute(s.plans, async ({ deps }) => ({ plans: (await listAllPlans(deps.db)).map(toAdminPlan) })),
  defineRoute(s.createPlan, ({ deps, actor, body }) => createPlan(deps, actor, body)),
  defineRoute(s.updatePlan, ({ deps, actor, params, body }) => editPlan(deps, actor, params.id, body)),
  defineRoute(s.payments, async ({ deps, query }) => {
    const { rows, total } = await listPaymentsPage(deps.db, query);
    return { payments: rows.map(toAdminPayment), ...pageFields(total, query) };
  }),
  defineRoute(s.payment, async ({ deps, params }) => {
    const row = await findPayment(deps.db, params.id);
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    return toAdminPayment(row);
  }),
  defineRoute(s.refund, ({ deps, actor, params, body }) => refundPayment(deps, actor, params.id, body)),
];
