import { Router } from 'express';
import { userPreferences } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import { requireUser } from '../../http/auth';
import { route } from '../../http/errors';
import { validate } from '../../http/validate';
import { toPublicUser } from '../auth/auth.service';
import { updatePreferences } from './users.repo';

// Every field optional on update; unknown keys are dropped by the schema.
const preferencesUpdate = userPreferences.partial();

/** /user: the signed-in user's own account (self-service). */
export function usersRouter(deps: AppDeps): Router {
  const r = Router();
  r.use(requireUser(deps));

  r.get(
    '/me',
    route(async (req, res) => {
      res.json(toPublicUser(req.user!));
    }),
  );

  r.get(
    '/preferences',
    route(async (req, res) => {
      res.json({ preferences: toPublicUser(req.user!).preferences });
    }),
  );

  r.put(
    '/preferences',
    route(async (req, res) => {
      const body = req.body?.preferences ?? req.body;
      const changes = validate(preferencesUpdate, body);
      const merged = { ...toPublicUser(req.user!).preferences, ...changes };
      const user = await updatePreferences(deps.db, req.user!.id, merged);
      res.json({
        success: true,
        message: 'Preferences updated successfully',
        preferences: toPublicUser(user).preferences,
      });
    }),
  );

  return r;
}
