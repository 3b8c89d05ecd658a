import type { EndpointAccess, HttpMethod, Permission } from '@reportsaathi/contracts';

/**
 * Access levels: who may call a route (the endpoint table's own type, so a contract entry and a
 * route table entry say it the same way). Every route states one, and the request's principal
 * (kernel/principal.ts) is built to match it.
 */
export type Access = EndpointAccess;

export const PUBLIC = { kind: 'public' } as const;
export const USER = { kind: 'user' } as const;
export function ADMIN<const P extends readonly Permission[]>(...permissions: P) {
  return { kind: 'admin', permissions } as const;
}

export type Method = HttpMethod;

/** A route as the guards see it: its method and path, nothing of its handler. */
export interface RouteAddress {
  method: Method;
  path: string;
}
