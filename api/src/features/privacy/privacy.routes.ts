import { contract, USER_MESSAGES } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { retentionOf } from '../user-export';
import { anonymize, deletePermanently, privacyOverview, updateRetention } from './privacy.service';

/** The signed-in user's privacy controls over their own data (contract.privacy). */
export const privacyRoutes = [
  defineRoute(contract.privacy.overview, ({ deps, actor }) => privacyOverview(deps, actor.user)),
  defineRoute(contract.privacy.retention, ({ actor }) => ({ retention: retentionOf(actor.user) })),
  defineRoute(contract.privacy.updateRetention, async ({ deps, actor, body }) => ({
    message: USER_MESSAGES.retentionUpdated,
    retention: await updateRetention(deps, actor.user, body),
  })),
  defineRoute(contract.privacy.anonymize, ({ deps, actor, body }) => anonymize(deps, actor.user, body)),
  defineRoute(contract.accountDeletion.permanent, ({ deps, actor, body, res }) =>
    deletePermanently(deps, res, actor.user, body, actor.ip),
  ),
];
