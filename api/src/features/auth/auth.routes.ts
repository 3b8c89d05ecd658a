import { USER_COOKIE, contract } from '@reportsaathi/contracts';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { defineRoute } from '../../http/route-table';
import { revokeSession } from '../../platform/sessions/tokens';
import { REGISTERED, registerUser, toPublicUser, userSignIn } from './auth.service';
import { completeSignIn, signIn } from './sign-in';

/** /auth: register and login are public; me and logout need a signed-in user (contract.auth). */
export const authRoutes = [
  defineRoute(contract.auth.register, async ({ deps, actor, body, req }) => ({
    user: await registerUser(deps, req, body, actor.ip),
    message: REGISTERED,
  })),
  defineRoute(contract.auth.login, async ({ deps, actor, body, req, res }) => {
    const credentials = { identifier: body.email, password: body.password };
    const result = await signIn(deps.db, deps.jwtSecret, userSignIn, credentials, actor);
    // Two-factor sign-in on: no session yet, the answer is the challenge for the second step.
    if ('two_factor_required' in result) return result;
    setAuthCookies(req, res, USER_COOKIE, result.token, 'user', deps.jwtSecret);
    return { token: result.token, token_type: 'bearer' as const, user: result.account };
  }),
  defineRoute(contract.auth.loginSecondStep, async ({ deps, actor, body, req, res }) => {
    const { token, account } = await completeSignIn(deps.db, deps.jwtSecret, userSignIn, body, actor);
    setAuthCookies(req, res, USER_COOKIE, token, 'user', deps.jwtSecret);
    return { token, token_type: 'bearer' as const, user: account };
  }),
  defineRoute(contract.auth.me, ({ actor }) => toPublicUser(actor.user)),
  defineRoute(contract.auth.logout, async ({ deps, actor, req, res }) => {
    await revokeSession(deps.db, actor.sessionId);
    clearAuthCookie(req, res, USER_COOKIE);
    return { message: 'Logged out' };
  }),
];
