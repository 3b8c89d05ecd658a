// @ts-nocheck
import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations';

/** Runs every pending migration; throws with the failing migration's name and error. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Migration names carry each engineer's number range (0031, 0045, 0050 ...), not the order they
  // land in, so a database may already hold a later-numbered one: apply the missing ones anyway.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
