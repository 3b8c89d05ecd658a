// @ts-nocheck
// 
import type { Logger } from 'pino';
import type { DB } from '@reportsaathi/db';
import type { Env } from './env';
import type { Storage } from './storage/storage';
import type { JobQueue } from './jobs/queue';

/** What every feature gets: created once in server.ts (or by the test harness). */
export interface AppDeps {
  db: DB;
  env: Env;
  logger: Logger;
  jwtSecret: string;
  startedAt: Date;
  storage: Storage;
  jobs: JobQueue;
}
