import { sql, type Kysely } from 'kysely';

/**
 * Where a running analysis is (decision 246): reports.analysis_stage, one of 'reading', 'finding',
 * 'checking', 'explaining', written by the worker as the engine passes each step (one UPDATE per
 * step) and cleared when the attempt ends (completed, failed, put back). Null for every report
 * that is not being analysed; the views show it only while status is 'processing'. Guest reports
 * are rows of the same table, so they have it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE reports
      ADD COLUMN analysis_stage text
        CONSTRAINT reports_analysis_stage_check
        CHECK (analysis_stage IN ('reading', 'finding', 'checking', 'explaining'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
