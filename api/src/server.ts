import http from 'node:http';
import express from 'express';
import compression from 'compression';
import { connectDatabase, startEmbeddedPostgres, type DatabaseHandle } from '@reportsaathi/db';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { AppDeps } from './context';
import { createLogger } from './logger';
import { API_PREFIX, apiRouter } from './app';
import { buildDeps } from './bootstrap/build-deps';
import type { ensureSuperAdmin } from './bootstrap/super-admin';
import { mountBackoffice, mountPatientApp } from './web/mount-apps';
import { enforceIpRules } from './platform/security/admin-guard';
import { boundRequestBody } from './http/body-limit';

/**
 * One process, or one role of many sharing a PostgreSQL:
 *   all    — API, back office, patient app and the job worker (the default)
 *   api    — the API only; worker — the job worker only; web — the two apps, calling API_URL.
 */
export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps | null;
  bootstrapAdmin: Awaited<ReturnType<typeof ensureSuperAdmin>>;
  stop(): Promise<void>;
}

export interface ServerHooks {
  /** Background work (the job worker); returns its stop function. */
  startWorker?: (deps: AppDeps) => Promise<() => Promise<void>>;
  /** Runs once on a fresh database after migrations (demo data). */
  onEmptyDatabase?: (deps: AppDeps) => Promise<void>;
}

export async function startServer(
  env: Env,
  hooks: ServerHooks = {},
  logger: Logger = createLogger(env.LOG_LEVEL),
): Promise<RunningServer> {
  const stops: Array<() => Promise<void>> = [];
  let draining: { draining: boolean } | undefined;
  const stopAll = async () => {
    // Readiness says 'draining' at once; the HTTP server then stops accepting and lets in-flight
    // requests (uploads) finish, before the queue and the database close.
    if (draining) draining.draining = true;
    for (const stop of stops.reverse())
      await stop().catch((err) => logger.error({ err }, 'shutdown step failed'));
  };
  try {
    const needsDb = env.ROLE !== 'web';
    let deps: AppDeps | null = null;
    let bootstrapAdmin: RunningServer['bootstrapAdmin'] = null;
    if (needsDb) {
      const handle = await openDatabase(env, logger, stops);
      const built = await buildDeps(handle, env, logger, {
        supervise: env.ROLE === 'all' || env.ROLE === 'worker',
        onEmptyDatabase: hooks.onEmptyDatabase,
      });
      stops.push(built.stop);
      deps = built.deps;
      draining = deps.lifecycle;
      bootstrapAdmin = built.bootstrapAdmin;
      if ((env.ROLE === 'all' || env.ROLE === 'worker') && hooks.startWorker)
        stops.push(await hooks.startWorker(deps));
    }
    if (env.ROLE === 'worker') {
      return { url: '', port: 0, deps, bootstrapAdmin, stop: stopAll };
    }

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', env.TRUST_PROXY);
    // First: every surface's body is bounded before anything reads it (decision 210).
    app.use(boundRequestBody());
    app.use(compression());
    const server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, env.HOST, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://localhost:${port}`;

    if (deps) app.use(apiRouter(deps));
    if (env.ROLE === 'all' || env.ROLE === 'web') {
      // The IP rules keep blocked addresses away from the portal pages too, not just its API.
      const db = deps?.db;
      mountBackoffice(app, db ? (req) => enforceIpRules(db, req) : undefined);
      await mountPatientApp(app, env.API_URL ?? `http://127.0.0.1:${port}${API_PREFIX}`);
    }
    stops.push(() => closeGracefully(server, env.SHUTDOWN_GRACE_SECONDS * 1000));
    return { url, port, deps, bootstrapAdmin, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function openDatabase(
  env: Env,
  logger: Logger,
  stops: Array<() => Promise<void>>,
): Promise<DatabaseHandle> {
  let url = env.DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedPostgres(env.DATA_DIR, { log: (line) => logger.debug({ pg: line }) });
    stops.push(() => embedded.stop());
    url = embedded.url;
    logger.info({ dataDir: env.DATA_DIR, port: embedded.port }, 'embedded PostgreSQL started');
  }
  const handle = connectDatabase(url);
  stops.push(() => handle.close());
  return handle;
}

/** Stop accepting connections, let in-flight requests finish (up to graceMs), then close. */
function closeGracefully(server: http.Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
