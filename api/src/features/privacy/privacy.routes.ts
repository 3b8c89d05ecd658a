import {
  anonymizeRequest,
  permanentDeleteRequest,
  retentionSettings,
  USER_MESSAGES,
} from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { retentionOf } from '../user-export';
import { anonymize, deletePermanently, privacyOverview, updateRetention } from './privacy.service';

/** The signed-in user's privacy controls over their own data. */
export const privacyRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/privacy/data-overview',
    access: USER,
    handler: ({ deps, actor }) => privacyOverview(deps, actor.user),
  }),
  defineRoute({
    method: 'get',
    path: '/user/privacy/data-retention',
    access: USER,
    handler: ({ actor }) => ({ retention: retentionOf(actor.user) }),
  }),
  defineRoute({
    method: 'post',
    path: '/user/privacy/data-retention',
    access: USER,
    // Only the fields sent change; the others keep their saved value.
    body: retentionSettings.partial(),
    handler: async ({ deps, actor, body }) => ({
      message: USER_MESSAGES.retentionUpdated,
      retention: await updateRetention(deps, actor.user, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/user/privacy/anonymize-data',
    access: USER,
    body: anonymizeRequest,
    handler: ({ deps, actor, body }) => anonymize(deps, actor.user, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/user/account/permanent',
    access: USER,
    body: permanentDeleteRequest,
    handler: ({ deps, actor, body, res }) => deletePermanently(deps, res, actor.user, body),
  }),
];
