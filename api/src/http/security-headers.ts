import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * One header policy for every surface: the patient pages and their assets, the back office under
 * /admin (pages, assets, its 403 page) and the API. The same HSTS (a year, subdomains), nosniff,
 * no framing (frame-ancestors 'none' and X-Frame-Options DENY), Referrer-Policy same-origin and
 * same-origin opener/resource policies everywhere; only the Content-Security-Policy differs by
 * what the surface runs:
 * - patient pages: scripts from this origin plus Remix's inline ones, which carry a per-request
 *   nonce;
 * - the back office: scripts from this origin only (a Vite build has no inline script); styles
 *   also 'unsafe-inline', because antd writes its component styles into <style> elements at run
 *   time and React writes style attributes (a known gap: docs/security.md);
 * - the API (JSON and downloads): nothing may load at all.
 * Referrer same-origin rather than no-referrer: Chromium sends Origin: null on form posts under
 * no-referrer, which Remix refuses.
 */
const COMMON: HelmetOptions = {
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'deny' },
};

const BASE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** The patient app: a fresh nonce per request in res.locals.cspNonce, put on Remix's inline scripts. */
export function patientPageHeaders() {
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as Response).locals.cspNonce}'`;
  const headers = helmet({
    ...COMMON,
    contentSecurityPolicy: {
      directives: {
        ...BASE_DIRECTIVES,
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    headers(req, res, (err?: unknown) => {
      // A shared report's address is its credential: the /s/ page sets its own, stricter policy.
      if (!err && req.path.startsWith('/s/')) res.removeHeader('Referrer-Policy');
      next(err);
    });
  };
}

/** The back office (Refine + antd), a static build: its own scripts only. */
export function backofficeHeaders() {
  return helmet({
    ...COMMON,
    contentSecurityPolicy: {
      directives: {
        ...BASE_DIRECTIVES,
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
  });
}

/** The API: answers are data, never a page; nothing may be loaded or framed from them. */
export function apiHeaders() {
  return helmet({
    ...COMMON,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    },
  });
}

/**
 * `Cache-Control: no-store` on every answer that did not say otherwise (decision 213): pages,
 * their data requests and the API carry health and account data, and a shared cache (a proxy, a
 * family computer's browser) must not keep them. A response that sets its own policy (static
 * assets with max-age, the favicon, the back office's no-cache index) keeps it: the default is
 * applied just before the headers go out, only when none was set. Remix appends its headers
 * after ours, so a default set up front would be doubled rather than replaced.
 */
export function noStoreByDefault() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!this.headersSent && !this.hasHeader('Cache-Control')) this.setHeader('Cache-Control', 'no-store');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
