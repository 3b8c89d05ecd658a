import { cancelRequest, paymentVerifyRequest, upgradeRequest } from '@reportsaathi/contracts';
import { z } from 'zod';
import { wholeParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { listGateways } from './payment-gateways';
import {
  cancel,
  currentSubscription,
  history,
  listPlans,
  payments,
  upgrade,
  usageStats,
  verifyPayment,
} from './subscriptions.service';

const usageQuery = z.object({
  months: wholeParam('months', 1, 24, 6),
});

/** The signed-in user's own plan and payments. */
export const subscriptionRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/subscription/current',
    access: USER,
    handler: ({ deps, actor }) => currentSubscription(deps.db, actor.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/user/subscription/plans',
    access: USER,
    handler: async ({ deps }) => ({ plans: await listPlans(deps.db) }),
  }),
  defineRoute({
    method: 'post',
    path: '/user/subscription/upgrade',
    access: USER,
    body: upgradeRequest,
    handler: ({ deps, actor, body }) => upgrade(deps, actor.user.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/user/subscription/cancel',
    access: USER,
    body: cancelRequest,
    handler: ({ deps, actor, body }) => cancel(deps, actor.user.id, body.reason),
  }),
  defineRoute({
    method: 'get',
    path: '/user/subscription/history',
    access: USER,
    handler: ({ deps, actor }) => history(deps.db, actor.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/user/subscription/payments',
    access: USER,
    handler: ({ deps, actor }) => payments(deps.db, actor.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/user/subscription/usage-stats',
    access: USER,
    query: usageQuery,
    handler: ({ deps, actor, query }) => usageStats(deps.db, actor.user.id, query.months),
  }),
  defineRoute({
    method: 'get',
    path: '/payment/gateways',
    access: USER,
    handler: async ({ deps }) => {
      const gateways = await listGateways(deps);
      return { gateways, default_gateway: gateways.find((g) => g.enabled)?.id ?? null };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payment/verify',
    access: USER,
    body: paymentVerifyRequest,
    handler: ({ deps, actor, body }) =>
      verifyPayment(deps, actor.user.id, body.gateway, body.transaction_data),
  }),
];
