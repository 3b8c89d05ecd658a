import { z } from 'zod';

/**
 * Back office, part 2: audit logs, bulk export, content moderation, system settings and the
 * staff side of subscriptions. Requests are zod schemas (the API validates with them, the
 * screens may too); answers are TS interfaces. Field names follow the product spec's entities.
 * Dates in answers are ISO strings; money is stored and sent in paise (integers) with the
 * rupee amount beside it for display.
 */

/** One option of a filter or select: value sent to the API, label shown. */
export interface OptionEntry {
  value: string;
  label: string;
}

/** A message-only answer. */
export interface OpsMessage {
  message: string;
}

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const DATE_RE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/** A date (YYYY-MM-DD) or ISO timestamp, or null / '' for "no bound". */
const optionalDate = (name: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${name} must be a date like 2026-01-31` })
      .regex(DATE_RE, `${name} must be a date like 2026-01-31`)
      .refine((s) => !Number.isNaN(Date.parse(s)), `${name} is not a valid date`)
      .nullable()
      .default(null),
  );

// ───────────────────────────── Audit logs ─────────────────────────────

export const AUDIT_OUTCOMES = ['success', 'failed', 'partial'] as const;
export type AuditOutcomeValue = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_STATS_DAYS = 30;

/** GET /admin/audit/logs and /admin/audit/logs/export/csv query (empty values are "any"). */
export interface AuditLogQuery {
  page?: number;
  per_page?: number;
  action?: string;
  admin_email?: string;
  resource_type?: string;
  success?: AuditOutcomeValue | '';
  /** YYYY-MM-DD; the end day is inclusive. */
  start_date?: string;
  end_date?: string;
  search?: string;
}

export interface AuditLog {
  id: number;
  timestamp: string;
  admin_id: number | null;
  admin_email: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  success: AuditOutcomeValue;
  ip_address: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

export interface AuditLogList {
  logs: AuditLog[];
  total: number;
  /** True past 10,000 matches: the total is then the planner's estimate. */
  total_is_estimate: boolean;
  total_pages: number;
  page: number;
  per_page: number;
}

export interface AuditActions {
  actions: OptionEntry[];
}
export interface AuditResourceTypes {
  resource_types: OptionEntry[];
}

export interface AuditStats {
  days: number;
  total_actions: number;
  failed_actions: number;
  /** Percent of successful actions, one decimal (100 when there were none). */
  success_rate: number;
  /** Admin e-mails, most actions first (up to 5). */
  most_active_admins: string[];
  /** The same admins with their counts. */
  most_active_admin_counts: { admin_email: string; count: number }[];
}

// ───────────────────────────── Bulk export ─────────────────────────────

export const EXPORT_TYPES = [
  'users',
  'reports',
  'chats',
  'feedback',
  'audit_logs',
  'subscriptions',
  'payments',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MESSAGES = {
  noTypes: 'Please select at least one data type to export',
  badType: `Export types must be among: ${EXPORT_TYPES.join(', ')}`,
  badFormat: 'Format must be csv or json',
  startAfterEnd: 'Start date must not be after end date',
} as const;

export const bulkExportRequest = z
  .object({
    export_types: z
      .array(z.enum(EXPORT_TYPES, { message: EXPORT_MESSAGES.badType }), {
        message: EXPORT_MESSAGES.noTypes,
      })
      .min(1, EXPORT_MESSAGES.noTypes)
      .transform((types) => [...new Set(types)]),
    format: z.enum(EXPORT_FORMATS, { message: EXPORT_MESSAGES.badFormat }).default('csv'),
    include_sensitive: z.boolean({ message: 'include_sensitive must be true or false' }).default(false),
    start_date: optionalDate('start_date'),
    end_date: optionalDate('end_date'),
  })
  .refine((v) => !v.start_date || !v.end_date || v.start_date.slice(0, 10) <= v.end_date.slice(0, 10), {
    message: EXPORT_MESSAGES.startAfterEnd,
    path: ['start_date'],
  });
export type BulkExportRequest = z.input<typeof bulkExportRequest>;

export interface ExportOptions {
  available_types: { value: ExportType; label: string; count: number }[];
  available_formats: { value: ExportFormat; label: string; description: string }[];
}

/** metadata.json inside the export ZIP. */
export interface ExportMetadata {
  exported_at: string;
  exported_by: { admin_id: number; email: string | null; username: string };
  format: ExportFormat;
  include_sensitive: boolean;
  filters: { start_date: string | null; end_date: string | null };
  export_types: ExportType[];
  files: { type: ExportType; filename: string; count: number; bytes: number; sha256: string }[];
  total_records: number;
}

// ─────────────────────────── Content moderation ───────────────────────────

export const MODERATION_CONTENT_TYPES = ['report', 'chat', 'feedback'] as const;
export type ModerationContentType = (typeof MODERATION_CONTENT_TYPES)[number];
export const MODERATION_STATUSES = ['pending', 'reviewed', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const MODERATION_ACTIONS = ['approve', 'reject', 'flag'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_SEVERITIES = ['high', 'medium', 'low'] as const;
export type ModerationSeverity = (typeof MODERATION_SEVERITIES)[number];
export const MODERATION_LIMITS = [25, 50, 100] as const;
export const MODERATION_DEFAULT_LIMIT = 50;
export const MODERATION_MAX_BULK = 100;

/** Reasons and notes the screens send (product constants). */
export const MODERATION_TEXTS = {
  bulkApproved: 'Bulk approved',
  bulkFlagged: 'Bulk flagged for review',
  approveNote: 'Approved by admin',
  rejectReason: 'Content policy violation',
  rejectNote: 'Rejected by admin',
  approveAfterReview: 'Approved after review',
  rejectAfterReview: 'Rejected after review',
} as const;

/** GET /admin/moderation/queue query; empty filters are dropped. */
export interface ModerationQueueQuery {
  contentType?: ModerationContentType | '';
  status?: ModerationStatus | '';
  limit?: (typeof MODERATION_LIMITS)[number];
  offset?: number;
}

export interface ModerationStats {
  total_flagged: number;
  pending_review: number;
  reports_flagged: number;
  chats_flagged: number;
  feedback_flagged: number;
}

export interface ModerationQueueItem {
  id: number;
  content_type: ModerationContentType;
  content_preview: string;
  user_name: string | null;
  user_email: string | null;
  severity: ModerationSeverity;
  status: ModerationStatus;
  flagged_at: string;
  /** Why it was flagged: 'auto:self_harm:high', 'auto:abuse:medium', 'auto:not_medical:low' or an admin's words. */
  flag_reason: string | null;
}

/** GET /admin/moderation/queue answers a plain list (newest flag first); X-Total-Count has the total. */
export type ModerationQueue = ModerationQueueItem[];

export interface ModerationContentDetail {
  content_type: ModerationContentType;
  id: number;
  user_name: string | null;
  user_email: string | null;
  content: string;
  moderation_notes: string | null;
  context: Record<string, unknown> | null;
  is_flagged: boolean;
  /** pending, reviewed or rejected; null when it was never in the queue. */
  status: ModerationStatus | null;
  severity: ModerationSeverity | null;
  flag_reason: string | null;
  moderated_at: string | null;
  decisions: {
    id: number;
    action: ModerationAction;
    reason: string | null;
    notes: string | null;
    admin_email: string | null;
    created_at: string;
  }[];
}

const moderationText = (name: string, max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${name} must be text` })
      .trim()
      .max(max, `${name} must be at most ${max} characters`)
      .nullable()
      .default(null),
  );

