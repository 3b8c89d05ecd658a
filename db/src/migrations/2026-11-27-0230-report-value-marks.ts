import { sql, type Kysely } from 'kysely';

/**
 * The two fields of a shown value that were not stored (decision 170):
 *
 * - printed_red: the result was printed in red on the image (decision 135); false for a value
 *   stored before it was kept.
 * - ref_source: where the range came from ('report', 'knowledge_base' when the report printed
 *   none, 'none'). Null for a value stored before it was kept: a range filled in from the
 *   knowledge base cannot be told from a printed one afterwards, so it is not guessed. A
 *   re-analysis (decision 047) fills it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE report_values
      ADD COLUMN printed_red boolean NOT NULL DEFAULT false,
      ADD COLUMN ref_source text CHECK (ref_source IN ('report', 'knowledge_base', 'none'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
