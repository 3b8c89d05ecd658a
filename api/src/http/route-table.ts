import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { Endpoint, HandlerAnswer } from '@reportsaathi/contracts';
import type { AppDeps } from '../context';
import type { Access, Method } from '../kernel/access';
import { closedDuringMaintenance, maintenanceRefusal } from '../platform/settings/maintenance';
import { actorFor } from './actor';
import { type ActorFor } from '../kernel/principal';
import { route } from './errors';
import { AppError, notFound } from '../kernel/errors';
import { rejectNulBytes } from './nul-bytes';
import {
  enforceIpRules,
  enforceTwoFactorRequirement,
  isAdminSurface,
} from '../platform/security/admin-guard';
import { enforceRateLimit } from '../platform/security/rate-limit';
import { validate } from './validate';

/**
 * Every API route is declared as data: method, path, who may call it, its schemas and its
 * handler. app.ts mounts the one table (routes.ts) and nothing registers a route any other way,
 * so the guard, the validation and the route-walk test all read the same list.
 */

type Out<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;

export interface RouteContext<A extends Access, P, Q, B> {
  deps: AppDeps;
  actor: ActorFor<A>;
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

export interface RouteDef<
  A extends Access = Access,
  PS extends z.ZodType | undefined = z.ZodType | undefined,
  QS extends z.ZodType | undefined = z.ZodType | undefined,
  BS extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Express path under /api/v1, e.g. '/admin/users/:id'. */
  path: string;
  access: A;
  /** Path parameters; a value that fails the schema answers 404 with `notFound`. */
  params?: PS;
  query?: QS;
  /** JSON body. Multipart routes leave it out and read the upload in the handler. */
  body?: BS;
  /** The 404 detail for path parameters that cannot name anything. */
  notFound?: string;
  /**
   * Admin routes an admin may still call when two-factor sign-in is required and not yet set up
   * (setting it up, who am I, signing out).
   */
  exemptFromTwoFactorRequirement?: boolean;
  /** Success status when the handler returns a value and did not set one (default 200). */
  status?: number;
  /**
   * The answer's schema, for routes implementing an entry of the endpoint table: outside
   * production every answer is checked against it, so a test fails on a shape the contract does
   * not allow.
   */
  response?: z.ZodType;
  /**
   * Returns the JSON answer, or sends the response itself (files, streams) and returns nothing.
   */
  handler: (
    ctx: RouteContext<A, Out<PS, Record<string, string>>, Out<QS, Record<string, unknown>>, Out<BS, unknown>>,
  ) => unknown;
}

/** A route of any shape, as the table holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any>;

/** The handler of an endpoint table entry: typed by its schemas, its answer by the response schema. */
export type EndpointHandler<E extends Endpoint> = (
  ctx: RouteContext<
    E['access'],
    Out<E['params'], Record<string, string>>,
    Out<E['query'], Record<string, unknown>>,
    Out<E['body'], unknown>
  >,
) => HandlerAnswer<E> | Promise<HandlerAnswer<E>>;

/**
 * Declares one route. `defineRoute(contract.x, handler)` implements an entry of the endpoint table
 * (contracts/src/contract.ts): method, path, access and schemas come from the entry, and the
 * handler must answer what its response schema allows. Every route of the API is declared this
 * way (tests/api/contract-table.test.ts). `defineRoute({ ... })` is for tests' probe routes only,
 * which are not part of the API; the generics give their handlers typed params, query and actor.
 */
export function defineRoute<const E extends Endpoint>(entry: E, handler: EndpointHandler<E>): AnyRoute;
export function defineRoute<
  const A extends Access,
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(def: RouteDef<A, PS, QS, BS>): AnyRoute;
export function defineRoute(def: AnyRoute | Endpoint, handler?: EndpointHandler<Endpoint>): AnyRoute {
  return (handler ? { ...def, handler } : def) as AnyRoute;
}

/** The answer checked against the route's response schema (outside production). */
function checkedAnswer(deps: AppDeps, def: AnyRoute, result: unknown): unknown {
  if (!def.response || deps.env.NODE_ENV === 'production') return result;
  const checked = (def.response as z.ZodType).safeParse(result);
  if (checked.success) return result;
  const issues = checked.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  throw new AppError(
    500,
    `Route ${def.method} ${def.path} answered a shape its contract does not allow: ${issues.join('; ')}`,
  );
}

function handlerFor(deps: AppDeps, def: AnyRoute): RequestHandler {
  return route(async (req, res) => {
    rejectNulBytes(req.params, req.query, req.body);
    if (closedDuringMaintenance(def)) {
      const refusal = await maintenanceRefusal(deps.db);
      if (refusal) {
        res.status(503).set('Retry-After', '300').json(refusal);
        return;
      }
    }
    // IP rules guard the whole admin surface, sign-in included, before any credential is read.
    if (def.access.kind === 'admin' || isAdminSurface(def.path)) await enforceIpRules(deps.db, req);
    const actor = await actorFor(deps, req, def.access);
    if (actor.kind === 'admin' && !def.exemptFromTwoFactorRequirement)
      await enforceTwoFactorRequirement(deps.db, actor);
    await enforceRateLimit(deps, req, def, actor);
    let params: unknown = req.params;
    if (def.params) {
      const parsed = (def.params as z.ZodType).safeParse(req.params);
      if (!parsed.success) throw notFound(def.notFound ?? 'Not found');
      params = parsed.data;
    }
    const query = def.query ? validate(def.query, req.query) : req.query;
    const body = def.body ? validate(def.body, req.body) : req.body;
    const result = await def.handler({ deps, actor, params, query, body, req, res } as never);
    if (res.headersSent || res.writableEnded) return;
    if (result === undefined) throw new AppError(500, `Route ${def.method} ${def.path} sent no answer`);
    const answer = checkedAnswer(deps, def, result);
    if (res.statusCode === 200 && def.status) res.status(def.status);
    res.json(answer);
  });
}

/** Static path segments win over parameters, so '/users/list' is not taken by '/users/:id'. */
function bySpecificity(a: AnyRoute, b: AnyRoute): number {
  const as = a.path.split('/');
  const bs = b.path.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ap = as[i].startsWith(':');
    const bp = bs[i].startsWith(':');
    if (ap !== bp) return ap ? 1 : -1;
  }
  return 0;
}

/** Checks the table once at start: one entry per method and path. */
export function assertUniqueRoutes(routes: readonly AnyRoute[]): void {
  const seen = new Set<string>();
  for (const r of routes) {
    const key = `${r.method.toUpperCase()} ${r.path.replace(/:[^/]+/g, ':')}`;
    if (seen.has(key)) throw new Error(`Route declared twice: ${key}`);
    seen.add(key);
  }
}

/** Mounts the table on a router (the only place routes are registered). */
export function mountRoutes(deps: AppDeps, routes: readonly AnyRoute[]): Router {
  assertUniqueRoutes(routes);
  const router = Router();
  for (const def of [...routes].sort(bySpecificity)) router[def.method](def.path, handlerFor(deps, def));
  return router;
}
