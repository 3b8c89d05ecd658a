import type { RequestOptions } from './client-core';
import type {
  CreatedShareLink,
  CreateShareLinkRequest,
  ShareGrant,
  SharedReport,
  ShareLink,
} from './share-links';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

const sharePath = (token: string) => `/share/${encodeURIComponent(token)}`;

/** The owner's calls: create, list and revoke the links of their reports. */
export function shareLinkCalls(request: Request) {
  return {
    create: (reportId: number, input: CreateShareLinkRequest = {}) =>
      request<CreatedShareLink>(`/reports/${reportId}/share-links`, { json: input }),
    forReport: (reportId: number) => request<{ links: ShareLink[] }>(`/reports/${reportId}/share-links`),
    mine: () => request<{ links: ShareLink[] }>('/user/share-links'),
    revoke: (id: number) => request<{ message: string }>(`/user/share-links/${id}`, { method: 'DELETE' }),
  };
}

/** The reader's calls: no account, the token in the path, the PIN once, then the grant. */
export function sharedCalls(request: Request) {
  return {
    unlock: (token: string, pin: string) =>
      request<ShareGrant>(`${sharePath(token)}/unlock`, { json: { pin }, anonymous: true }),
    view: (token: string, grant: string) =>
      request<SharedReport>(sharePath(token), { headers: { 'X-Share-Grant': grant }, anonymous: true }),
  };
}