export const moderateRequest = z.object({
  action: z.enum(MODERATION_ACTIONS, { message: 'Action must be approve, reject or flag' }),
  reason: moderationText('reason', 500),
  notes: moderationText('notes', 2000),
});
export type ModerateRequest = z.input<typeof moderateRequest>;

export const bulkModerateRequest = moderateRequest.extend({
  content_ids: z
    .array(z.number({ message: 'content_ids must be numbers' }).int().positive(), {
      message: 'Please select at least one item',
    })
    .min(1, 'Please select at least one item')
    .max(MODERATION_MAX_BULK, `At most ${MODERATION_MAX_BULK} items at a time`)
    .transform((ids) => [...new Set(ids)]),
});
export type BulkModerateRequest = z.input<typeof bulkModerateRequest>;

export interface ModerateAnswer {
  message: string;
  content_type: ModerationContentType;
  id: number;
  action: ModerationAction;
  status: ModerationStatus;
  is_flagged: boolean;
  decision_id: number;
}

export interface BulkModerateAnswer {
  message: string;
  action: ModerationAction;
  processed: number;
  succeeded: number[];
  /** Items left as they were, each with why (already moderated, not found). */
  failed: { id: number; detail: string }[];
}

// ───────────────────────────── System settings ─────────────────────────────

export const SETTING_CATEGORIES = [
  'ai_model',
  'rate_limiting',
  'features',
  'system',
  'security',
  'payment',
] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];
export const SETTING_CATEGORY_LABELS: Record<SettingCategory, string> = {
  ai_model: 'AI Model',
  rate_limiting: 'Rate Limiting',
  features: 'Features',
  system: 'System',
  security: 'Security',
  payment: 'Payment',
};
export const SETTING_DATA_TYPES = ['string', 'boolean', 'integer', 'float', 'json'] as const;
export type SettingDataType = (typeof SETTING_DATA_TYPES)[number];
/** How a sensitive value is shown in every answer. */
export const MASKED_VALUE = '••••••••';

