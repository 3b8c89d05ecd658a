import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Express } from 'express';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { backofficeHeaders, noStoreByDefault, patientPageHeaders } from '../http/security-headers';
import { wentOverLimit } from '../http/body-limit';
import { sameOriginMutations } from '../http/same-origin';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const PATIENT_BUILD = path.join(REPO_ROOT, 'patient-app/build');
export const BACKOFFICE_DIST = path.join(REPO_ROOT, 'backoffice/dist');

/**
 * The back office: a static SPA under /admin, every unknown path falling back to index.html.
 * `gate` (the IP rules, decision 080) runs first for every /admin page and asset: an address the
 * rules keep out gets a plain 403 page, not the portal. Every /admin answer (pages, assets, the
 * 403) carries the security headers first (security-headers.ts).
 */
export function mountBackoffice(
  app: Express,
  gate?: (req: express.Request) => Promise<void>,
  dist = BACKOFFICE_DIST,
): void {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`Back office is not built (${index} missing): run npm run build`);
  app.use('/admin', backofficeHeaders());
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
  app.use('/admin/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y' }));
  // No directory redirect (serve-static's own 301 page replaces the CSP): /admin is the SPA's route.
  app.use('/admin', express.static(dist, { index: false, redirect: false, maxAge: '1h' }));
  app.get(['/admin', '/admin/*'], (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/**
 * Remix's mode for the patient app: development only when NODE_ENV says so (`npm start`'s default,
 * the tests' and benches' 'test' and production all render as in production).
 */
const REMIX_MODE = process.env.NODE_ENV === 'development' ? 'development' : 'production';

/**
 * The server build, with React in the same mode as Remix. React's packages pick their build once,
 * when first loaded, from process.env.NODE_ENV, and take anything but 'production' as development:
 * `npm start` (NODE_ENV unset) and the benches ('test') rendered every page with React's development
 * build, which checks each element and prop as it renders (on bench:web's /user/trends, 43 ms of
 * server CPU per page against 36 ms with the production build). NODE_ENV is 'production' only while
 * the build and its imports load; nothing else reads it meanwhile (the API's settings were read at
 * start).
 */
async function loadPatientBuild(serverEntry: string): Promise<ServerBuild> {
  const load = async () => (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const was = process.env.NODE_ENV;
  if (REMIX_MODE !== 'production' || was === 'production') return load();
  process.env.NODE_ENV = 'production';
  try {
    return await load();
  } finally {
    if (was === undefined) Reflect.deleteProperty(process.env, 'NODE_ENV');
    else process.env.NODE_ENV = was;
  }
}

/** The patient app: Remix, server-rendered; loaders reach the API at apiBaseUrl. */
export async function mountPatientApp(app: Express, apiBaseUrl: string): Promise<void> {
  const serverEntry = path.join(PATIENT_BUILD, 'server/index.js');
  if (!existsSync(serverEntry))
    throw new Error(`Patient app is not built (${serverEntry} missing): run npm run build`);
  const build = await loadPatientBuild(serverEntry);
  const client = path.join(PATIENT_BUILD, 'client');
  app.use(patientPageHeaders());
  // Pages and their data carry health and account data: no-store unless a route says otherwise.
  app.use(noStoreByDefault());
  app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(client, { maxAge: '1h', index: false }));
  // Every page and resource route that can change something: from this site only (decision 214).
  app.use(sameOriginMutations());
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: REMIX_MODE,
      getLoadContext: (req, res) => ({
        apiBaseUrl,
        // Forwarded to the API as X-Forwarded-For, so its per-IP limits see the visitor, not us.
        clientIp: req.ip,
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );
  // A body refused past its limit has its 413 out already; its reader's 'aborted' is not an error.
  app.use((err: unknown, req: express.Request, _res: express.Response, next: express.NextFunction) => {
    if (!wentOverLimit(req)) next(err);
  });
}
