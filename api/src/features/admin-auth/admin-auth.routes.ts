import { Router } from 'express';
import { ADMIN_COOKIE, adminLoginRequest } from '@reportsaathi/contracts';
import { transaction } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { clientIp, requireAdmin } from '../../http/auth';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { route } from '../../http/errors';
import { validate } from '../../http/validate';
import { writeAudit } from '../audit/audit.repo';
import { revokeSession } from '../sessions/tokens';
import { loginAdmin, toAdminMe } from './admin-auth.service';

/** /admin session: login is public; me and logout need a signed-in admin (any role). */
export function adminAuthRouter(deps: AppDeps): Router {
  const r = Router();

  r.post(
    '/login',
    route(async (req, res) => {
      const input = validate(adminLoginRequest, req.body);
      const { token, admin } = await loginAdmin(deps.db, deps.jwtSecret, req, input, {
        ip: clientIp(req),
        userAgent: req.get('user-agent') ?? null,
      });
      setAuthCookies(req, res, ADMIN_COOKIE, token, 'admin');
      res.json({ access_token: token, token_type: 'bearer', admin });
    }),
  );

  r.get(
    '/me',
    requireAdmin(deps),
    route(async (req, res) => {
      res.json(toAdminMe(req.admin!));
    }),
  );

  r.post(
    '/logout',
    requireAdmin(deps),
    route(async (req, res) => {
      await transaction(deps.db, async (trx) => {
        await revokeSession(trx, req.sessionId!);
        await writeAudit(trx, req, req.admin!, {
          action: 'logout',
          resource_type: 'admin',
          resource_id: req.admin!.id,
        });
      });
      clearAuthCookie(req, res, ADMIN_COOKIE);
      res.json({ message: 'Logged out' });
    }),
  );

  return r;
}
