import { contract, permanentDeleteRequest, USER_MESSAGES } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
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
  // Not yet in the endpoint table: its answer is the account's export, or the export as a file.
  defineRoute({
    method: 'delete',
    path: '/user/account/permanent',
    access: USER,
    body: permanentDeleteRequest,
    handler: ({ deps, actor, body, res }) => deletePermanently(deps, res, actor.user, body),
  }),
];
