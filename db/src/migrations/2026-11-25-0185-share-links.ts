import { sql, type Kysely } from 'kysely';

/**
 * Read-only links a patient gives a doctor for one report (decision 128).
 *
 * - share_links: the token is stored only as its SHA-256 (a dump hands out no working link) and,
 *   sealed with a key derived from the server's secret, so the owner's print page can draw the
 *   link's QR code again; the 6-digit PIN only as a scrypt hash. Owner, report, expiry,
 *   revocation, and how often and when it was last viewed.
 * - share_link_views: the audit of every use of a link: each page shown, each wrong PIN and each
 *   refusal for too many, with the address and browser. Deleted with the link (and the account).
 * - share_pin_throttle: wrong-PIN counters per link and per address ('link:<id>', 'ip:<addr>'):
 *   after 5 wrong PINs each further try waits, and the wait doubles with each wrong one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE share_links (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      report_id integer NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      token_sealed text,
      pin_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      view_count integer NOT NULL DEFAULT 0,
      last_viewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX share_links_report_idx ON share_links (report_id, created_at DESC);
    CREATE INDEX share_links_user_idx ON share_links (user_id, created_at DESC);

    CREATE TABLE share_link_views (
      id bigserial PRIMARY KEY,
      share_link_id integer NOT NULL REFERENCES share_links (id) ON DELETE CASCADE,
      outcome text NOT NULL CHECK (outcome IN ('viewed', 'unlocked', 'wrong_pin', 'throttled')),
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX share_link_views_link_idx ON share_link_views (share_link_id, created_at DESC);

    CREATE TABLE share_pin_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      last_failure_at timestamptz
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
