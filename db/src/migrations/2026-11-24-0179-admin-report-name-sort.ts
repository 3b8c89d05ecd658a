import { sql, type Kysely } from 'kysely';

/**
 * The admin reports list shows and sorts by the name the user uploaded (original_filename), not
 * the storage key (filename): its 'Filename' sort now reads this index the way it read
 * reports_filename_id_idx, which nothing else sorts by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX reports_original_filename_id_idx ON reports (original_filename, id);
    DROP INDEX reports_filename_id_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX reports_filename_id_idx ON reports (filename, id);
    DROP INDEX reports_original_filename_id_idx;
  `.execute(db);
}
