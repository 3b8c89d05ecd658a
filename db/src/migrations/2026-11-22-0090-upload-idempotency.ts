import { sql, type Kysely } from 'kysely';

/**
 * One report per idempotency key and owner for 24 hours (decision 091). The
 * unique key makes PostgreSQL the judge: two processes receiving the same double-clicked upload
 * race on this index, and the second waits for the first's transaction and then finds its report.
 * The owner is 'user:<id>' or 'guest:<session id>'; the row goes with its report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE upload_idempotency_keys (
      id serial PRIMARY KEY,
      owner text NOT NULL,
      key text NOT NULL,
      content_hash text NOT NULL,
      report_id integer REFERENCES reports(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (owner, key)
    );
    CREATE INDEX upload_idempotency_keys_created_at ON upload_idempotency_keys (created_at);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
