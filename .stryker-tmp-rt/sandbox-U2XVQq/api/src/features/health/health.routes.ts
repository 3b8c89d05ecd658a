// @ts-nocheck
import { sql } from 'kysely';
import { defineRoute, PUBLIC } from '../../http/route-table';

export const APP_VERSION = '2.1.0';

/** Public: whether the API and its database answer. 503 when the database does not. */
export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    access: PUBLIC,
    handler: async ({ deps, res }) => {
      let database: 'ok' | 'error' = 'ok';
      try {
        await sql`select 1`.execute(deps.db);
      } catch {
        database = 'error';
      }
      if (database !== 'ok') res.status(503);
      return {
        status: database === 'ok' ? 'ok' : 'degraded',
        database,
        version: APP_VERSION,
        uptime_seconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
      };
    },
  }),
];
