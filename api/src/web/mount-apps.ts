import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type Response } from 'express';
import helmet from 'helmet';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const PATIENT_BUILD = path.join(REPO_ROOT, 'patient-app/build');
export const BACKOFFICE_DIST = path.join(REPO_ROOT, 'backoffice/dist');

/**
 * The back office: a static SPA under /admin, every unknown path falling back to index.html.
 * `gate` (the IP rules, decision 080) runs first for every /admin page and asset: an address the
 * rules keep out gets a plain 403 page, not the portal.
 */
export function mountBackoffice(app: Express, gate?: (req: express.Request) => Promise<void>): void {
  const index = path.join(BACKOFFICE_DIST, 'index.html');
  if (!existsSync(index)) throw new Error(`Back office is not built (${index} missing): run npm run build`);
  if (gate)
    app.use('/admin', (req, res, next) => {
      gate(req).then(
        () => next(),
        (err: unknown) => {
          const status = (err as { status?: unknown }).status;
          if (status !== 403) return next(err);
          res
            .status(403)
            .type('text/plain')
            .send(`403 Forbidden: ${(err as Error).message || 'access denied'}`);
        },
      );
    });
  app.use(
    '/admin/assets',
    express.static(path.join(BACKOFFICE_DIST, 'assets'), { immutable: true, maxAge: '1y' }),
  );
  app.use('/admin', express.static(BACKOFFICE_DIST, { index: false, maxAge: '1h' }));
  app.get(['/admin', '/admin/*'], (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/** The patient app: Remix, server-rendered; loaders reach the API at apiBaseUrl. */
export async function mountPatientApp(app: Express, apiBaseUrl: string): Promise<void> {
  const serverEntry = path.join(PATIENT_BUILD, 'server/index.js');
  if (!existsSync(serverEntry))
    throw new Error(`Patient app is not built (${serverEntry} missing): run npm run build`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const client = path.join(PATIENT_BUILD, 'client');
  app.use(pageSecurityHeaders());
  app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(client, { maxAge: '1h', index: false }));
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV === 'development' ? 'development' : 'production',
      getLoadContext: (req, res) => ({
        apiBaseUrl,
        // Forwarded to the API as X-Forwarded-For, so its per-IP limits see the visitor, not us.
        clientIp: req.ip,
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );
}

/**
 * Pages may run only their own scripts plus the inline ones Remix writes, which carry a
 * per-request nonce. Referrer same-origin: Chromium sends Origin: null on form posts under
 * no-referrer, which Remix refuses.
 */
function pageSecurityHeaders() {
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as Response).locals.cspNonce}'`;
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });
  return (req: express.Request, res: Response, next: express.NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    headers(req, res, (err?: unknown) => {
      // A shared report's address is its credential: the /s/ page sets its own, stricter policy.
      if (!err && req.path.startsWith('/s/')) res.removeHeader('Referrer-Policy');
      next(err);
    });
  };
}
