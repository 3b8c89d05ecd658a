import path from 'node:path';
import { readEnv } from '../api/src/env';
import { BackupError, createBackup } from '../api/src/ops/backup';
import { createStorage } from '../api/src/storage/create-storage';
import { openDatabase } from './lib/open-database';
import { runScript } from './lib/run-script';

/**
 * `npm run db:backup [-- --out FOLDER]`: every table in one snapshot plus every stored report file,
 * with checksums, into a folder (default ./backups/reportsaathi-<time>). Works on DATABASE_URL or on
 * the embedded database (also while `npm start` runs). Decision 093.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(at >= 0 && args[at + 1] ? args[at + 1] : `backups/reportsaathi-${stamp}`);
  const env = readEnv();
  const database = await openDatabase(env);
  try {
    console.log(`Backing up ${database.description} to ${out}...`);
    const manifest = await createBackup(database.db, createStorage(env), out);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Done: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files.`);
    return 0;
  } finally {
    await database.close();
  }
}

runScript(main, 'Backup', [BackupError]);