export type SettingValue = string | number | boolean | null | Record<string, unknown> | unknown[];

export interface SystemSetting {
  id: number;
  key: string;
  /** Typed by data_type; sensitive non-null values are MASKED_VALUE. */
  value: SettingValue;
  data_type: SettingDataType;
  category: SettingCategory;
  description: string | null;
  requires_restart: boolean;
  is_sensitive: boolean;
  /** E-mail (or username) of the admin who last changed it. */
  last_modified_by: string | null;
  last_modified_at: string | null;
}

export interface SettingsQuery {
  category?: SettingCategory | '';
  include_sensitive?: boolean;
}

export interface SettingsList {
  settings: SystemSetting[];
  total: number;
}

/**
 * PUT /admin/settings/:key. `value` may be typed (true, 12, {...}) or the text a form holds
 * ('true', '12', '{"a":1}'): the API converts it by the setting's data type and answers 400 when
 * it does not convert (for json, the parser's message). null clears a sensitive value.
 */
export const updateSettingRequest = z.object({
  value: z.union(
    [z.string(), z.number(), z.boolean(), z.null(), z.record(z.string(), z.unknown()), z.array(z.unknown())],
    {
      message: 'value is required',
    },
  ),
  description: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
  ),
});
export type UpdateSettingRequest = z.input<typeof updateSettingRequest>;

export const maintenanceModeRequest = z.object({
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  message: z.preprocess(
    emptyToNull,
    z.string().trim().max(500, 'Message must be at most 500 characters').nullable().default(null),
  ),
  estimated_duration: z.preprocess(
    emptyToNull,
    z.string().trim().max(100, 'Estimated duration must be at most 100 characters').nullable().default(null),
  ),
});
export type MaintenanceModeRequest = z.input<typeof maintenanceModeRequest>;

export { DEFAULT_MAINTENANCE_MESSAGE } from './constants';

export interface SystemStatus {
  status: 'operational' | 'maintenance';
  maintenance_mode: boolean;
  maintenance_message: string | null;
  estimated_duration: string | null;
  system_version: string;
  /** Human text, e.g. '3d 4h 12m'. */
  uptime: string;
  uptime_seconds: number;
  /** Users with a live session seen in the last 24 hours. */
  active_users: number;
}

export interface SettingCategories {
  categories: (OptionEntry & { value: SettingCategory; count: number })[];
}

/** PUBLIC GET /status/maintenance: what the patient pages show. */
export interface MaintenanceStatus {
  maintenance_mode: boolean;
  message: string | null;
  estimated_duration: string | null;
}

/** The 503 body of patient and user calls during maintenance. */
export interface MaintenanceError {
  detail: string;
  maintenance: true;
  estimated_duration: string | null;
}

// ─────────────────────────── Subscriptions, staff side ───────────────────────────

export const SUBSCRIPTION_STATUS_VALUES = ['pending', 'active', 'cancelled', 'expired', 'past_due'] as const;
export type SubscriptionStatusValue = (typeof SUBSCRIPTION_STATUS_VALUES)[number];
export const BILLING_CYCLE_VALUES = ['monthly', 'yearly'] as const;
export type BillingCycleValue = (typeof BILLING_CYCLE_VALUES)[number];
export const PAYMENT_STATUS_VALUES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUS_VALUES)[number];

export interface AdminPlan {
  id: number;
  code: string;
  name: string;
  price_monthly_paise: number;
  price_yearly_paise: number;
  /** Rupees, for display. */
  price_monthly: number;
  price_yearly: number;
  features: string[];
  limits: Record<string, unknown>;
  is_active: boolean;
  active_subscriptions: number;
  created_at: string;
}

export interface AdminPlans {
  plans: AdminPlan[];
}

