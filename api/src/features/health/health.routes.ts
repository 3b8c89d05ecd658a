import { Router } from 'express';
import { sql } from 'kysely';
import type { AppDeps } from '../../context';
import { route } from '../../http/errors';

export const APP_VERSION = '2.1.0';

/** Public: whether the API and its database answer. 503 when the database does not. */
export function healthRouter(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/',
    route(async (_req, res) => {
      let database: 'ok' | 'error' = 'ok';
      try {
        await sql`select 1`.execute(deps.db);
      } catch {
        database = 'error';
      }
      res.status(database === 'ok' ? 200 : 503).json({
        status: database === 'ok' ? 'ok' : 'degraded',
        database,
        version: APP_VERSION,
        uptime_seconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
      });
    }),
  );
  return r;
}
