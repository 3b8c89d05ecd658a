import { contract, type HandlerAnswer } from '@reportsaathi/contracts';
import { sql } from 'kysely';
import type { AppDeps } from '../../context';
import { defineRoute } from '../../http/route-table';

export const APP_VERSION = '2.1.0';

/** Public: whether the API and its database answer. 503 when the database does not. */
export const healthRoutes = [
  defineRoute(contract.health.live, async ({ deps, res }) => {
    let database: 'ok' | 'error' = 'ok';
    try {
      await sql`select 1`.execute(deps.db);
    } catch {
      database = 'error';
    }
    if (database !== 'ok') res.status(503);
    return {
      status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
      database,
      version: APP_VERSION,
      uptime_seconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
    };
  }),
  defineRoute(contract.health.ready, async ({ deps, res }) => {
    const ready = await readiness(deps);
    if (ready.status !== 'ready') res.status(503);
    res.setHeader('Cache-Control', 'no-store');
    return ready;
  }),
];

type Check = 'ok' | 'error';

/**
 * Public: whether this process should get traffic, for a load balancer. 'ready' when the database,
 * the job queue (its own connection) and storage all answer within READY_TIMEOUT_MS; 'draining'
 * from SIGTERM on, while requests in flight finish; 'not_ready' otherwise. The reasons are named
 * (never the error text: it may hold a path or a host).
 */
const READY_TIMEOUT_MS = 2000;

async function readiness(deps: AppDeps): Promise<HandlerAnswer<typeof contract.health.ready>> {
  const [database, queue, storage] = await Promise.all([
    probe(() => sql`select 1`.execute(deps.db)),
    probe(() => deps.jobs.check()),
    probe(() => deps.storage.check()),
  ]);
  const checks = { database, queue, storage };
  const healthy = Object.values(checks).every((c) => c === 'ok');
  const status = deps.lifecycle?.draining ? 'draining' : healthy ? 'ready' : 'not_ready';
  return { status, checks, version: APP_VERSION };
}

async function probe(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}
