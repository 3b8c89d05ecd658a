import type { NextFunction, Request, Response } from 'express';

/**
 * One CSRF rule for the patient app's pages (decision 214): a request that can change something
 * (any method but GET, HEAD and OPTIONS) is served only when the browser says it comes from this
 * site — its Origin (or, without one, its Referer) names this host. The session cookie is
 * SameSite=Lax, which stops posts from other sites but not from a sibling subdomain
 * (evil.example.in posting to example.in), and Remix checks the origin of page actions only, not
 * of resource routes (/logout, /share-links/{id}/revoke), and refuses with an empty 500. Here the
 * check covers every route, before Remix, and a refusal is a 403 that says why.
 *
 * A request with neither header is let through: browsers send Origin on every cross-origin post,
 * and the API's own calls (server to server) carry none. `Origin: null` (a sandboxed frame, a
 * redirect across sites) is refused.
 */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED =
  '403 Forbidden: this form was sent from another site, so it was not carried out. Open ReportSaathi and try again there.';

/** The host this request was sent to: X-Forwarded-Host from a trusted proxy, else Host. */
function ownHost(req: Request): string | undefined {
  const trust = req.app.get('trust proxy fn') as
    ((addr: string | undefined, i: number) => boolean) | undefined;
  const forwarded = req.get('x-forwarded-host')?.split(',')[0]?.trim();
  if (forwarded && trust?.(req.socket.remoteAddress, 0)) return forwarded.toLowerCase();
  return req.get('host')?.toLowerCase();
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

export function isCrossSite(req: Request): boolean {
  if (SAFE.has(req.method)) return false;
  const origin = req.get('origin');
  const referer = req.get('referer');
  const claimed = origin !== undefined ? origin : referer;
  if (claimed === undefined) return false;
  const host = ownHost(req);
  return !host || claimed === 'null' || hostOf(claimed) !== host;
}

export function sameOriginMutations() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCrossSite(req)) return next();
    res.status(403).type('text/plain').send(CROSS_SITE_REFUSED);
  };
}
