import { sql, type Kysely } from 'kysely';

/**
 * Every entity of the product. Enumerations are CHECK constraints; ON DELETE follows the
 * spec's delete rules (a user's permanent delete removes their reports, chats, feedback,
 * sessions and subscriptions; an admin's removal keeps the audit trail with admin_id null).
 * Indexes cover the filters and sorts of the list screens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      full_name text,
      password_hash text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      is_verified boolean NOT NULL DEFAULT false,
      preferences jsonb NOT NULL DEFAULT '{}',
      retention jsonb NOT NULL DEFAULT '{}',
      admin_notes text,
      last_login timestamptz,
      deactivated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_lower CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE INDEX users_created_at_idx ON users (created_at DESC);
    CREATE INDEX users_full_name_idx ON users (full_name);
    CREATE INDEX users_last_login_idx ON users (last_login);
    CREATE INDEX users_status_idx ON users (is_active, is_verified);

    CREATE TABLE admins (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username text NOT NULL UNIQUE,
      email text UNIQUE,
      full_name text,
      role text NOT NULL CHECK (role IN ('super_admin', 'admin', 'moderator', 'viewer')),
      password_hash text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      last_login timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE guest_sessions (
      id text PRIMARY KEY,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX guest_sessions_expires_at_idx ON guest_sessions (expires_at);

    CREATE TABLE reports (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer REFERENCES users (id) ON DELETE CASCADE,
      guest_session_id text REFERENCES guest_sessions (id) ON DELETE CASCADE,
      filename text NOT NULL,
      original_filename text NOT NULL,
      file_type text NOT NULL CHECK (file_type IN ('pdf', 'png', 'jpg', 'txt')),
      mime_type text NOT NULL,
      file_size integer NOT NULL CHECK (file_size >= 0),
      content_hash text NOT NULL,
      storage_key text,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'deleted')),
      report_type text CHECK (report_type IN ('blood_test', 'x_ray', 'mri', 'ct_scan', 'ultrasound', 'other')),
      language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi')),
      summary text,
      key_findings jsonb NOT NULL DEFAULT '[]',
      recommendations jsonb NOT NULL DEFAULT '[]',
      impressions jsonb NOT NULL DEFAULT '[]',
      analysis_result jsonb,
      confidence_score double precision CHECK (confidence_score BETWEEN 0 AND 1),
      ai_model_version text,
      cache_hit boolean NOT NULL DEFAULT false,
      error_message text,
      attempts integer NOT NULL DEFAULT 0,
      processing_started_at timestamptz,
      processing_completed_at timestamptz,
      processing_time_seconds double precision,
      is_flagged boolean NOT NULL DEFAULT false,
      flag_reason text,
      moderation_status text CHECK (moderation_status IN ('pending', 'reviewed', 'rejected')),
      moderated_at timestamptz,
      admin_notes text,
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES admins (id) ON DELETE SET NULL,
      uploader_ip text,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reports_owner CHECK (user_id IS NOT NULL OR guest_session_id IS NOT NULL)
    );
    CREATE INDEX reports_user_created_idx ON reports (user_id, created_at DESC);
    CREATE INDEX reports_guest_idx ON reports (guest_session_id);
    CREATE INDEX reports_created_at_idx ON reports (created_at DESC);
    CREATE INDEX reports_updated_at_idx ON reports (updated_at DESC);
    CREATE INDEX reports_status_idx ON reports (status);
    CREATE INDEX reports_report_type_idx ON reports (report_type);
    CREATE INDEX reports_flagged_idx ON reports (is_flagged) WHERE is_flagged;
    CREATE INDEX reports_content_hash_idx ON reports (content_hash, language);
    CREATE INDEX reports_filename_idx ON reports (filename);
    CREATE INDEX reports_file_size_idx ON reports (file_size);
    CREATE INDEX reports_processing_time_idx ON reports (processing_time_seconds);

    -- One row per guest upload or analysis: the daily limits count these per session and per IP,
    -- so a new session from the same IP does not reset them.
    CREATE TABLE guest_usage (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      guest_session_id text REFERENCES guest_sessions (id) ON DELETE SET NULL,
      report_id integer REFERENCES reports (id) ON DELETE SET NULL,
      ip_address text,
      kind text NOT NULL CHECK (kind IN ('upload', 'analysis')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX guest_usage_session_idx ON guest_usage (guest_session_id, kind, created_at);
    CREATE INDEX guest_usage_ip_idx ON guest_usage (ip_address, kind, created_at);
    CREATE INDEX guest_usage_report_idx ON guest_usage (report_id);

    CREATE TABLE report_values (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      report_id integer NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      position integer NOT NULL,
      canonical_id text NOT NULL,
      loinc text,
      name text NOT NULL,
      value_numeric double precision,
      value_text text,
      qualifier text CHECK (qualifier IN ('<', '>')),
      unit text NOT NULL DEFAULT '',
      ref_low double precision,
      ref_high double precision,
      ref_text text NOT NULL DEFAULT '',
      flag text NOT NULL CHECK (flag IN ('low', 'normal', 'high', 'critical_low', 'critical_high', 'abnormal')),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT report_values_has_value CHECK (value_numeric IS NOT NULL OR value_text IS NOT NULL)
    );
    CREATE INDEX report_values_report_idx ON report_values (report_id, position);
    CREATE INDEX report_values_canonical_idx ON report_values (canonical_id);

    CREATE TABLE chats (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      report_id integer NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      message text NOT NULL,
      response text,
      language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi')),
      ai_model_used text,
      tokens_used integer,
      processing_time_seconds double precision,
      confidence_score double precision CHECK (confidence_score BETWEEN 0 AND 1),
      is_flagged boolean NOT NULL DEFAULT false,
      flag_reason text,
      moderation_notes text,
      moderation_status text CHECK (moderation_status IN ('pending', 'reviewed', 'rejected')),
      moderated_at timestamptz,
      user_feedback text CHECK (user_feedback IN ('helpful', 'not_helpful', 'irrelevant')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX chats_report_created_idx ON chats (report_id, created_at);
    CREATE INDEX chats_user_created_idx ON chats (user_id, created_at DESC);
    CREATE INDEX chats_created_at_idx ON chats (created_at DESC);
    CREATE INDEX chats_flagged_idx ON chats (is_flagged) WHERE is_flagged;
    CREATE INDEX chats_model_idx ON chats (ai_model_used);

    CREATE TABLE feedback (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      report_id integer NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      chat_id integer REFERENCES chats (id) ON DELETE CASCADE,
      rating text NOT NULL CHECK (rating IN ('helpful', 'not_helpful', 'irrelevant')),
      comment text,
      is_flagged boolean NOT NULL DEFAULT false,
      moderation_status text CHECK (moderation_status IN ('pending', 'reviewed', 'rejected')),
      moderated_at timestamptz,
      admin_response text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feedback_user_idx ON feedback (user_id, created_at DESC);
    CREATE INDEX feedback_report_idx ON feedback (report_id);
    CREATE INDEX feedback_chat_idx ON feedback (chat_id);

    CREATE TABLE moderation_decisions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      content_type text NOT NULL CHECK (content_type IN ('report', 'chat', 'feedback')),
      content_id integer NOT NULL,
      action text NOT NULL CHECK (action IN ('approve', 'reject', 'flag')),
      reason text,
      notes text,
      admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX moderation_decisions_content_idx ON moderation_decisions (content_type, content_id);

    CREATE TABLE audit_logs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
      admin_email text,
      action text NOT NULL,
      resource_type text NOT NULL,
      resource_id text,
      success text NOT NULL DEFAULT 'success' CHECK (success IN ('success', 'failed', 'partial')),
      ip_address text,
      user_agent text,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_created_at_idx ON audit_logs (created_at DESC);
    CREATE INDEX audit_logs_action_idx ON audit_logs (action);
    CREATE INDEX audit_logs_resource_idx ON audit_logs (resource_type, resource_id);
    CREATE INDEX audit_logs_admin_email_idx ON audit_logs (admin_email);
    CREATE INDEX audit_logs_success_idx ON audit_logs (success);

    CREATE TABLE system_settings (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key text NOT NULL UNIQUE,
      value text,
      data_type text NOT NULL DEFAULT 'string' CHECK (data_type IN ('string', 'boolean', 'integer', 'float', 'json')),
      category text NOT NULL
        CHECK (category IN ('ai_model', 'rate_limiting', 'features', 'system', 'security', 'payment')),
      description text,
      requires_restart boolean NOT NULL DEFAULT false,
      is_sensitive boolean NOT NULL DEFAULT false,
      last_modified_by integer REFERENCES admins (id) ON DELETE SET NULL,
      last_modified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX system_settings_category_idx ON system_settings (category);

    CREATE TABLE plans (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      price_monthly_paise integer NOT NULL CHECK (price_monthly_paise >= 0),
      price_yearly_paise integer NOT NULL CHECK (price_yearly_paise >= 0),
      features jsonb NOT NULL DEFAULT '[]',
      limits jsonb NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE subscriptions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      plan_id integer NOT NULL REFERENCES plans (id) ON DELETE RESTRICT,
      status text NOT NULL CHECK (status IN ('pending', 'active', 'cancelled', 'expired', 'past_due')),
      billing_cycle text NOT NULL DEFAULT 'monthly' CHECK (billing_cycle IN ('monthly', 'yearly')),
      gateway text,
      started_at timestamptz,
      current_period_end timestamptz,
      cancelled_at timestamptz,
      cancel_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC);
    CREATE INDEX subscriptions_status_idx ON subscriptions (status);

    CREATE TABLE payments (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
      amount_paise integer NOT NULL CHECK (amount_paise >= 0),
      currency text NOT NULL DEFAULT 'INR',
      gateway text NOT NULL,
      gateway_payment_id text,
      status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'refunded')),
      refunded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);
    CREATE INDEX payments_status_idx ON payments (status);

    CREATE TABLE user_sessions (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('user', 'admin')),
      user_id integer REFERENCES users (id) ON DELETE CASCADE,
      admin_id integer REFERENCES admins (id) ON DELETE CASCADE,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CONSTRAINT user_sessions_owner CHECK (
        (kind = 'user' AND user_id IS NOT NULL AND admin_id IS NULL) OR
        (kind = 'admin' AND admin_id IS NOT NULL AND user_id IS NULL))
    );
    CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);
    CREATE INDEX user_sessions_admin_idx ON user_sessions (admin_id);

    CREATE TABLE two_factor_secrets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      admin_id integer UNIQUE REFERENCES admins (id) ON DELETE CASCADE,
      secret text NOT NULL,
      enabled boolean NOT NULL DEFAULT false,
      backup_codes jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      enabled_at timestamptz,
      CONSTRAINT two_factor_owner CHECK ((user_id IS NULL) <> (admin_id IS NULL))
    );

    CREATE TABLE ip_restrictions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ip_cidr cidr NOT NULL,
      kind text NOT NULL CHECK (kind IN ('allow', 'block')),
      description text,
      is_active boolean NOT NULL DEFAULT true,
      created_by integer REFERENCES admins (id) ON DELETE SET NULL,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE security_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_type text NOT NULL,
      severity text NOT NULL DEFAULT 'low' CHECK (severity IN ('low', 'medium', 'high', 'critical')),
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
      ip_address text,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX security_events_created_at_idx ON security_events (created_at DESC);

    CREATE TABLE login_attempts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('user', 'admin')),
      identifier text NOT NULL,
      ip_address text,
      success boolean NOT NULL,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_identifier_idx ON login_attempts (kind, identifier, created_at DESC);
    CREATE INDEX login_attempts_ip_idx ON login_attempts (ip_address, created_at DESC);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
