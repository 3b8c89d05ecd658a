import { sql, type Kysely } from 'kysely';

/**
 * A misread value the patient puts right (decision 243).
 *
 * - report_values.entered_at: when the value shown is the patient's own, typed from the printed
 *   report (null: as the engine read it). Every reader (the page, trends, exports, FHIR, the
 *   shared page, the chat) reads the row as it stands, so the entered value is used everywhere.
 * - report_values.read_as: the reading it replaced, as it was shown ('1.01', '<0.5').
 * - report_value_corrections: the history, one row per value entered, never deleted while the
 *   report lives. `original` is the whole row as the engine read it, so Undo restores it exactly;
 *   `undone_at` marks an entry undone. A value is found by its report and position (the order
 *   the engine gave it), which a re-analysis keeps for the same file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE report_values
      ADD COLUMN entered_at timestamptz,
      ADD COLUMN read_as text;

    CREATE TABLE report_value_corrections (
      id serial PRIMARY KEY,
      report_id integer NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      position integer NOT NULL,
      canonical_id text NOT NULL,
      entered text NOT NULL,
      original jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      undone_at timestamptz
    );
    CREATE INDEX report_value_corrections_report_idx
      ON report_value_corrections (report_id, position, created_at);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
