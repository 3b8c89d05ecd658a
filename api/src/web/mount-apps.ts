import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Express } from 'express';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const PATIENT_BUILD = path.join(REPO_ROOT, 'patient-app/build');
export const BACKOFFICE_DIST = path.join(REPO_ROOT, 'backoffice/dist');

/** The back office: a static SPA under /admin, every unknown path falling back to index.html. */
export function mountBackoffice(app: Express): void {
  const index = path.join(BACKOFFICE_DIST, 'index.html');
  if (!existsSync(index)) throw new Error(`Back office is not built (${index} missing): run npm run build`);
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
  app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(client, { maxAge: '1h', index: false }));
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV === 'development' ? 'development' : 'production',
      getLoadContext: () => ({ apiBaseUrl }),
    }),
  );
}