const paise = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number of paise`)
    .min(0, 'Price must not be negative')
    .max(100_000_000_00, `${name} is too large`);

export const createPlanRequest = z.object({
  code: z
    .string({ message: 'Plan code is required' })
    .trim()
    .regex(/^[a-z0-9_]{2,40}$/, 'Plan code must be 2-40 lower-case letters, digits or underscores'),
  name: z
    .string({ message: 'Plan name is required' })
    .trim()
    .min(1, 'Plan name is required')
    .max(100, 'Plan name must be at most 100 characters'),
  price_monthly_paise: paise('price_monthly_paise'),
  price_yearly_paise: paise('price_yearly_paise'),
  features: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  limits: z.record(z.string(), z.unknown()).default({}),
  is_active: z.boolean().default(true),
});
export type CreatePlanRequest = z.input<typeof createPlanRequest>;

/** PUT /admin/subscriptions/plans/:id: any of the fields; is_active false deactivates. */
export const updatePlanRequest = z
  .object({
    name: createPlanRequest.shape.name.optional(),
    price_monthly_paise: paise('price_monthly_paise').optional(),
    price_yearly_paise: paise('price_yearly_paise').optional(),
    features: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
    limits: z.record(z.string(), z.unknown()).optional(),
    is_active: z.boolean({ message: 'is_active must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdatePlanRequest = z.input<typeof updatePlanRequest>;

export interface AdminSubscription {
  id: number;
  user_id: number;
  user_email: string;
  user_name: string | null;
  plan_id: number;
  plan_code: string;
  plan_name: string;
  status: SubscriptionStatusValue;
  billing_cycle: BillingCycleValue;
  gateway: string | null;
  started_at: string | null;
  current_period_end: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminSubscriptionDetail extends AdminSubscription {
  payments: AdminPayment[];
}

export interface AdminSubscriptionsQuery {
  page?: number;
  limit?: number;
  status?: SubscriptionStatusValue | '';
  plan_id?: number | '';
  billing_cycle?: BillingCycleValue | '';
  /** User e-mail or name. */
  search?: string;
  sort_by?: 'created_at' | 'current_period_end' | 'status';
  sort_order?: 'asc' | 'desc';
}

export interface AdminSubscriptionsList {
  subscriptions: AdminSubscription[];
  total: number;
  total_pages: number;
  page: number;
  limit: number;
}

/** PUT /admin/subscriptions/subscriptions/:id. */
export const updateSubscriptionRequest = z
  .object({
    plan_id: z.number({ message: 'plan_id must be a number' }).int().positive().optional(),
    status: z
      .enum(SUBSCRIPTION_STATUS_VALUES, {
        message: `Status must be one of: ${SUBSCRIPTION_STATUS_VALUES.join(', ')}`,
      })
      .optional(),
    billing_cycle: z
      .enum(BILLING_CYCLE_VALUES, { message: 'Billing cycle must be monthly or yearly' })
      .optional(),
    current_period_end: z
      .string()
      .regex(DATE_RE, 'current_period_end must be a date like 2026-01-31')
      .refine((s) => !Number.isNaN(Date.parse(s)), 'current_period_end is not a valid date')
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateSubscriptionRequest = z.input<typeof updateSubscriptionRequest>;

export const cancelSubscriptionRequest = z.object({
  reason: z
    .string({ message: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'Reason must be at most 500 characters'),
});
export type CancelSubscriptionRequest = z.input<typeof cancelSubscriptionRequest>;

export interface AdminPayment {
  id: number;
  user_id: number;
  user_email: string;
  subscription_id: number | null;
  plan_name: string | null;
  amount_paise: number;
  /** Rupees, for display. */
  amount: number;
  currency: string;
  gateway: string;
  gateway_payment_id: string | null;
  status: PaymentStatusValue;
  refunded_at: string | null;
  refund_id: string | null;
  refund_reason: string | null;
  created_at: string;
}

/**
 * POST /admin/subscriptions/payments/{id}/refund (process_refunds): the whole amount goes back through
 * the gateway that took it. By default the subscription it paid for ends at once, since its period
 * is no longer paid for.
 */
export const refundPaymentRequest = z.object({
  reason: z
    .string({ message: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'Reason must be at most 500 characters'),
  end_subscription: z.boolean({ message: 'end_subscription must be true or false' }).default(true),
});
export type RefundPaymentRequest = z.input<typeof refundPaymentRequest>;

export interface RefundPaymentResult {
  payment: AdminPayment;
  /** The subscription ended by the refund, if it was asked and there was one still running. */
  subscription_ended: boolean;
}

export interface AdminPaymentsQuery {
  page?: number;
  limit?: number;
  status?: PaymentStatusValue | '';
  gateway?: string;
  search?: string;
  date_from?: string;
  date_to?: string;
  sort_by?: 'created_at' | 'amount_paise';
  sort_order?: 'asc' | 'desc';
}

export interface AdminPaymentsList {
  payments: AdminPayment[];
  total: number;
  total_pages: number;
  page: number;
  limit: number;
}

export interface SubscriptionDashboard {
  currency: 'INR';
  active_subscriptions: number;
  active_by_plan: { plan_id: number; plan_code: string; plan_name: string; count: number }[];
  revenue: {
    /** Completed payments less refunds, this calendar month (UTC). */
    this_month_paise: number;
    this_month: number;
    /** The last 6 calendar months including this one, oldest first: month is 'YYYY-MM'. */
    months: { month: string; amount_paise: number; amount: number }[];
  };
  churn: {
    /** Cancelled in the last 30 days over those active or cancelled in that window, percent. */
    window_days: number;
    cancelled: number;
    base: number;
    rate: number;
  };
}
