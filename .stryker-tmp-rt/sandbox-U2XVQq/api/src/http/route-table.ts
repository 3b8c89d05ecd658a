// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { Permission } from '@reportsaathi/contracts';
import type { AppDeps } from '../context';
import { closedDuringMaintenance, maintenanceRefusal } from '../features/settings/maintenance';
import { actorFor, type ActorFor } from './actor';
import { AppError, notFound, route } from './errors';
import { rejectNulBytes } from './nul-bytes';
import { enforceIpRules, enforceTwoFactorRequirement, isAdminSurface } from '../features/security/admin-guard';
import { enforceRateLimit } from '../security/rate-limit';
import { validate } from './validate';

/**
 * Every API route is declared as data: method, path, who may call it, its schemas and its
 * handler. app.ts mounts the one table (routes.ts) and nothing registers a route any other way,
 * so the guard, the validation and the route-walk test all read the same list.
 */

/** Who may call a route. */
export type Access = {
  readonly kind: 'public';
}
/** Public, but the handler requires a live guest session named in the path. */ | {
  readonly kind: 'guest';
}
/** A signed-in, active user; user-scoped data is filtered by this user in the query. */ | {
  readonly kind: 'user';
}
/** A signed-in, active admin holding every listed permission (none: any admin). */ | {
  readonly kind: 'admin';
  readonly permissions: readonly Permission[];
};
export const PUBLIC = {
  kind: 'public'
} as const;
export const GUEST = {
  kind: 'guest'
} as const;
export const USER = {
  kind: 'user'
} as const;
export function ADMIN<const P extends readonly Permission[]>(...permissions: P) {
  if (stryMutAct_9fa48("0")) {
    {}
  } else {
    stryCov_9fa48("0");
    return {
      kind: 'admin',
      permissions
    } as const;
  }
}
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
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
export interface RouteDef<A extends Access = Access, PS extends z.ZodType | undefined = z.ZodType | undefined, QS extends z.ZodType | undefined = z.ZodType | undefined, BS extends z.ZodType | undefined = z.ZodType | undefined> {
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
   * Returns the JSON answer, or sends the response itself (files, streams) and returns nothing.
   */
  handler: (ctx: RouteContext<A, Out<PS, Record<string, string>>, Out<QS, Record<string, unknown>>, Out<BS, unknown>>) => unknown;
}

