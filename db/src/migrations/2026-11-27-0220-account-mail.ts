import { sql, type Kysely } from 'kysely';

/**
 * The account by mail and the record of consent (decisions 230, 231).
 *
 * - account_tokens: the links sent by mail (password reset, e-mail confirmation), kept only as
 *   the SHA-256 of their token, single use (used_at), with their expiry. `email` is the address
 *   the link was sent to: for an e-mail change, the new address, which becomes the account's only
 *   when its link is opened.
 * - consent_records: every change of a consent (AI training, usage analytics) with its time and
 *   address, kept with the account and deleted with it.
 * - share_links.patient_details: the name, age and sex the patient chose to show the doctor when
 *   making the link (null: none, the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_confirm')),
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

    CREATE TABLE consent_records (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      consent text NOT NULL CHECK (consent IN ('allow_data_for_training', 'share_usage_analytics')),
      granted boolean NOT NULL,
      source text NOT NULL CHECK (source IN ('registration', 'preferences')),
      ip_address text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX consent_records_user_idx ON consent_records (user_id, created_at DESC);

    ALTER TABLE share_links ADD COLUMN patient_details jsonb;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
