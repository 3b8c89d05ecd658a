import { randomUUID } from 'node:crypto';
import express, { Router, type Express } from 'express';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './context';
import { errorHandler, notFoundHandler } from './http/errors';
import { mountRoutes } from './http/route-table';
import { ROUTES } from './routes';
import { apiHeaders } from './http/security-headers';
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
 * The request URL as logged: the path, with the capability ids it may carry (a guest session id)
 * left out, and the query string's values replaced by [redacted]. Queries hold health data and
 * people's addresses (`/user/search?query=hiv positive`, an admin's `search=asha@example.com`);
 * the names of the parameters stay, which is what tells one request from another.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/(\/guest\/session\/)[^/?#]+/g, '$1[redacted]');
  if (q < 0) return path;
  const names = [...new Set(new URLSearchParams(url.slice(q + 1)).keys())].map((n) =>
    /^[\w.[\]-]{1,40}$/.test(n) ? n : '[name]',
  );
  return names.length ? `${path}?${names.map((n) => `${n}=[redacted]`).join('&')}` : path;
}

/**
 * What a request line holds: method, redacted URL, headers (credentials redacted by the logger)
 * and the address. Not the parsed query or route parameters (the same data again), never a body.
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
    headers: req.headers,
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
  api.use(cookieParser());

  const v1 = Router();
  v1.use(express.json({ limit: JSON_LIMIT }));
  v1.use(mountRoutes(deps, ROUTES));
  v1.use(notFoundHandler);
  v1.use(errorHandler(deps.logger));

  api.use(API_PREFIX, v1);
  return api;
}
