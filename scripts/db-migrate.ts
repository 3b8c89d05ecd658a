import { migrateToLatest } from '@reportsaathi/db';
import { readEnv } from '../api/src/env';
import { openDatabase } from './lib/open-database';
import { runScript } from './lib/run-script';

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

runScript(main, 'Migration');
