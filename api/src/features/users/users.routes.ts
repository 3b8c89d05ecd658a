import { userPreferences } from '@reportsaathi/contracts';
import { defineRoute, USER } from '../../http/route-table';
import { validate } from '../../http/validate';
import { toPublicUser } from '../auth/auth.service';
import { updatePreferences } from './users.repo';

// Every field optional on update; unknown keys are dropped by the schema.
const preferencesUpdate = userPreferences.partial();

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
];
