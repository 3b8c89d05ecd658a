import { ADMIN_COOKIE, adminLoginRequest, twoFactorLoginRequest } from '@reportsaathi/contracts';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { defineRoute } from '../../http/route-table';
import { ADMIN, PUBLIC } from '../../kernel/access';
import { audited } from '../audit';
import { revokeSession } from '../../platform/sessions/tokens';
import { completeAdminTwoFactorLogin, loginAdmin, toAdminMe } from './admin-auth.service';

/** /admin session: login is public; me and logout need a signed-in admin (any role). */
export const adminAuthRoutes = [
  defineRoute({
    method: 'post',
    path: '/admin/login',
    access: PUBLIC,
    body: adminLoginRequest,
    handler: async ({ deps, actor, body, req, res }) => {
      const result = await loginAdmin(deps.db, deps.jwtSecret, body, actor);
      // Two-factor sign-in on: no session yet, the answer is the challenge for the second step.
      if ('two_factor_required' in result) return result;
      setAuthCookies(req, res, ADMIN_COOKIE, result.token, 'admin', deps.jwtSecret);
      return { access_token: result.token, token_type: 'bearer', admin: result.admin };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/login/2fa',
    access: PUBLIC,
    body: twoFactorLoginRequest,
    handler: async ({ deps, actor, body, req, res }) => {
      const { token, admin } = await completeAdminTwoFactorLogin(deps.db, deps.jwtSecret, body, actor);
      setAuthCookies(req, res, ADMIN_COOKIE, token, 'admin', deps.jwtSecret);
      return { access_token: token, token_type: 'bearer', admin };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/me',
    access: ADMIN(),
    exemptFromTwoFactorRequirement: true,
    handler: ({ actor }) => toAdminMe(actor.admin),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/logout',
    access: ADMIN(),
    exemptFromTwoFactorRequirement: true,
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
