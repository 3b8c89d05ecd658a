import { sql, type Kysely } from 'kysely';

/**
 * One set of values per report (decision 097): a report's values are unique by
 * position, so two analyses of one report can never leave two sets side by side, whatever the
 * code does. Any doubled rows an older version left are removed first (the lowest id kept), then
 * the plain index on (report_id, position) becomes the unique constraint's index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM report_values v
     USING report_values keep
     WHERE keep.report_id = v.report_id AND keep.position = v.position AND keep.id < v.id;
    DROP INDEX IF EXISTS report_values_report_idx;
    ALTER TABLE report_values
      ADD CONSTRAINT report_values_report_position_key UNIQUE (report_id, position);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
