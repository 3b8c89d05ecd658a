import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types for Kysely. snake_case as in the database. Timestamps come back as Date;
 * jsonb columns are written as JSON text (node-postgres would turn JS arrays into
 * PostgreSQL arrays) and read back parsed.
 */
// Insert type includes undefined: columns with DEFAULT now() may be left out.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  full_name: string | null;
  password_hash: string;
  is_active: Generated<boolean>;
  is_verified: Generated<boolean>;
  preferences: Json<Record<string, unknown>>;
  retention: Json<Record<string, unknown>>;
  admin_notes: string | null;
  last_login: NullableTimestamp;
  deactivated_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  full_name: string | null;
  role: string;
  password_hash: string;
  is_active: Generated<boolean>;
  last_login: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GuestSessionsTable {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface GuestUsageTable {
  id: Generated<number>;
  guest_session_id: string | null;
  report_id: number | null;
  ip_address: string | null;
  kind: 'upload' | 'analysis';
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  user_id: number | null;
  guest_session_id: string | null;
  filename: string;
  original_filename: string;
  file_type: string;
  mime_type: string;
  file_size: number;
  content_hash: string;
  storage_key: string | null;
  status: Generated<'pending' | 'processing' | 'completed' | 'failed' | 'deleted'>;
  report_type: string | null;
  language: Generated<'en' | 'hi'>;
  summary: string | null;
  key_findings: Json<string[]>;
  recommendations: Json<string[]>;
  impressions: Json<string[]>;
  analysis_result: NullableJson<Record<string, unknown>>;
  confidence_score: number | null;
  ai_model_version: string | null;
  /** ANALYSIS_VERSION of the engine that produced the stored analysis; null before 2026-11-22. */
  engine_version: string | null;
  cache_hit: Generated<boolean>;
  error_message: string | null;
  attempts: Generated<number>;
  /** The running attempt's step (migration 0250, decision 246); null when none runs. */
  analysis_stage: 'reading' | 'finding' | 'checking' | 'explaining' | null;
  processing_started_at: NullableTimestamp;
  processing_completed_at: NullableTimestamp;
  processing_time_seconds: number | null;
  is_flagged: Generated<boolean>;
  flag_reason: string | null;
  moderation_status: 'pending' | 'reviewed' | 'rejected' | null;
  moderated_at: NullableTimestamp;
  /** Set by a trigger when is_flagged turns true (migration 0071). */
  flagged_at: NullableTimestamp;
  moderation_notes: string | null;
  admin_notes: string | null;
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
  uploader_ip: string | null;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Dates (read them with to_char: pg turns a date into local midnight). The sample's collection date as printed (set by a trigger from analysis_result; migration 0190). */
  collected_on: ColumnType<Date | null, never, never>;
  /** The patient's correction of the collection date; a re-analysis keeps it. */
  collected_on_corrected: ColumnType<Date | null, string | null | undefined, string | null>;
  /** The date a trend places the report at: corrected, else printed, else the upload's day (trigger). */
  taken_on: ColumnType<Date, never, never>;
}

export interface ReportValuesTable {
  id: Generated<number>;
  report_id: number;
  position: number;
  canonical_id: string;
  loinc: string | null;
  name: string;
  value_numeric: number | null;
  value_text: string | null;
  /** '<' or '>' of a censored result ('<0.5'). */
  qualifier: '<' | '>' | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  /** Where the range came from; null for a value stored before it was kept (migration 0230). */
  ref_source: 'report' | 'knowledge_base' | 'none' | null;
  flag: 'low' | 'normal' | 'high' | 'critical_low' | 'critical_high' | 'abnormal';
  /** The unit was not printed; the knowledge base's unit was the only plausible one. */
  unit_inferred: Generated<boolean>;
  /** The lab's own mark beside the result (H, L, *), as printed. */
  flag_printed: string | null;
  /** The lab's mark points the other way from the computed flag (the computed flag is kept). */
  flag_disagrees: Generated<boolean>;
  /** The result was printed in red on the image (decision 135). */
  printed_red: Generated<boolean>;
  /** The printed band of a tiered range the value falls in ('borderline high'). */
  band: string | null;
  /** A doubtful reading (a photo): the patient is asked to check the printed report. */
  uncertain: Generated<boolean>;
  /** A printed test the knowledge base does not know: shown as printed, not explained. */
  not_in_knowledge_base: Generated<boolean>;
  /** Lowered confidence (0..1) of a photo's value not taken exactly as read; null otherwise. */
  value_confidence: number | null;
  /** Why the value is not exactly what was read (a decimal point put back, an impossible value). */
  reading_note: string | null;
  /** The value is the patient's own, typed from the printed report, since then (decision 243). */
  entered_at: NullableTimestamp;
  /** The reading an entered value replaced, as it was shown ('1.01', '<0.5'). */
  read_as: string | null;
  created_at: Timestamp;
}

/** Each value a patient entered, and its undoing (decision 243); `original` is the row as read. */
export interface ReportValueCorrectionsTable {
  id: Generated<number>;
  report_id: number;
  user_id: number;
  position: number;
  canonical_id: string;
  entered: string;
  original: Json<Record<string, unknown>>;
  created_at: Timestamp;
  undone_at: NullableTimestamp;
}

export interface ChatsTable {
  id: Generated<number>;
  user_id: number;
  report_id: number;
  message: string;
  response: string | null;
  language: Generated<'en' | 'hi'>;
  ai_model_used: string | null;
  tokens_used: number | null;
  processing_time_seconds: number | null;
  confidence_score: number | null;
  is_flagged: Generated<boolean>;
  flag_reason: string | null;
  moderation_notes: string | null;
  moderation_status: 'pending' | 'reviewed' | 'rejected' | null;
  moderated_at: NullableTimestamp;
  flagged_at: NullableTimestamp;
  user_feedback: 'helpful' | 'not_helpful' | 'irrelevant' | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // search_text (generated: the lowercased message and answer, migration 0178) is left out on
  // purpose: only the user's chat search reads it, in SQL (user-library/library.repo.ts).
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  report_id: number;
  chat_id: number | null;
  rating: 'helpful' | 'not_helpful' | 'irrelevant';
  comment: string | null;
  is_flagged: Generated<boolean>;
  flag_reason: string | null;
  flagged_at: NullableTimestamp;
  moderation_notes: string | null;
  moderation_status: 'pending' | 'reviewed' | 'rejected' | null;
  moderated_at: NullableTimestamp;
  admin_response: string | null;
  created_at: Timestamp;
}

export interface ModerationDecisionsTable {
  id: Generated<number>;
  content_type: 'report' | 'chat' | 'feedback';
  content_id: number;
  action: 'approve' | 'reject' | 'flag';
  reason: string | null;
  notes: string | null;
  admin_id: number | null;
  created_at: Timestamp;
}

export interface AuditLogsTable {
  id: Generated<number>;
  admin_id: number | null;
  admin_email: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  success: 'success' | 'failed' | 'partial';
  ip_address: string | null;
  user_agent: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface SystemSettingsTable {
  id: Generated<number>;
  key: string;
  value: string | null;
  data_type: 'string' | 'boolean' | 'integer' | 'float' | 'json';
  category: 'ai_model' | 'rate_limiting' | 'features' | 'system' | 'security' | 'payment';
  description: string | null;
  requires_restart: Generated<boolean>;
  is_sensitive: Generated<boolean>;
  last_modified_by: number | null;
  last_modified_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PlansTable {
  id: Generated<number>;
  code: string;
  name: string;
  price_monthly_paise: number;
  price_yearly_paise: number;
  features: Json<string[]>;
  limits: Json<Record<string, unknown>>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  status: 'pending' | 'active' | 'cancelled' | 'expired' | 'past_due';
  billing_cycle: 'monthly' | 'yearly';
  gateway: string | null;
  started_at: NullableTimestamp;
  current_period_end: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  amount_paise: number;
  currency: Generated<string>;
  gateway: string;
  gateway_payment_id: string | null;
  gateway_order_id: string | null;
  status: 'pending' | 'completed' | 'failed' | 'refunded';
  refunded_at: NullableTimestamp;
  /** The gateway's id of the refund and the staff's reason for it. */
  refund_id: string | null;
  refund_reason: string | null;
  created_at: Timestamp;
}

export interface UserSessionsTable {
  id: string;
  kind: 'user' | 'admin';
  user_id: number | null;
  admin_id: number | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface TwoFactorSecretsTable {
  id: Generated<number>;
  user_id: number | null;
  admin_id: number | null;
  secret: string;
  enabled: Generated<boolean>;
  /** SHA-256 hashes of the unused one-time recovery codes. */
  backup_codes: Json<string[]>;
  created_at: Timestamp;
  enabled_at: NullableTimestamp;
  /** The TOTP time step of the last accepted code: a code of that step or earlier is refused. */
  last_used_step: number | null;
}

export interface LoginChallengesTable {
  /** SHA-256 of the challenge handed to the client. */
  id: string;
  kind: 'user' | 'admin';
  user_id: number | null;
  admin_id: number | null;
  identifier: string;
  ip_address: string | null;
  user_agent: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface IpRestrictionsTable {
  id: Generated<number>;
  ip_cidr: string;
  kind: 'allow' | 'block';
  description: string | null;
  is_active: Generated<boolean>;
  created_by: number | null;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  event_type: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  user_id: number | null;
  admin_id: number | null;
  ip_address: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  kind: 'user' | 'admin';
  identifier: string;
  ip_address: string | null;
  success: boolean;
  reason: string | null;
  created_at: Timestamp;
  /** Set when an admin unlocks the account: cleared failures no longer count towards a lockout. */
  cleared_at: NullableTimestamp;
}

export interface FileDeletionsTable {
  storage_key: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  last_attempt_at: NullableTimestamp;
}

/** An upload's idempotency key: one report per owner and key for 24 hours (decision 091). */
export interface UploadIdempotencyKeysTable {
  id: Generated<number>;
  /** 'user:<id>' or 'guest:<session id>'. */
  owner: string;
  key: string;
  content_hash: string;
  report_id: number | null;
  created_at: Timestamp;
}

/** One row per analysis a user starts (upload): the monthly allowance counts these. */
export interface AnalysisUsageTable {
  id: Generated<number>;
  user_id: number;
  report_id: number | null;
  file_size: Generated<number>;
  created_at: Timestamp;
}

/** A read-only link to one report for a doctor (decision 128): token and PIN stored hashed. */
export interface ShareLinksTable {
  id: Generated<number>;
  user_id: number;
  report_id: number;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  /** The token sealed with a key derived from the server's secret (the print page's QR code). */
  token_sealed: string | null;
  /** scrypt hash of the 6-digit PIN. */
  pin_hash: string;
  /** Name, age and sex the patient chose to show the doctor (null: none). */
  patient_details: NullableJson<{ name?: string; age?: number; sex?: string }>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  view_count: Generated<number>;
  last_viewed_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A link sent by mail: password reset or e-mail confirmation, kept as its token's SHA-256. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'password_reset' | 'email_confirm';
  token_hash: string;
  /** Where the link was sent (for an e-mail change: the new address). */
  email: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** One change of a consent, with its time (the audit of consent, decision 231). */
export interface ConsentRecordsTable {
  id: Generated<string>;
  user_id: number;
  consent: 'allow_data_for_training' | 'share_usage_analytics';
  granted: boolean;
  source: 'registration' | 'preferences';
  ip_address: string | null;
  created_at: Timestamp;
}

/** The audit of a share link's use: pages shown, PINs right and wrong, refusals. */
export interface ShareLinkViewsTable {
  id: Generated<string>;
  share_link_id: number;
  outcome: 'viewed' | 'unlocked' | 'wrong_pin' | 'throttled';
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

/** Wrong-PIN counters per link and per address. */
export interface SharePinThrottleTable {
  key: string;
  failures: Generated<number>;
  locked_until: NullableTimestamp;
  last_failure_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  admins: AdminsTable;
  guest_sessions: GuestSessionsTable;
  guest_usage: GuestUsageTable;
  reports: ReportsTable;
  report_values: ReportValuesTable;
  report_value_corrections: ReportValueCorrectionsTable;
  chats: ChatsTable;
  feedback: FeedbackTable;
  moderation_decisions: ModerationDecisionsTable;
  audit_logs: AuditLogsTable;
  system_settings: SystemSettingsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  user_sessions: UserSessionsTable;
  two_factor_secrets: TwoFactorSecretsTable;
  ip_restrictions: IpRestrictionsTable;
  security_events: SecurityEventsTable;
  login_attempts: LoginAttemptsTable;
  file_deletions: FileDeletionsTable;
  upload_idempotency_keys: UploadIdempotencyKeysTable;
  analysis_usage: AnalysisUsageTable;
  login_challenges: LoginChallengesTable;
  rate_limit_counters: RateLimitCountersTable;
  share_links: ShareLinksTable;
  share_link_views: ShareLinkViewsTable;
  share_pin_throttle: SharePinThrottleTable;
  account_tokens: AccountTokensTable;
  consent_records: ConsentRecordsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Admin = Selectable<AdminsTable>;
export type Report = Selectable<ReportsTable>;
export type NewReport = Insertable<ReportsTable>;
export type ReportValueRow = Selectable<ReportValuesTable>;
export type Chat = Selectable<ChatsTable>;
export type SystemSetting = Selectable<SystemSettingsTable>;
