import { contract, USER_MESSAGES } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
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

/** /user: the signed-in user's own account (self-service; contract.user). */
export const usersRoutes = [
  defineRoute(contract.user.me, ({ actor }) => toPublicUser(actor.user)),
  defineRoute(contract.user.preferences, ({ actor }) => ({
    preferences: toPublicUser(actor.user).preferences,
  })),
  defineRoute(contract.user.updatePreferences, async ({ deps, actor, body: changes }) => {
    const merged = { ...toPublicUser(actor.user).preferences, ...changes };
    const user = await updatePreferences(deps.db, actor.user.id, merged);
    return {
      success: true as const,
      message: 'Preferences updated successfully',
      preferences: toPublicUser(user).preferences,
    };
  }),
  defineRoute(contract.user.dashboardStats, ({ deps, actor }) => dashboardStats(deps, actor.user)),
  defineRoute(contract.user.recentActivity, ({ deps, actor, query }) =>
    activity(deps, actor.user, query.limit),
  ),
  defineRoute(contract.user.quickActions, ({ deps, actor }) => quickActions(deps, actor.user)),
  defineRoute(contract.user.updateProfile, async ({ deps, actor, body }) => ({
    message: USER_MESSAGES.profileUpdated,
    user: await changeProfile(deps, actor.user, body, actor.ip),
  })),
  defineRoute(contract.user.changePassword, ({ deps, actor, body }) =>
    changePassword(deps, actor.user, actor.sessionId, body, actor.ip),
  ),
  defineRoute(contract.user.deactivate, ({ deps, actor }) => deactivate(deps, actor.user)),
  defineRoute(contract.user.accountSummary, ({ deps, actor }) => accountSummary(deps, actor.user)),
];
