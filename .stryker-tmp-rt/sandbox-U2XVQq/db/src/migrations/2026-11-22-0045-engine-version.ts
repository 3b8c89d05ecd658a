// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * reports.engine_version: the local engine version (ANALYSIS_VERSION) that produced the stored
 * analysis. The analysis cache reuses only analyses of the current version, and an analysis of an
 * older one is redone when the report is opened or re-analysed (docs/decisions/047-*).
 * Rows the local engine wrote before this column existed carry their version in ai_model_version
 * ('reportsaathi-local-2.1.0'); a row reworded by a model provider does not, stays null and is
 * treated as older than any version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE reports ADD COLUMN engine_version text;
    UPDATE reports
       SET engine_version = substring(ai_model_version FROM '^reportsaathi-local-(.+)$')
     WHERE status = 'completed' AND ai_model_version LIKE 'reportsaathi-local-%';
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
