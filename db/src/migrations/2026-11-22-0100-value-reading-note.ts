import { sql, type Kysely } from 'kysely';

/**
 * A photo's value the engine did not take exactly as read (a lost decimal point put back, or an
 * impossible value left uncertain): its lowered confidence and the reason, for a reviewer
 * (decision 048). Null for values read as printed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE report_values
      ADD COLUMN value_confidence real,
      ADD COLUMN reading_note text;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
