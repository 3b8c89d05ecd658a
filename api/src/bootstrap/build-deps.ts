import { configureAnalysis } from '@reportsaathi/analysis';
import { migrateToLatest, type DatabaseHandle } from '@reportsaathi/db';
import type { Logger } from 'pino';
import type { AppDeps } from '../context';
import type { Env } from '../env';
import { ensureDefaultSettings } from '../platform/settings/settings.repo';
import { deriveKey } from '../platform/settings/settings-crypto';
import { registerSettingsKey } from '../platform/settings/settings.service';
import { encryptPlainSecrets } from '../platform/security/security.repo';
import { createJobQueue } from '../jobs/queue';
import { createStorage } from '../storage/create-storage';
import { withBootstrapLock } from './bootstrap-lock';
import { resolveSecretKeys } from './secret-keys';
import { ensureSuperAdmin } from './super-admin';
import { createMailer } from '../platform/mail/mailer';

export interface BuildOptions {
  /** This process works the queues (schedules included): roles all and worker. */
  supervise: boolean;
  /** Create the first super admin on an empty admins table (the server does; most tests don't). */
  superAdmin?: boolean;
  /** Runs once on a fresh database after migrations (demo data), when DEMO_DATA is on. */
  onEmptyDatabase?: (deps: AppDeps) => Promise<void>;
}

export interface Built {
  deps: AppDeps;
  bootstrapAdmin: Awaited<ReturnType<typeof ensureSuperAdmin>>;
  /** Stops what this built (the job queue); the database handle stays the caller's. */
  stop(): Promise<void>;
}

/**
 * The one place a process's dependencies are made, used by the server and by the test harness.
 * Processes starting together take turns under an advisory lock: migrations, the queue's tables
 * and the first-start rows (settings, JWT secret, super admin, demo data) would otherwise race.
 */
export async function buildDeps(
  handle: DatabaseHandle,
  env: Env,
  logger: Logger,
  options: BuildOptions,
): Promise<Built> {
  // The engine reads no environment of its own: its settings come from this process's (env.ts).
  configureAnalysis(env.analysis);
  return withBootstrapLock(handle.db, async () => {
    await migrateToLatest(handle.db as never);
    await ensureDefaultSettings(handle.db);
    // The signing and encryption keys: environment or key file, never the database (secret-keys.ts).
    const keys = await resolveSecretKeys(handle.db, env);
    registerSettingsKey(handle.db, deriveKey(keys.settingsKey));
    // 2FA secrets written in plain text before decision 082 are encrypted once, under the lock.
    await encryptPlainSecrets(handle.db);
    const jobs = await createJobQueue(handle.url, logger, {
      analysisTimeoutSeconds: env.ANALYSIS_TIMEOUT_SECONDS,
      supervise: options.supervise,
    });
    try {
      const deps: AppDeps = {
        db: handle.db,
        env,
        logger,
        jwtSecret: keys.jwtSecret,
        startedAt: new Date(),
        mailer: createMailer(env, logger),
        storage: createStorage(env),
        jobs,
        lifecycle: { draining: false },
      };
      const bootstrapAdmin = options.superAdmin === false ? null : await ensureSuperAdmin(handle.db, env);
      if (options.onEmptyDatabase && env.DEMO_DATA) await options.onEmptyDatabase(deps);
      return { deps, bootstrapAdmin, stop: () => jobs.stop() };
    } catch (err) {
      await jobs.stop();
      throw err;
    }
  });
}
