import { USER_COOKIE, loginRequest, registerRequest, twoFactorLoginRequest } from '@reportsaathi/contracts';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { defineRoute } from '../../http/route-table';
import { PUBLIC, USER } from '../../kernel/access';
import { revokeSession } from '../../platform/sessions/tokens';
import { completeUserTwoFactorLogin, loginUser, registerUser, toPublicUser } from './auth.service';

/** /auth: register and login are public; me and logout need a signed-in user. */
export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/register',
    access: PUBLIC,
    body: registerRequest,
    status: 201,
    handler: async ({ deps, body }) => {
      const user = await registerUser(deps.db, body);
      return { user, message: 'Registration successful! Please login.' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    access: PUBLIC,
    body: loginRequest,
    handler: async ({ deps, actor, body, req, res }) => {
      const result = await loginUser(deps.db, deps.jwtSecret, body, actor);
      // Two-factor sign-in on: no session yet, the answer is the challenge for the second step.
      if ('two_factor_required' in result) return result;
      setAuthCookies(req, res, USER_COOKIE, result.token, 'user', deps.jwtSecret);
      return { token: result.token, token_type: 'bearer', user: result.user };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login/2fa',
    access: PUBLIC,
    body: twoFactorLoginRequest,
    handler: async ({ deps, actor, body, req, res }) => {
      const result = await completeUserTwoFactorLogin(deps.db, deps.jwtSecret, body, actor);
      setAuthCookies(req, res, USER_COOKIE, result.token, 'user', deps.jwtSecret);
      return { token: result.token, token_type: 'bearer', user: result.user };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/me',
    access: USER,
    handler: ({ actor }) => toPublicUser(actor.user),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    access: USER,
    handler: async ({ deps, actor, req, res }) => {
      await revokeSession(deps.db, actor.sessionId);
      clearAuthCookie(req, res, USER_COOKIE);
      return { message: 'Logged out' };
    },
  }),
];
