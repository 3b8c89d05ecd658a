import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
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

/** The signed-in user's own plan and payments (contract.subscription, contract.payment). */
export const subscriptionRoutes = [
  defineRoute(contract.subscription.current, ({ deps, actor }) =>
    currentSubscription(deps.db, actor.user.id),
  ),
  defineRoute(contract.subscription.plans, async ({ deps }) => ({ plans: await listPlans(deps.db) })),
  defineRoute(contract.subscription.upgrade, ({ deps, actor, body }) => upgrade(deps, actor.user.id, body)),
  defineRoute(contract.subscription.cancel, ({ deps, actor, body }) =>
    cancel(deps, actor.user.id, body.reason),
  ),
  defineRoute(contract.subscription.history, ({ deps, actor }) => history(deps.db, actor.user.id)),
  defineRoute(contract.subscription.payments, ({ deps, actor }) => payments(deps.db, actor.user.id)),
  defineRoute(contract.subscription.usageStats, ({ deps, actor, query }) =>
    usageStats(deps.db, actor.user.id, query.months),
  ),
  defineRoute(contract.payment.gateways, async ({ deps }) => {
    const gateways = await listGateways(deps);
    return { gateways, default_gateway: gateways.find((g) => g.enabled)?.id ?? null };
  }),
  defineRoute(contract.payment.verify, ({ deps, actor, body }) =>
    verifyPayment(deps, actor.user.id, body.gateway, body.transaction_data),
  ),
];
