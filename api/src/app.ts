import { randomUUID } from 'node:crypto';
import express, { Router, type Express } from 'express';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './context';
import { errorHandler, notFoundHandler } from './http/errors';
import { mountRoutes } from './http/route-table';
import { ROUTES } from './routes';
import { apiHeaders, noStoreByDefault } from './http/security-headers';
import { boundRequestBody } from './http/body-limit';

export const API_PREFIX = '/api/v1';
export const JSON_LIMIT = '1mb';

/**
 * The API as an Express app (no listen here, so tests mount it). Every route under
 * /api/v1 states who may call it; every error leaves through errorHandler as {"detail": ...}.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.env.TRUST_PROXY);
  app.use(apiRouter(deps));
  return app;
}

/**
 * Path segments that are capabilities, by class (decision 212): whoever holds one can act with it,
 * so it never reaches a log. The segment after a capability's place (`/share/<token>`,
 * `/guest/session/<sid>`, reset and confirmation links), and any segment that looks like a random
 * token (16+ URL-safe characters, letters and digits mixed), whatever route it is on. Record ids
 * (numbers) stay: they are what tells one request from another.
 */
const CAPABILITY_PLACE =
  /(\/(?:share|guest\/session|s|reset-password|reset|verify-email|confirm-email|confirm|unsubscribe)\/)[^/?#]+/g;
const TOKEN_LIKE =
  /(?<=\/)(?=[A-Za-z0-9_.~%-]*[0-9])(?=[A-Za-z0-9_.~%-]*[A-Za-z])[A-Za-z0-9_.~%-]{16,}(?=\/|$)/g;

/** Headers that carry a capability besides the ones pino redacts (logger.ts): by their name. */
const CAPABILITY_HEADER = /(token|grant|secret|session|key|auth|cookie|signature|password|pin)/i;

/**
 * The request URL as logged: the path, with the capability ids it may carry left out (above),
 * and the query string's values replaced by [redacted]. Queries hold health data and
 * people's addresses (`/user/search?query=hiv positive`, an admin's `search=asha@example.com`);
 * the names of the parameters stay, which is what tells one request from another.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .replace(CAPABILITY_PLACE, '$1[redacted]')
    .replace(TOKEN_LIKE, '[redacted]');
  if (q < 0) return path;
  const names = [...new Set(new URLSearchParams(url.slice(q + 1)).keys())].map((n) =>
    /^[\w.[\]-]{1,40}$/.test(n) ? n : '[name]',
  );
  return names.length ? `${path}?${names.map((n) => `${n}=[redacted]`).join('&')}` : path;
}

/** Request headers as logged: a header whose name says it carries a capability is [redacted]. */
export function redactHeaders(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object') return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      CAPABILITY_HEADER.test(name) && name !== 'x-request-id' ? '[redacted]' : value,
    ]),
  );
}

/**
 * What a request line holds: method, redacted URL, headers (credentials redacted) and the
 * address. Not the parsed query or route parameters (the same data again), never a body.
 */
function logRequest(req: {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: unknown;
  remoteAddress?: string;
}) {
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.url),
    headers: redactHeaders(req.headers),
    remoteAddress: req.remoteAddress,
  };
}

/** The /api/v1 router alone, for the one-process server to mount beside the two apps. */
export function apiRouter(deps: AppDeps): Router {
  const api = Router();
  // Bodies past their limit are refused before they are read (http/body-limit.ts, decision 210).
  api.use(boundRequestBody());
  // Request logs for the API (with a request id); static assets and pages stay out of them.
  api.use(
    API_PREFIX,
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' },
      // Query values and a guest's session id (its only credential) are logged as [redacted].
      serializers: { req: logRequest },
    }),
  );
  // The header policy every surface shares, with the API's own CSP (http/security-headers.ts).
  api.use(API_PREFIX, apiHeaders());
  // Health and account data are never kept by a shared cache (decision 213).
  api.use(API_PREFIX, noStoreByDefault());
  api.use(cookieParser());

  const v1 = Router();
  v1.use(express.json({ limit: JSON_LIMIT }));
  v1.use(mountRoutes(deps, ROUTES));
  v1.use(notFoundHandler);
  v1.use(errorHandler(deps.logger));

  api.use(API_PREFIX, v1);
  return api;
}
