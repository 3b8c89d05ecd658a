// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * The user panel: plans priced in INR (Free plus two paid plans, monthly and yearly), the
 * order id a payment gateway issues, a usage row per analysis so a monthly allowance cannot be
 * reset by deleting reports, and owner-first indexes for the panel's lists and sorts.
 * The plan rows are inserted only when missing, so an admin's later price change survives.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN gateway_order_id text;
    CREATE UNIQUE INDEX payments_gateway_order_key ON payments (gateway, gateway_order_id);

    CREATE TABLE analysis_usage (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      report_id integer REFERENCES reports (id) ON DELETE SET NULL,
      file_size integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX analysis_usage_user_idx ON analysis_usage (user_id, created_at);

    CREATE INDEX reports_user_updated_idx ON reports (user_id, updated_at DESC);
    CREATE INDEX reports_user_size_idx ON reports (user_id, file_size);
    CREATE INDEX reports_user_name_idx ON reports (user_id, original_filename);
    CREATE INDEX chats_user_updated_idx ON chats (user_id, updated_at DESC);

    INSERT INTO plans (code, name, price_monthly_paise, price_yearly_paise, features, limits) VALUES
      ('free', 'Free', 0, 0,
        '["30 analyses a month", "500 MB of stored reports", "Chat about your reports", "English and Hindi"]',
        '{"analyses_per_month": 30, "storage_bytes": 524288000}'),
      ('plus', 'Plus', 19900, 199000,
        '["200 analyses a month", "5 GB of stored reports", "Health trends across reports", "Priority analysis"]',
        '{"analyses_per_month": 200, "storage_bytes": 5368709120}'),
      ('family', 'Family', 49900, 499000,
        '["Unlimited analyses", "20 GB of stored reports", "Health trends across reports", "Priority support"]',
        '{"analyses_per_month": null, "storage_bytes": 21474836480}')
    ON CONFLICT (code) DO NOTHING;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
