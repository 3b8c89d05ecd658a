import path from 'node:path';
import { migrateToLatest } from '@reportsaathi/db';
import { readEnv } from '../api/src/env';
import { createJobQueue } from '../api/src/jobs/queue';
import { createLogger } from '../api/src/logger';
import { BackupError, restoreBackup } from '../api/src/ops/backup';
import { createStorage } from '../api/src/storage/create-storage';
import { openDatabase } from './lib/open-database';
import { runScript } from './lib/run-script';

/**
 * `npm run db:restore -- FOLDER [--force]`: checks every checksum of a backup made by db:backup,
 * migrates the target (DATABASE_URL or the embedded database under DATA_DIR), replaces its rows and
 * stored files, and queues the analyses that had not finished. Refuses a target that holds users or
 * reports unless --force. Stop `npm start` first. Decision 093.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('Usage: npm run db:restore -- FOLDER [--force]');
    return 2;
  }
  const env = readEnv();
  const database = await openDatabase(env);
  try {
    console.log(`Restoring ${path.resolve(folder)} into ${database.description}...`);
    await migrateToLatest(database.db as never);
    const storage = createStorage(env);
    const { manifest, unfinished } = await restoreBackup(database.db, storage, path.resolve(folder), {
      force: args.includes('--force'),
    });
    if (unfinished.length) {
      const jobs = await createJobQueue(database.url, createLogger('warn'), {
        analysisTimeoutSeconds: env.ANALYSIS_TIMEOUT_SECONDS,
        supervise: false,
      });
      for (const id of unfinished) await jobs.enqueueAnalysis(id);
      await jobs.stop();
    }
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Done: ${rows} rows, ${manifest.files.length} files; ${unfinished.length} unfinished analyses queued again.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runScript(main, 'Restore', [BackupError]);
