import { sql, type Kysely } from 'kysely';

/**
 * The date a report's sample was collected, which places its values on a trend (decision 131).
 *
 * - collected_on: the date printed on the report, read by the engine into
 *   analysis_result.patient.collected_on; kept in step by the trigger whenever a result is stored
 *   (a fresh analysis, a cache copy, a re-analysis), so nothing that saves a result has to know.
 * - collected_on_corrected: the patient's own correction, which a re-analysis never overwrites.
 * - taken_on: the date the trends use: the correction, else the printed date, else the upload's
 *   day in India (Asia/Kolkata, where the patients are). Never null, so the charts can walk an
 *   index of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE reports
      ADD COLUMN collected_on date,
      ADD COLUMN collected_on_corrected date,
      ADD COLUMN taken_on date;

    CREATE FUNCTION reports_taken_on() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE printed text := NEW.analysis_result -> 'patient' ->> 'collected_on';
    BEGIN
      NEW.collected_on := CASE WHEN printed ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN printed::date END;
      NEW.taken_on := COALESCE(
        NEW.collected_on_corrected,
        NEW.collected_on,
        (COALESCE(NEW.created_at, now()) AT TIME ZONE 'Asia/Kolkata')::date
      );
      RETURN NEW;
    END $$;
    CREATE TRIGGER reports_taken_on BEFORE INSERT OR UPDATE OF analysis_result, collected_on_corrected, created_at
      ON reports FOR EACH ROW EXECUTE FUNCTION reports_taken_on();

    UPDATE reports SET collected_on_corrected = NULL;
    ALTER TABLE reports ALTER COLUMN taken_on SET NOT NULL;

    CREATE INDEX reports_user_taken_on_idx ON reports (user_id, taken_on DESC, created_at DESC, id DESC)
      WHERE status = 'completed';
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