/** A route of any shape, as the table holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any>;

/** Declares one route; the generics give the handler typed params, query, body and actor. */
export function defineRoute<const A extends Access, PS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined, BS extends z.ZodType | undefined = undefined>(def: RouteDef<A, PS, QS, BS>): AnyRoute {
  if (stryMutAct_9fa48("1")) {
    {}
  } else {
    stryCov_9fa48("1");
    return def as AnyRoute;
  }
}
function handlerFor(deps: AppDeps, def: AnyRoute): RequestHandler {
  if (stryMutAct_9fa48("2")) {
    {}
  } else {
    stryCov_9fa48("2");
    return route(async (req, res) => {
      if (stryMutAct_9fa48("3")) {
        {}
      } else {
        stryCov_9fa48("3");
        rejectNulBytes(req.params, req.query, req.body);
        if (stryMutAct_9fa48("5") ? false : stryMutAct_9fa48("4") ? true : (stryCov_9fa48("4", "5"), closedDuringMaintenance(def))) {
          if (stryMutAct_9fa48("6")) {
            {}
          } else {
            stryCov_9fa48("6");
            const refusal = await maintenanceRefusal(deps.db);
            if (stryMutAct_9fa48("8") ? false : stryMutAct_9fa48("7") ? true : (stryCov_9fa48("7", "8"), refusal)) {
              if (stryMutAct_9fa48("9")) {
                {}
              } else {
                stryCov_9fa48("9");
                res.status(503).set(stryMutAct_9fa48("10") ? "" : (stryCov_9fa48("10"), 'Retry-After'), stryMutAct_9fa48("11") ? "" : (stryCov_9fa48("11"), '300')).json(refusal);
                return;
              }
            }
          }
        }
        // IP rules guard the whole admin surface, sign-in included, before any credential is read.
        if (stryMutAct_9fa48("14") ? def.access.kind === 'admin' && isAdminSurface(def.path) : stryMutAct_9fa48("13") ? false : stryMutAct_9fa48("12") ? true : (stryCov_9fa48("12", "13", "14"), (stryMutAct_9fa48("16") ? def.access.kind !== 'admin' : stryMutAct_9fa48("15") ? false : (stryCov_9fa48("15", "16"), def.access.kind === (stryMutAct_9fa48("17") ? "" : (stryCov_9fa48("17"), 'admin')))) || isAdminSurface(def.path))) await enforceIpRules(deps.db, req);
        const actor = await actorFor(deps, req, def.access);
        if (stryMutAct_9fa48("20") ? actor.kind === 'admin' || !def.exemptFromTwoFactorRequirement : stryMutAct_9fa48("19") ? false : stryMutAct_9fa48("18") ? true : (stryCov_9fa48("18", "19", "20"), (stryMutAct_9fa48("22") ? actor.kind !== 'admin' : stryMutAct_9fa48("21") ? true : (stryCov_9fa48("21", "22"), actor.kind === (stryMutAct_9fa48("23") ? "" : (stryCov_9fa48("23"), 'admin')))) && (stryMutAct_9fa48("24") ? def.exemptFromTwoFactorRequirement : (stryCov_9fa48("24"), !def.exemptFromTwoFactorRequirement)))) await enforceTwoFactorRequirement(deps.db, actor);
        await enforceRateLimit(deps, req, def, actor);
        let params: unknown = req.params;
        if (stryMutAct_9fa48("26") ? false : stryMutAct_9fa48("25") ? true : (stryCov_9fa48("25", "26"), def.params)) {
          if (stryMutAct_9fa48("27")) {
            {}
          } else {
            stryCov_9fa48("27");
            const parsed = (def.params as z.ZodType).safeParse(req.params);
            if (stryMutAct_9fa48("30") ? false : stryMutAct_9fa48("29") ? true : stryMutAct_9fa48("28") ? parsed.success : (stryCov_9fa48("28", "29", "30"), !parsed.success)) throw notFound(stryMutAct_9fa48("31") ? def.notFound && 'Not found' : (stryCov_9fa48("31"), def.notFound ?? (stryMutAct_9fa48("32") ? "" : (stryCov_9fa48("32"), 'Not found'))));
            params = parsed.data;
          }
        }
        const query = def.query ? validate(def.query, req.query) : req.query;
        const body = def.body ? validate(def.body, req.body) : req.body;
        const result = await def.handler({
          deps,
          actor,
          params,
          query,
          body,
          req,
          res
        } as never);
        if (stryMutAct_9fa48("35") ? res.headersSent && res.writableEnded : stryMutAct_9fa48("34") ? false : stryMutAct_9fa48("33") ? true : (stryCov_9fa48("33", "34", "35"), res.headersSent || res.writableEnded)) return;
        if (stryMutAct_9fa48("38") ? result !== undefined : stryMutAct_9fa48("37") ? false : stryMutAct_9fa48("36") ? true : (stryCov_9fa48("36", "37", "38"), result === undefined)) throw new AppError(500, stryMutAct_9fa48("39") ? `` : (stryCov_9fa48("39"), `Route ${def.method} ${def.path} sent no answer`));
        if (stryMutAct_9fa48("42") ? res.statusCode === 200 || def.status : stryMutAct_9fa48("41") ? false : stryMutAct_9fa48("40") ? true : (stryCov_9fa48("40", "41", "42"), (stryMutAct_9fa48("44") ? res.statusCode !== 200 : stryMutAct_9fa48("43") ? true : (stryCov_9fa48("43", "44"), res.statusCode === 200)) && def.status)) res.status(def.status);
        res.json(result);
      }
    });
  }
}

