// @ts-nocheck
// 
import { sql, type Kysely } from 'kysely';

/**
 * What the engine now says about each value beyond its flag: the unit was inferred (not
 * printed), the lab's own mark and whether it disagrees with the computed flag, the printed band
 * of a tiered range, a doubtful reading, and a printed test the knowledge base does not explain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE report_values
      ADD COLUMN unit_inferred boolean NOT NULL DEFAULT false,
      ADD COLUMN flag_printed text,
      ADD COLUMN flag_disagrees boolean NOT NULL DEFAULT false,
      ADD COLUMN band text,
      ADD COLUMN uncertain boolean NOT NULL DEFAULT false,
      ADD COLUMN not_in_knowledge_base boolean NOT NULL DEFAULT false;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
