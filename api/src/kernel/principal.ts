import type { Request } from 'express';
import type { Admin, User } from '@reportsaathi/db';
import type { Access } from './access';

/**
 * Who is calling, built once per request by the route table and handed to the handler, so
 * services (and the audit rows they write) never need Express's `req`.
 */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}
export interface AnonymousActor extends RequestInfo {
  kind: 'anonymous';
}
export interface UserActor extends RequestInfo {
  kind: 'user';
  user: User;
  sessionId: string;
}
export interface AdminActor extends RequestInfo {
  kind: 'admin';
  admin: Admin;
  sessionId: string;
}
export type Actor = AnonymousActor | UserActor | AdminActor;

export type ActorFor<A extends Access> = A extends { kind: 'user' }
  ? UserActor
  : A extends { kind: 'admin' }
    ? AdminActor
    : AnonymousActor;

export function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}

export function requestInfo(req: Request): RequestInfo {
  return { ip: clientIp(req), userAgent: req.get('user-agent')?.slice(0, 500) ?? null };
}
