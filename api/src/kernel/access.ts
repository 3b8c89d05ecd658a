import type { Permission } from '@reportsaathi/contracts';

/**
 * Access levels: who may call a route. Every route states one (the route table), and the request's
 * principal (kernel/principal.ts) is built to match it.
 */
/** Who may call a route. */
export type Access =
  | { readonly kind: 'public' }
  /** Public, but the handler requires a live guest session named in the path. */
  | { readonly kind: 'guest' }
  /** A signed-in, active user; user-scoped data is filtered by this user in the query. */
  | { readonly kind: 'user' }
  /** A signed-in, active admin holding every listed permission (none: any admin). */
  | { readonly kind: 'admin'; readonly permissions: readonly Permission[] };

export const PUBLIC = { kind: 'public' } as const;
export const GUEST = { kind: 'guest' } as const;
export const USER = { kind: 'user' } as const;
export function ADMIN<const P extends readonly Permission[]>(...permissions: P) {
  return { kind: 'admin', permissions } as const;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A route as the guards see it: its method and path, nothing of its handler. */
export interface RouteAddress {
  method: Method;
  path: string;
}
