import {
  changePasswordRequest,
  profileUpdateRequest,
  userPreferences,
  USER_MESSAGES,
} from '@reportsaathi/contracts';
import { z } from 'zod';
import { wholeParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { validate } from '../../http/validate';
import { toPublicUser } from '../auth';
import { updatePreferences } from './users.repo';
import {
  accountSummary,
  activity,
  changePassword,
  changeProfile,
  dashboardStats,
  deactivate,
  quickActions,
} from './users.service';

// Every field optional on update; unknown keys are dropped by the schema.
const preferencesUpdate = userPreferences.partial();

const activityQuery = z.object({
  limit: wholeParam('limit', 1, 50, 10),
});

/** /user: the signed-in user's own account (self-service). */
export const usersRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/me',
    access: USER,
    handler: ({ actor }) => toPublicUser(actor.user),
  }),
  defineRoute({
    method: 'get',
    path: '/user/preferences',
    access: USER,
    handler: ({ actor }) => ({ preferences: toPublicUser(actor.user).preferences }),
  }),
  defineRoute({
    method: 'put',
    path: '/user/preferences',
    access: USER,
    handler: async ({ deps, actor, req }) => {
      // The panel sends {preferences: {...}}; API clients may send the object itself.
      const raw = (req.body as { preferences?: unknown } | undefined)?.preferences ?? req.body;
      const changes = validate(preferencesUpdate, raw);
      const merged = { ...toPublicUser(actor.user).preferences, ...changes };
      const user = await updatePreferences(deps.db, actor.user.id, merged);
      return {
        success: true,
        message: 'Preferences updated successfully',
        preferences: toPublicUser(user).preferences,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/dashboard-stats',
    access: USER,
    handler: ({ deps, actor }) => dashboardStats(deps, actor.user),
  }),
  defineRoute({
    method: 'get',
    path: '/user/recent-activity',
    access: USER,
    query: activityQuery,
    handler: ({ deps, actor, query }) => activity(deps, actor.user, query.limit),
  }),
  defineRoute({
    method: 'get',
    path: '/user/quick-actions',
    access: USER,
    handler: ({ deps, actor }) => quickActions(deps, actor.user),
  }),
  defineRoute({
    method: 'put',
    path: '/user/profile',
    access: USER,
    body: profileUpdateRequest,
    handler: async ({ deps, actor, body }) => ({
      message: USER_MESSAGES.profileUpdated,
      user: await changeProfile(deps, actor.user, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/user/change-password',
    access: USER,
    body: changePasswordRequest,
    handler: ({ deps, actor, body }) => changePassword(deps, actor.user, actor.sessionId, body, actor.ip),
  }),
  defineRoute({
    method: 'delete',
    path: '/user/account',
    access: USER,
    handler: ({ deps, actor }) => deactivate(deps, actor.user),
  }),
  defineRoute({
    method: 'get',
    path: '/user/account-summary',
    access: USER,
    handler: ({ deps, actor }) => accountSummary(deps, actor.user),
  }),
];
