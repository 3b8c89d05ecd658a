import { ADMIN_COOKIE, contract } from '@reportsaathi/contracts';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { defineRoute } from '../../http/route-table';
import { audited } from '../audit';
import { completeSignIn, signIn } from '../auth';
import { revokeSession } from '../../platform/sessions/tokens';
import { staffSignIn, toAdminMe } from './admin-auth.service';

/** /admin session: login is public; me and logout need a signed-in admin, any role (contract.staffSession). */
export const adminAuthRoutes = [
  defineRoute(contract.staffSession.login, async ({ deps, actor, body, req, res }) => {
    const credentials = { identifier: body.username, password: body.password };
    const result = await signIn(deps.db, deps.jwtSecret, staffSignIn, credentials, actor);
    // Two-factor sign-in on: no session yet, the answer is the challenge for the second step.
    if ('two_factor_required' in result) return result;
    setAuthCookies(req, res, ADMIN_COOKIE, result.token, 'admin', deps.jwtSecret);
    return { access_token: result.token, token_type: 'bearer' as const, admin: result.account };
  }),
  defineRoute(contract.staffSession.loginSecondStep, async ({ deps, actor, body, req, res }) => {
    const { token, account } = await completeSignIn(deps.db, deps.jwtSecret, staffSignIn, body, actor);
    setAuthCookies(req, res, ADMIN_COOKIE, token, 'admin', deps.jwtSecret);
    return { access_token: token, token_type: 'bearer' as const, admin: account };
  }),
  defineRoute(contract.staffSession.me, ({ actor }) => toAdminMe(actor.admin)),
  defineRoute(contract.staffSession.logout, async ({ deps, actor, req, res }) => {
    await audited(
      deps,
      actor,
      { action: 'logout', resource_type: 'admin', resource_id: actor.admin.id },
      (trx) => revokeSession(trx, actor.sessionId),
    );
    clearAuthCookie(req, res, ADMIN_COOKIE);
    return { message: 'Logged out' };
  }),
];
