import type { Logger } from 'pino';
import type { DB } from '@reportsaathi/db';
import type { Env } from './env';
import type { Storage } from './storage/storage';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './platform/mail/mailer';

/** What every feature gets: created once in server.ts (or by the test harness). */
export interface AppDeps {
  db: DB;
  env: Env;
  logger: Logger;
  jwtSecret: string;
  startedAt: Date;
  storage: Storage;
  jobs: JobQueue;
  /** Account mail: SMTP, the development outbox, or off (platform/mail/mailer.ts). */
  mailer: Mailer;
  /**
   * Set by the server on SIGTERM: readiness answers 503 so a load balancer sends no more, while
   * requests in flight finish. Absent in scripts that never serve HTTP.
   */
  lifecycle?: { draining: boolean };
}
