import {
  BILLING_CYCLE_VALUES,
  cancelSubscriptionRequest,
  createPlanRequest,
  refundPaymentRequest,
  hasPermission,
  PAYMENT_STATUS_VALUES,
  SUBSCRIPTION_STATUS_VALUES,
  updatePlanRequest,
  updateSubscriptionRequest,
} from '@reportsaathi/contracts';
import { z } from 'zod';
import { notFound } from '../../kernel/errors';
import { enumParam, idFilter, listQuery, pageFields } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
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
  PAYMENT_NOT_FOUND,
  PLAN_NOT_FOUND,
  refundPayment,
  SUBSCRIPTION_NOT_FOUND,
  subscriptionDashboard,
  subscriptionDetail,
  toAdminPayment,
  toAdminPlan,
  toAdminSubscription,
} from './admin-subscriptions.service';

const subscriptionsQuery = listQuery(
  ['created_at', 'current_period_end', 'status'],
  {},
  {
    status: enumParam('status', SUBSCRIPTION_STATUS_VALUES),
    plan_id: idFilter('plan_id'),
    billing_cycle: enumParam('billing_cycle', BILLING_CYCLE_VALUES),
  },
);

const paymentsQuery = listQuery(
  ['created_at', 'amount_paise'],
  {},
  {
    status: enumParam('status', PAYMENT_STATUS_VALUES),
    gateway: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().max(40, 'gateway must be at most 40 characters').optional(),
    ),
  },
);

const subscriptionId = { params: idParams('id'), notFound: SUBSCRIPTION_NOT_FOUND };

/**
 * /admin/subscriptions: the staff side of plans, subscriptions and payments (permissions
 * view_subscriptions, manage_subscriptions, view_payments; plans are changed with
 * manage_subscription_plans). Every change is audited.
 */
export const adminSubscriptionsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/subscriptions/dashboard',
    access: ADMIN('view_subscriptions'),
    handler: ({ deps }) => subscriptionDashboard(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/subscriptions/subscriptions',
    access: ADMIN('view_subscriptions'),
    query: subscriptionsQuery,
    handler: async ({ deps, query }) => {
      const { rows, total } = await listSubscriptionsPage(deps.db, query);
      return {
        subscriptions: rows.map(toAdminSubscription),
        ...pageFields(total, query),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/subscriptions/subscriptions/:id',
    access: ADMIN('view_subscriptions'),
    ...subscriptionId,
    // Its payments only for an admin who may see payments.
    handler: ({ deps, actor, params }) =>
      subscriptionDetail(deps, params.id, hasPermission(actor.admin.role, 'view_payments')),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/subscriptions/subscriptions/:id',
    access: ADMIN('manage_subscriptions'),
    ...subscriptionId,
    body: updateSubscriptionRequest,
    handler: ({ deps, actor, params, body }) => editSubscription(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/subscriptions/subscriptions/:id/cancel',
    access: ADMIN('manage_subscriptions'),
    ...subscriptionId,
    body: cancelSubscriptionRequest,
    handler: ({ deps, actor, params, body }) => cancelSubscriptionByAdmin(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/subscriptions/plans',
    access: ADMIN('view_subscriptions'),
    handler: async ({ deps }) => ({ plans: (await listAllPlans(deps.db)).map(toAdminPlan) }),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/subscriptions/plans',
    access: ADMIN('manage_subscription_plans'),
    body: createPlanRequest,
    status: 201,
    handler: ({ deps, actor, body }) => createPlan(deps, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/subscriptions/plans/:id',
    access: ADMIN('manage_subscription_plans'),
    params: idParams('id'),
    notFound: PLAN_NOT_FOUND,
    body: updatePlanRequest,
    handler: ({ deps, actor, params, body }) => editPlan(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/subscriptions/payments',
    access: ADMIN('view_payments'),
    query: paymentsQuery,
    handler: async ({ deps, query }) => {
      const { rows, total } = await listPaymentsPage(deps.db, query);
      return {
        payments: rows.map(toAdminPayment),
        ...pageFields(total, query),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/subscriptions/payments/:id',
    access: ADMIN('view_payments'),
    params: idParams('id'),
    notFound: PAYMENT_NOT_FOUND,
    handler: async ({ deps, params }) => {
      const row = await findPayment(deps.db, params.id);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      return toAdminPayment(row);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/subscriptions/payments/:id/refund',
    access: ADMIN('process_refunds'),
    params: idParams('id'),
    notFound: PAYMENT_NOT_FOUND,
    body: refundPaymentRequest,
    handler: ({ deps, actor, params, body }) => refundPayment(deps, actor, params.id, body),
  }),
];
