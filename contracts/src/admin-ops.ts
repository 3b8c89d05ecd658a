import { z } from 'zod';

/**
 * Back office, part 2: audit logs, bulk export, content moderation, system settings and the
 * staff side of subscriptions. Requests are zod schemas (the API validates with them, the
 * screens may too), and so are answers (the endpoint table checks each answer against its schema;
 * each type keeps its name). Field names follow the product spec's entities.
 * Dates in answers are ISO strings; money is stored and sent in paise (integers) with the
 * rupee amount beside it for display.
 */

/** One option of a filter or select: value sent to the API, label shown. */
export const optionEntry = z.object({ value: z.string(), label: z.string() });
export type OptionEntry = z.infer<typeof optionEntry>;

/** A message-only answer. */
export const opsMessage = z.object({ message: z.string() });
export type OpsMessage = z.infer<typeof opsMessage>;

const count = z.number().int().nonnegative();
const id = z.number().int().positive();
const time = z.string();

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
export type AuditLogQuery = {
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
};

export const auditLog = z.object({
  id,
  timestamp: time,
  admin_id: id.nullable(),
  admin_email: z.string().nullable(),
  action: z.string(),
  resource_type: z.string(),
  resource_id: z.string().nullable(),
  success: z.enum(AUDIT_OUTCOMES),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLog = z.infer<typeof auditLog>;

export const auditLogList = z.object({
  logs: z.array(auditLog),
  total: count,
  /** True past 10,000 matches: the total is then the planner's estimate. */
  total_is_estimate: z.boolean(),
  total_pages: count,
  page: count,
  per_page: count,
});
export type AuditLogList = z.infer<typeof auditLogList>;

export const auditActions = z.object({ actions: z.array(optionEntry) });
export type AuditActions = z.infer<typeof auditActions>;
export const auditResourceTypes = z.object({ resource_types: z.array(optionEntry) });
export type AuditResourceTypes = z.infer<typeof auditResourceTypes>;

export const auditStats = z.object({
  days: count,
  total_actions: count,
  failed_actions: count,
  /** Percent of successful actions, one decimal (100 when there were none). */
  success_rate: z.number().min(0).max(100),
  /** Admin e-mails, most actions first (up to 5). */
  most_active_admins: z.array(z.string()),
  /** The same admins with their counts. */
  most_active_admin_counts: z.array(z.object({ admin_email: z.string(), count })),
});
export type AuditStats = z.infer<typeof auditStats>;

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

export const exportOptions = z.object({
  available_types: z.array(z.object({ value: z.enum(EXPORT_TYPES), label: z.string(), count })),
  available_formats: z.array(
    z.object({ value: z.enum(EXPORT_FORMATS), label: z.string(), description: z.string() }),
  ),
});
export type ExportOptions = z.infer<typeof exportOptions>;

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
export type ModerationQueueQuery = {
  contentType?: ModerationContentType | '';
  status?: ModerationStatus | '';
  limit?: (typeof MODERATION_LIMITS)[number];
  offset?: number;
};

export const moderationStats = z.object({
  total_flagged: count,
  pending_review: count,
  reports_flagged: count,
  chats_flagged: count,
  feedback_flagged: count,
});
export type ModerationStats = z.infer<typeof moderationStats>;

export const moderationQueueItem = z.object({
  id,
  content_type: z.enum(MODERATION_CONTENT_TYPES),
  content_preview: z.string(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  severity: z.enum(MODERATION_SEVERITIES),
  status: z.enum(MODERATION_STATUSES),
  flagged_at: time,
  /** Why it was flagged: 'auto:self_harm:high', 'auto:abuse:medium', 'auto:not_medical:low' or an admin's words. */
  flag_reason: z.string().nullable(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItem>;

/** GET /admin/moderation/queue answers a plain list (newest flag first); X-Total-Count has the total. */
export const moderationQueue = z.array(moderationQueueItem);
export type ModerationQueue = z.infer<typeof moderationQueue>;

export const moderationContentDetail = z.object({
  content_type: z.enum(MODERATION_CONTENT_TYPES),
  id,
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  content: z.string(),
  moderation_notes: z.string().nullable(),
  context: z.record(z.string(), z.unknown()).nullable(),
  is_flagged: z.boolean(),
  /** pending, reviewed or rejected; null when it was never in the queue. */
  status: z.enum(MODERATION_STATUSES).nullable(),
  severity: z.enum(MODERATION_SEVERITIES).nullable(),
  flag_reason: z.string().nullable(),
  moderated_at: time.nullable(),
  decisions: z.array(
    z.object({
      id,
      action: z.enum(MODERATION_ACTIONS),
      reason: z.string().nullable(),
      notes: z.string().nullable(),
      admin_email: z.string().nullable(),
      created_at: time,
    }),
  ),
});
export type ModerationContentDetail = z.infer<typeof moderationContentDetail>;

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

export const moderateAnswer = z.object({
  message: z.string(),
  content_type: z.enum(MODERATION_CONTENT_TYPES),
  id,
  action: z.enum(MODERATION_ACTIONS),
  status: z.enum(MODERATION_STATUSES),
  is_flagged: z.boolean(),
  decision_id: id,
});
export type ModerateAnswer = z.infer<typeof moderateAnswer>;

export const bulkModerateAnswer = z.object({
  message: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  processed: count,
  succeeded: z.array(id),
  /** Items left as they were, each with why (already moderated, not found). */
  failed: z.array(z.object({ id, detail: z.string() })),
});
export type BulkModerateAnswer = z.infer<typeof bulkModerateAnswer>;

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

export const settingValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);
export type SettingValue = z.infer<typeof settingValue>;

export const systemSetting = z.object({
  id,
  key: z.string(),
  /** Typed by data_type; sensitive non-null values are MASKED_VALUE. */
  value: settingValue,
  data_type: z.enum(SETTING_DATA_TYPES),
  category: z.enum(SETTING_CATEGORIES),
  description: z.string().nullable(),
  requires_restart: z.boolean(),
  is_sensitive: z.boolean(),
  /** E-mail (or username) of the admin who last changed it. */
  last_modified_by: z.string().nullable(),
  last_modified_at: time.nullable(),
});
export type SystemSetting = z.infer<typeof systemSetting>;

export type SettingsQuery = {
  category?: SettingCategory | '';
  include_sensitive?: boolean;
};

export const settingsList = z.object({ settings: z.array(systemSetting), total: count });
export type SettingsList = z.infer<typeof settingsList>;

/** POST /admin/settings/initialize: how many default settings were missing and created. */
export const initializeSettingsAnswer = opsMessage.extend({ created: count });
/** POST /admin/settings/maintenance-mode. */
export const maintenanceModeAnswer = opsMessage.extend({ maintenance_mode: z.boolean() });

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

export const systemStatus = z.object({
  status: z.enum(['operational', 'maintenance']),
  maintenance_mode: z.boolean(),
  maintenance_message: z.string().nullable(),
  estimated_duration: z.string().nullable(),
  system_version: z.string(),
  /** Human text, e.g. '3d 4h 12m'. */
  uptime: z.string(),
  uptime_seconds: count,
  /** Users with a live session seen in the last 24 hours. */
  active_users: count,
});
export type SystemStatus = z.infer<typeof systemStatus>;

export const settingCategories = z.object({
  categories: z.array(optionEntry.extend({ value: z.enum(SETTING_CATEGORIES), count })),
});
export type SettingCategories = z.infer<typeof settingCategories>;

/** PUBLIC GET /status/maintenance: what the patient pages show. */
export const maintenanceStatus = z.object({
  maintenance_mode: z.boolean(),
  message: z.string().nullable(),
  estimated_duration: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatus>;

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

export const adminPlan = z.object({
  id,
  code: z.string(),
  name: z.string(),
  price_monthly_paise: count,
  price_yearly_paise: count,
  /** Rupees, for display. */
  price_monthly: z.number(),
  price_yearly: z.number(),
  features: z.array(z.string()),
  limits: z.record(z.string(), z.unknown()),
  is_active: z.boolean(),
  active_subscriptions: count,
  created_at: time,
});
export type AdminPlan = z.infer<typeof adminPlan>;

export const adminPlans = z.object({ plans: z.array(adminPlan) });
export type AdminPlans = z.infer<typeof adminPlans>;

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

export const adminSubscription = z.object({
  id,
  user_id: id,
  user_email: z.string(),
  user_name: z.string().nullable(),
  plan_id: id,
  plan_code: z.string(),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUS_VALUES),
  billing_cycle: z.enum(BILLING_CYCLE_VALUES),
  gateway: z.string().nullable(),
  started_at: time.nullable(),
  current_period_end: time.nullable(),
  cancelled_at: time.nullable(),
  cancel_reason: z.string().nullable(),
  created_at: time,
  updated_at: time,
});
export type AdminSubscription = z.infer<typeof adminSubscription>;

export type AdminSubscriptionsQuery = {
  page?: number;
  limit?: number;
  status?: SubscriptionStatusValue | '';
  plan_id?: number | '';
  billing_cycle?: BillingCycleValue | '';
  /** User e-mail or name. */
  search?: string;
  sort_by?: 'created_at' | 'current_period_end' | 'status';
  sort_order?: 'asc' | 'desc';
};

/** The paging fields of an admin list's answer. */
const adminPage = { total: count, total_pages: count, page: count, limit: count };

export const adminSubscriptionsList = z.object({ subscriptions: z.array(adminSubscription), ...adminPage });
export type AdminSubscriptionsList = z.infer<typeof adminSubscriptionsList>;

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

export const adminPayment = z.object({
  id,
  user_id: id,
  user_email: z.string(),
  subscription_id: id.nullable(),
  plan_name: z.string().nullable(),
  amount_paise: count,
  /** Rupees, for display. */
  amount: z.number(),
  currency: z.string(),
  gateway: z.string(),
  gateway_payment_id: z.string().nullable(),
  status: z.enum(PAYMENT_STATUS_VALUES),
  refunded_at: time.nullable(),
  refund_id: z.string().nullable(),
  refund_reason: z.string().nullable(),
  created_at: time,
});
export type AdminPayment = z.infer<typeof adminPayment>;

/** A subscription with its payments (an empty list for an admin who may not see payments). */
export const adminSubscriptionDetail = adminSubscription.extend({ payments: z.array(adminPayment) });
export type AdminSubscriptionDetail = z.infer<typeof adminSubscriptionDetail>;

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

export const refundPaymentResult = z.object({
  payment: adminPayment,
  /** The subscription ended by the refund, if it was asked and there was one still running. */
  subscription_ended: z.boolean(),
});
export type RefundPaymentResult = z.infer<typeof refundPaymentResult>;

export type AdminPaymentsQuery = {
  page?: number;
  limit?: number;
  status?: PaymentStatusValue | '';
  gateway?: string;
  search?: string;
  date_from?: string;
  date_to?: string;
  sort_by?: 'created_at' | 'amount_paise';
  sort_order?: 'asc' | 'desc';
};

export const adminPaymentsList = z.object({ payments: z.array(adminPayment), ...adminPage });
export type AdminPaymentsList = z.infer<typeof adminPaymentsList>;

export const subscriptionDashboard = z.object({
  currency: z.literal('INR'),
  active_subscriptions: count,
  active_by_plan: z.array(z.object({ plan_id: id, plan_code: z.string(), plan_name: z.string(), count })),
  revenue: z.object({
    /** Completed payments less refunds, this calendar month (UTC); negative when refunds exceed them. */
    this_month_paise: z.number().int(),
    this_month: z.number(),
    /** The last 6 calendar months including this one, oldest first: month is 'YYYY-MM'. */
    months: z.array(z.object({ month: z.string(), amount_paise: z.number().int(), amount: z.number() })),
  }),
  churn: z.object({
    /** Cancelled in the last 30 days over those active or cancelled in that window, percent. */
    window_days: count,
    cancelled: count,
    base: count,
    rate: z.number(),
  }),
});
export type SubscriptionDashboard = z.infer<typeof subscriptionDashboard>;
