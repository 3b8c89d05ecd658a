import { ADMIN_COOKIE, adminLoginRequest } from '@reportsaathi/contracts';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { ADMIN, defineRoute, PUBLIC } from '../../http/route-table';
import { audited } from '../audit/audit.service';
import { revokeSession } from '../sessions/tokens';
import { loginAdmin, toAdminMe } from './admin-auth.service';

/** /admin session: login is public; me and logout need a signed-in admin (any role). */
export const adminAuthRoutes = [
  defineRoute({
    method: 'post',
    path: '/admin/login',
    access: PUBLIC,
    body: adminLoginRequest,
    handler: async ({ deps, actor, body, req, res }) => {
      const { token, admin } = await loginAdmin(deps.db, deps.jwtSecret, body, actor);
      setAuthCookies(req, res, ADMIN_COOKIE, token, 'admin');
      return { access_token: token, token_type: 'bearer', admin };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/me',
    access: ADMIN(),
    handler: ({ actor }) => toAdminMe(actor.admin),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/logout',
    access: ADMIN(),
    handler: async ({ deps, actor, req, res }) => {
      await audited(
        deps,
        actor,
        { action: 'logout', resource_type: 'admin', resource_id: actor.admin.id },
        (trx) => revokeSession(trx, actor.sessionId),
      );
      clearAuthCookie(req, res, ADMIN_COOKIE);
      return { message: 'Logged out' };
    },
  }),
];
