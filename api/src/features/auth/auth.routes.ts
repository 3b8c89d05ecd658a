import { Router } from 'express';
import { USER_COOKIE, loginRequest, registerRequest } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import { clientIp, requireUser } from '../../http/auth';
import { clearAuthCookie, setAuthCookies } from '../../http/cookies';
import { route } from '../../http/errors';
import { validate } from '../../http/validate';
import { revokeSession } from '../sessions/tokens';
import { loginUser, registerUser, toPublicUser } from './auth.service';

/** /auth: register and login are public; me and logout need a signed-in user. */
export function authRouter(deps: AppDeps): Router {
  const r = Router();

  r.post(
    '/register',
    route(async (req, res) => {
      const input = validate(registerRequest, req.body);
      const user = await registerUser(deps.db, input);
      res.status(201).json({ user, message: 'Registration successful! Please login.' });
    }),
  );

  r.post(
    '/login',
    route(async (req, res) => {
      const input = validate(loginRequest, req.body);
      const result = await loginUser(deps.db, deps.jwtSecret, input, {
        ip: clientIp(req),
        userAgent: req.get('user-agent') ?? null,
      });
      setAuthCookies(req, res, USER_COOKIE, result.token, 'user');
      res.json({ token: result.token, token_type: 'bearer', user: result.user });
    }),
  );

  r.get(
    '/me',
    requireUser(deps),
    route(async (req, res) => {
      res.json(toPublicUser(req.user!));
    }),
  );

  r.post(
    '/logout',
    requireUser(deps),
    route(async (req, res) => {
      await revokeSession(deps.db, req.sessionId!);
      clearAuthCookie(req, res, USER_COOKIE);
      res.json({ message: 'Logged out' });
    }),
  );

  return r;
}
