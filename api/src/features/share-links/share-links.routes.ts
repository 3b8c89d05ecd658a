import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  unlockShareLink,
  viewSharedReport,
} from './share-links.service';

/**
 * Read-only links to one report for a doctor (decision 128). The owner creates, lists and revokes
 * them; the reader needs no account: the token in the path, then the PIN, then a short grant.
 */
export const shareLinkRoutes = [
  defineRoute(contract.shareLinks.create, ({ deps, actor, params, body }) =>
    createShareLink(deps, actor.user.id, params.id, body),
  ),
  defineRoute(contract.shareLinks.forReport, ({ deps, actor, params }) =>
    listShareLinks(deps, actor.user.id, params.id),
  ),
  defineRoute(contract.shareLinks.mine, ({ deps, actor }) => listShareLinks(deps, actor.user.id)),
  defineRoute(contract.shareLinks.revoke, ({ deps, actor, params }) =>
    revokeShareLink(deps, actor.user.id, params.id),
  ),
  defineRoute(contract.sharedReport.unlock, ({ deps, actor, params, body }) =>
    unlockShareLink(deps, params.token, body.pin, actor),
  ),
  defineRoute(contract.sharedReport.view, ({ deps, actor, params, req, res }) => {
    // A shared report is never cached by a browser or a proxy, nor indexed.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    return viewSharedReport(deps, params.token, req.get('x-share-grant'), actor);
  }),
];
