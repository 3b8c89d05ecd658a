// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * Account security: TOTP replay protection (the last accepted time step), pending two-factor
 * sign-ins (login_challenges), admin unlock of a locked account (cleared failures), and fixed-window
 * rate-limit counters shared by every process through the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE two_factor_secrets ADD COLUMN last_used_step integer;

    CREATE TABLE login_challenges (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('user', 'admin')),
      user_id integer REFERENCES users (id) ON DELETE CASCADE,
      admin_id integer REFERENCES admins (id) ON DELETE CASCADE,
      identifier text NOT NULL,
      ip_address text,
      user_agent text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      CONSTRAINT login_challenges_owner CHECK ((user_id IS NULL) <> (admin_id IS NULL))
    );

    ALTER TABLE login_attempts ADD COLUMN cleared_at timestamptz;
    CREATE INDEX login_attempts_created_at_idx ON login_attempts (created_at DESC);

    CREATE TABLE rate_limit_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL DEFAULT 0,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);

    CREATE INDEX security_events_type_idx ON security_events (event_type, created_at DESC);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