/** Static path segments win over parameters, so '/users/list' is not taken by '/users/:id'. */
function bySpecificity(a: AnyRoute, b: AnyRoute): number {
  if (stryMutAct_9fa48("45")) {
    {}
  } else {
    stryCov_9fa48("45");
    const as = a.path.split(stryMutAct_9fa48("46") ? "" : (stryCov_9fa48("46"), '/'));
    const bs = b.path.split(stryMutAct_9fa48("47") ? "" : (stryCov_9fa48("47"), '/'));
    for (let i = 0; stryMutAct_9fa48("50") ? i >= Math.min(as.length, bs.length) : stryMutAct_9fa48("49") ? i <= Math.min(as.length, bs.length) : stryMutAct_9fa48("48") ? false : (stryCov_9fa48("48", "49", "50"), i < (stryMutAct_9fa48("51") ? Math.max(as.length, bs.length) : (stryCov_9fa48("51"), Math.min(as.length, bs.length)))); stryMutAct_9fa48("52") ? i-- : (stryCov_9fa48("52"), i++)) {
      if (stryMutAct_9fa48("53")) {
        {}
      } else {
        stryCov_9fa48("53");
        const ap = stryMutAct_9fa48("54") ? as[i].endsWith(':') : (stryCov_9fa48("54"), as[i].startsWith(stryMutAct_9fa48("55") ? "" : (stryCov_9fa48("55"), ':')));
        const bp = stryMutAct_9fa48("56") ? bs[i].endsWith(':') : (stryCov_9fa48("56"), bs[i].startsWith(stryMutAct_9fa48("57") ? "" : (stryCov_9fa48("57"), ':')));
        if (stryMutAct_9fa48("60") ? ap === bp : stryMutAct_9fa48("59") ? false : stryMutAct_9fa48("58") ? true : (stryCov_9fa48("58", "59", "60"), ap !== bp)) return ap ? 1 : stryMutAct_9fa48("61") ? +1 : (stryCov_9fa48("61"), -1);
      }
    }
    return 0;
  }
}

/** Checks the table once at start: one entry per method and path. */
export function assertUniqueRoutes(routes: readonly AnyRoute[]): void {
  if (stryMutAct_9fa48("62")) {
    {}
  } else {
    stryCov_9fa48("62");
    const seen = new Set<string>();
    for (const r of routes) {
      if (stryMutAct_9fa48("63")) {
        {}
      } else {
        stryCov_9fa48("63");
        const key = stryMutAct_9fa48("64") ? `` : (stryCov_9fa48("64"), `${stryMutAct_9fa48("65") ? r.method.toLowerCase() : (stryCov_9fa48("65"), r.method.toUpperCase())} ${r.path.replace(stryMutAct_9fa48("67") ? /:[/]+/g : stryMutAct_9fa48("66") ? /:[^/]/g : (stryCov_9fa48("66", "67"), /:[^/]+/g), stryMutAct_9fa48("68") ? "" : (stryCov_9fa48("68"), ':'))}`);
        if (stryMutAct_9fa48("70") ? false : stryMutAct_9fa48("69") ? true : (stryCov_9fa48("69", "70"), seen.has(key))) throw new Error(stryMutAct_9fa48("71") ? `` : (stryCov_9fa48("71"), `Route declared twice: ${key}`));
        seen.add(key);
      }
    }
  }
}

/** Mounts the table on a router (the only place routes are registered). */
export function mountRoutes(deps: AppDeps, routes: readonly AnyRoute[]): Router {
  if (stryMutAct_9fa48("72")) {
    {}
  } else {
    stryCov_9fa48("72");
    assertUniqueRoutes(routes);
    const router = Router();
    for (const def of stryMutAct_9fa48("73") ? [...routes] : (stryCov_9fa48("73"), (stryMutAct_9fa48("74") ? [] : (stryCov_9fa48("74"), [...routes])).sort(bySpecificity))) router[def.method](def.path, handlerFor(deps, def));
    return router;
  }
}