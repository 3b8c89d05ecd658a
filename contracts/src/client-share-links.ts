import type { Call } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';
import type { CreateShareLinkRequest } from './share-links';

type Contract = typeof contract;

/** The owner's calls: create, list and revoke the links of their reports (contract.shareLinks). */
export function shareLinkCalls(call: Call) {
  return {
    create: (reportId: number, input: CreateShareLinkRequest = {}) =>
      call<Contract['shareLinks']['create']>(ADDRESSES.shareLinks.create, {
        params: { id: reportId },
        body: input,
      }),
    forReport: (reportId: number) =>
      call<Contract['shareLinks']['forReport']>(ADDRESSES.shareLinks.forReport, { params: { id: reportId } }),
    mine: () => call<Contract['shareLinks']['mine']>(ADDRESSES.shareLinks.mine),
    revoke: (id: number) =>
      call<Contract['shareLinks']['revoke']>(ADDRESSES.shareLinks.revoke, { params: { id } }),
  };
}

/** The reader's calls: no account, the token in the path, the PIN once, then the grant. */
export function sharedCalls(call: Call) {
  return {
    unlock: (token: string, pin: string) =>
      call<Contract['sharedReport']['unlock']>(
        ADDRESSES.sharedReport.unlock,
        { params: { token }, body: { pin } },
        { anonymous: true },
      ),
    view: (token: string, grant: string) =>
      call<Contract['sharedReport']['view']>(
        ADDRESSES.sharedReport.view,
        { params: { token } },
        { headers: { 'X-Share-Grant': grant }, anonymous: true },
      ),
  };
}
