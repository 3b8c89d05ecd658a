import { z } from 'zod';
import {
  emailField,
  fullNameField,
  publicUser,
  userPreferences,
  type PublicUser,
  type UserPreferences,
} from './auth';
import {
  DEFAULT_PAGE_SIZE,
  enumParam,
  idFilter,
  listQuery,
  MAX_PAGE_SIZE,
  pageParam,
  wholeParam,
} from './query-params';
import {
  chatMessage,
  reportListItem,
  reportValue,
  REPORT_STATUSES,
  REPORT_TYPES,
  type ChatMessage,
  type ReportStatus,
} from './reports';

/**
 * The signed-in user's panel: profile, password, lists, exports, privacy, subscription and
 * trends. Request bodies are zod schemas (the API and the Remix forms share them); answers are
 * TS interfaces. Field names follow the product spec's entities.
 */

/** Messages of the user panel, as the product spec words them. */
export const USER_MESSAGES = {
  newPasswordMin: 'Password must be at least 8 characters long.',
  newPasswordsMismatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  emailChangeNeedsPassword: 'Enter your current password to change the e-mail you sign in with',
  emailTaken: 'This email address is already used by another account',
  deletePasswordRequired: 'Password is required to delete your account',
  deletePasswordWrong: 'Password is incorrect',
  deleteConfirmRequired: 'You must confirm that you understand this action is permanent',
  anonymizeConfirmRequired: 'You must confirm that you understand this action cannot be undone',
  anonymizeTypesRequired: 'Select at least one data type to anonymize',
  deactivateQuestion: 'Are you sure you want to deactivate your account? This action cannot be undone.',
  deactivated: 'Account is deactivated. Please contact support.',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  retentionUpdated: 'Data retention settings updated successfully',
} as const;

export const NEW_PASSWORD_MIN = 8;
/** Retention periods a user may pick (days); 365 is the default. */
export const RETENTION_PERIODS = [90, 180, 365, 730, 1095] as const;
export const ANONYMIZE_MIN_DAYS = 30;
export const ANONYMIZE_MAX_DAYS = 3650;
export const ANONYMIZE_DEFAULT_DAYS = 365;
export const USER_DATA_TYPES = ['reports', 'chats', 'feedback'] as const;
export type UserDataType = (typeof USER_DATA_TYPES)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const REPORT_SORTS = ['created_at', 'updated_at', 'filename', 'file_size'] as const;
export const CHAT_SORTS = ['created_at', 'updated_at'] as const;

/** Query booleans arrive as 'true'/'false' strings (and as real booleans in JSON bodies). */
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: 'Must be true or false' }).default(fallback),
  );
const optionalDate = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
      .refine((s) => !Number.isNaN(Date.parse(s)), `${name} is not a valid date`)
      .optional(),
  );
const dateRangeOk = (v: { date_from?: string; date_to?: string }) =>
  !v.date_from || !v.date_to || v.date_from <= v.date_to;
const DATE_ORDER = { message: 'date_from must not be after date_to', path: ['date_from'] };

// ---------- requests ----------

/** PUT /user/profile */
/**
 * PUT /user/profile. A new e-mail (the sign-in name) also needs the current password: a stolen
 * session must not be able to move the account to the thief's address.
 */
export const profileUpdateRequest = z.object({
  full_name: fullNameField,
  email: emailField,
  current_password: z.string().max(256, 'Password must be at most 256 characters').optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

export const newPasswordField = z
  .string({ error: USER_MESSAGES.newPasswordMin })
  .min(NEW_PASSWORD_MIN, USER_MESSAGES.newPasswordMin)
  .max(256, 'Password must be at most 256 characters');

/** POST /user/change-password */
export const changePasswordRequest = z.object({
  current_password: z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .min(1, USER_MESSAGES.currentPasswordRequired),
  new_password: newPasswordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The form adds the confirmation, which never reaches the API. */
export const changePasswordForm = changePasswordRequest
  .extend({ confirm_password: z.string().default('') })
  .refine((v) => v.new_password === v.confirm_password, {
    message: USER_MESSAGES.newPasswordsMismatch,
    path: ['confirm_password'],
  });

/** POST /user/export-data; with no body it exports everything as JSON. */
export const dataExportRequest = z
  .object({
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
    include_analysis: flag(true),
    include_chats: flag(true),
    include_feedback: flag(true),
    date_from: optionalDate('date_from'),
    date_to: optionalDate('date_to'),
    /** JSON only: answer the export itself as a file (Content-Disposition) instead of {filename, export_data}. */
    download: flag(false),
  })
  .refine(dateRangeOk, DATE_ORDER);
export type DataExportRequest = z.infer<typeof dataExportRequest>;

/** GET /user/export/reports/:id query */
export const reportExportQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  include_analysis: flag(true),
  include_chats: flag(true),
});

/** GET /user/export/chats query */
export const chatsExportQuery = z
  .object({
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
    report_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: 'report_id must be a number' })
        .int('report_id must be a whole number')
        .positive('report_id must be a positive number')
        .max(2_147_483_647, 'report_id is too large')
        .optional(),
    ),
    date_from: optionalDate('date_from'),
    date_to: optionalDate('date_to'),
  })
  .refine(dateRangeOk, DATE_ORDER);

/** GET/POST /user/privacy/data-retention */
export const retentionSettings = z.object({
  auto_delete_old_reports: z
    .boolean({ error: 'auto_delete_old_reports must be true or false' })
    .default(false),
  data_retention_days: z
    .number({ error: 'data_retention_days must be a number' })
    .refine((n) => (RETENTION_PERIODS as readonly number[]).includes(n), {
      message: `data_retention_days must be one of ${RETENTION_PERIODS.join(', ')}`,
    })
    .default(365),
  delete_inactive_chats: z.boolean({ error: 'delete_inactive_chats must be true or false' }).default(false),
  anonymize_old_data: z.boolean({ error: 'anonymize_old_data must be true or false' }).default(false),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;
export const DEFAULT_RETENTION: RetentionSettings = retentionSettings.parse({});

/** POST /user/privacy/anonymize-data */
export const anonymizeRequest = z.object({
  data_types: z
    .array(z.enum(USER_DATA_TYPES, { error: 'data_types may hold reports, chats and feedback' }), {
      error: USER_MESSAGES.anonymizeTypesRequired,
    })
    .min(1, USER_MESSAGES.anonymizeTypesRequired)
    .default([...USER_DATA_TYPES]),
  older_than_days: z
    .number({ error: 'older_than_days must be a number' })
    .int('older_than_days must be a whole number')
    .min(ANONYMIZE_MIN_DAYS, `older_than_days must be at least ${ANONYMIZE_MIN_DAYS}`)
    .max(ANONYMIZE_MAX_DAYS, `older_than_days must be at most ${ANONYMIZE_MAX_DAYS}`)
    .default(ANONYMIZE_DEFAULT_DAYS),
  // Defaults to false: the user must tick the box.
  confirmation: z
    .boolean({ error: USER_MESSAGES.anonymizeConfirmRequired })
    .default(false)
    .refine((v) => v, USER_MESSAGES.anonymizeConfirmRequired),
});
export type AnonymizeRequest = z.infer<typeof anonymizeRequest>;

/** DELETE /user/account/permanent */
export const permanentDeleteRequest = z.object({
  password: z
    .string({ error: USER_MESSAGES.deletePasswordRequired })
    .min(1, USER_MESSAGES.deletePasswordRequired),
  export_data: z.boolean().default(false),
  /**
   * With export_data: the answer is the export itself as a file (my_account_data_{date}.json),
   * streamed, instead of {message, export_data}; the patient app passes it through to the browser.
   */
  download: z.boolean().default(false),
  // The screen only calls once the box is ticked, so the flag defaults to true.
  confirmation: z
    .boolean({ error: USER_MESSAGES.deleteConfirmRequired })
    .default(true)
    .refine((v) => v, USER_MESSAGES.deleteConfirmRequired),
});
export type PermanentDeleteRequest = z.infer<typeof permanentDeleteRequest>;

/** POST /user/subscription/upgrade */
export const upgradeRequest = z.object({
  plan: z.string({ error: 'plan is required' }).trim().min(1, 'plan is required').max(50),
  billing_cycle: z
    .enum(BILLING_CYCLES, { error: 'billing_cycle must be monthly or yearly' })
    .default('monthly'),
  gateway: z.string().trim().max(50).optional(),
});
export type UpgradeRequest = z.infer<typeof upgradeRequest>;

/** POST /user/subscription/cancel */
export const cancelRequest = z.object({
  reason: z.string().trim().max(1000, 'reason must be at most 1000 characters').optional().default(''),
});

/**
 * POST /payment/verify. For `razorpay`, transaction_data holds razorpay_order_id,
 * razorpay_payment_id and razorpay_signature (Checkout's answer); for `sandbox`, order_id.
 */
export const paymentVerifyRequest = z.object({
  gateway: z.string({ error: 'gateway is required' }).trim().min(1, 'gateway is required').max(50),
  transaction_data: z.record(z.string(), z.unknown(), { error: 'transaction_data is required' }),
});
export type PaymentVerifyRequest = z.infer<typeof paymentVerifyRequest>;

// ---------- query parameters the client sends ----------

export type UserReportsQuery = {
  page?: number;
  per_page?: number;
  search?: string;
  status?: ReportStatus | '';
  report_type?: string;
  /** YYYY-MM-DD; date_to includes that whole day. */
  date_from?: string;
  date_to?: string;
  sort_by?: (typeof REPORT_SORTS)[number];
  sort_order?: 'asc' | 'desc';
};

export type UserChatsQuery = {
  page?: number;
  per_page?: number;
  search?: string;
  /** Numbers only; anything else is a 400. */
  report_id?: number | string;
  date_from?: string;
  date_to?: string;
  sort_by?: (typeof CHAT_SORTS)[number];
  sort_order?: 'asc' | 'desc';
};

// ---------- answers ----------

export const dashboardStats = z.object({
  reports_uploaded: z.number().int(),
  reports_analyzed: z.number().int(),
  chat_conversations: z.number().int(),
  /** Human text, e.g. '1.25 MB' ('0 MB' when empty). */
  storage_used: z.string(),
  storage_used_bytes: z.number(),
  reports_this_month: z.number().int(),
  /** Text such as '12.3s', or 'N/A'. */
  average_processing_time: z.string(),
  average_processing_seconds: z.number().nullable(),
  /** A report type, or 'N/A'. */
  most_used_report_type: z.string(),
  total_feedback_given: z.number().int(),
  account_created: z.string(),
  /** The plan's name ('Free' by default). */
  plan: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const ACTIVITY_TYPES = ['report_upload', 'report_analyzed', 'chat', 'feedback'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const activityItem = z.object({
  type: z.enum(ACTIVITY_TYPES),
  description: z.string(),
  timestamp: z.string(),
  status: z.string().nullable(),
  report_id: z.number().nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;
export const activityResponse = z.object({ activities: z.array(activityItem) });
/** The newest of the user's events, 10 by default, 50 at most. */
export const activityQuery = z.object({ limit: wholeParam('limit', 1, 50, 10) });

export const QUICK_ACTION_ICONS = [
  'upload',
  'file-text',
  'clock',
  'message-circle',
  'settings',
  'help-circle',
] as const;
export type QuickActionIcon = (typeof QUICK_ACTION_ICONS)[number];
export const quickAction = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.enum(QUICK_ACTION_ICONS),
  count: z.number().nullable(),
});
export type QuickAction = z.infer<typeof quickAction>;
export const quickActionsResponse = z.object({ actions: z.array(quickAction) });

export const accountSummary = z.object({
  user_profile: z.object({
    id: z.number(),
    email: z.string(),
    full_name: z.string().nullable(),
    created_at: z.string(),
    account_age_days: z.number(),
    last_login: z.string().nullable(),
  }),
  usage_statistics: z.object({
    total_reports: z.number(),
    completed_reports: z.number(),
    total_chats: z.number(),
    total_feedback: z.number(),
    storage_used_mb: z.number(),
  }),
  subscription: z.object({
    plan: z.string(),
    plan_code: z.string(),
    status: z.string(),
    billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  }),
});
export type AccountSummary = z.infer<typeof accountSummary>;

/**
 * A change of preferences: every field optional, unknown keys dropped. The panel sends
 * {preferences: {...}}; API clients may send the object itself.
 */
export const preferencesUpdate = z.preprocess(
  (v) => (v as { preferences?: unknown } | undefined)?.preferences ?? v,
  userPreferences.partial(),
);
export const preferencesResponse = z.object({ preferences: userPreferences });
export const preferencesUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  preferences: userPreferences,
});
export const profileUpdateResponse = z.object({
  message: z.string(),
  user: publicUser,
  /** A new e-mail was asked for: it is used once confirmed by the link sent to it (decision 230). */
  email_change_requested: z.boolean().optional(),
});
export const changePasswordResponse = z.object({
  message: z.string(),
  sessions_signed_out: z.number().int(),
});

/** A message alone: what most changes answer. */
export const messageResponse = z.object({ message: z.string() });

const LIVE_STATUSES = REPORT_STATUSES.filter((s) => s !== 'deleted') as [string, ...string[]];

/** GET /user/reports: the user's reports, a page at a time, filtered and sorted. */
export const userReportsQuery = listQuery(
  REPORT_SORTS,
  { limitKey: 'per_page' },
  { status: enumParam('status', LIVE_STATUSES), report_type: enumParam('report_type', REPORT_TYPES) },
);
/** GET /user/chats: the user's chats, a page at a time; report_id narrows them to one report. */
export const userChatsQuery = listQuery(
  CHAT_SORTS,
  { limitKey: 'per_page' },
  { report_id: idFilter('report_id') },
);
/** The grouped view pages like the lists: a user with thousands of reports gets them 20 at a time. */
export const chatsByReportQuery = z
  .object({
    page: pageParam,
    per_page: wholeParam('per_page', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  })
  .transform((q) => ({ page: q.page, limit: q.per_page, offset: (q.page - 1) * q.per_page }));
export const searchQuery = z.object({
  query: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string().max(200, 'query must be at most 200 characters'),
  ),
  data_types: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.split(',').map((s) => s.trim()) : undefined),
    z
      .array(z.enum(['reports', 'chats'], { error: 'data_types may hold reports and chats' }))
      .default(['reports', 'chats']),
  ),
  limit: wholeParam('limit', 1, 50, 20),
});

/** The paging fields of the user's own lists. */
const userPage = {
  total_pages: z.number().int(),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
};

export const userReportsPage = z.object({ reports: z.array(reportListItem), ...userPage });
export type UserReportsPage = z.infer<typeof userReportsPage>;

export const reportTypeCount = z.object({ report_type: z.string(), count: z.number().int() });
export type ReportTypeCount = z.infer<typeof reportTypeCount>;
export const reportTypesResponse = z.object({ report_types: z.array(reportTypeCount) });

export const userChatsPage = z.object({ chats: z.array(chatMessage), ...userPage });
export type UserChatsPage = z.infer<typeof userChatsPage>;

export const chatsByReport = z.object({
  report_id: z.number(),
  report_filename: z.string(),
  report_created_at: z.string(),
  chat_count: z.number().int(),
  last_chat_date: z.string(),
});
export type ChatsByReport = z.infer<typeof chatsByReport>;

/** GET /user/chats/by-report: the reports with chats, most recently chatted first, a page at a time. */
export const chatsByReportPage = z.object({ reports: z.array(chatsByReport), ...userPage });
export type ChatsByReportPage = z.infer<typeof chatsByReportPage>;

export const deleteReportChatsResponse = z.object({ message: z.string(), deleted_count: z.number().int() });

export const searchResults = z.object({
  query: z.string(),
  reports: z.array(
    z.object({
      id: z.number(),
      filename: z.string(),
      status: z.enum(REPORT_STATUSES),
      report_type: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  chats: z.array(
    z.object({
      id: z.number(),
      report_id: z.number(),
      report_filename: z.string(),
      message: z.string(),
      response_preview: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type SearchResults = z.infer<typeof searchResults>;

/** One report in an export: its analysis and every extracted value when asked for. */
export const exportedReport = reportListItem.extend({
  values: z.array(reportValue).optional(),
  chats: z.array(chatMessage).optional(),
});
export type ExportedReport = z.infer<typeof exportedReport>;

export interface ExportedFeedback {
  id: number;
  report_id: number;
  chat_id: number | null;
  rating: string;
  comment: string | null;
  admin_response: string | null;
  created_at: string;
}

export const exportedSubscription = z.object({
  id: z.number(),
  plan: z.string(),
  plan_name: z.string(),
  status: z.string(),
  billing_cycle: z.enum(BILLING_CYCLES),
  gateway: z.string().nullable(),
  started_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ExportedSubscription = z.infer<typeof exportedSubscription>;

export const paymentView = z.object({
  id: z.number(),
  subscription_id: z.number().nullable(),
  amount_paise: z.number(),
  /** Rupees, e.g. 199 (amount_paise / 100). */
  amount: z.number(),
  currency: z.string(),
  gateway: z.string(),
  gateway_order_id: z.string().nullable(),
  gateway_payment_id: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** The whole of a user's data (POST /user/export-data, JSON). */
export interface UserDataExport {
  export_info: {
    exported_at: string;
    format: 'json';
    date_from: string | null;
    date_to: string | null;
    include_analysis: boolean;
    include_chats: boolean;
    include_feedback: boolean;
  };
  profile: PublicUser;
  preferences: UserPreferences;
  retention: RetentionSettings;
  reports: ExportedReport[];
  chats: ChatMessage[];
  feedback: ExportedFeedback[];
  subscriptions: ExportedSubscription[];
  payments: PaymentView[];
  /** Only in the export made by a permanent deletion: written after the deletion committed. */
  account_deleted_at?: string;
}

export interface DataExportResponse {
  filename: string;
  export_data: UserDataExport;
}
export const reportExportResponse = z.object({
  filename: z.string(),
  export_data: z.object({ report: exportedReport, chats: z.array(chatMessage) }),
});
export type ReportExportResponse = z.infer<typeof reportExportResponse>;
export interface ChatsExportResponse {
  filename: string;
  export_data: { chats: ChatMessage[]; total: number };
}

export const privacyOverview = z.object({
  data_summary: z.object({
    total_reports: z.number(),
    total_chats: z.number(),
    total_feedback: z.number(),
    total_storage_mb: z.number(),
  }),
  data_by_age: z.object({
    reports: z.object({ older_than_1_year: z.number() }),
    chats: z.object({ older_than_1_year: z.number() }),
  }),
  retention: retentionSettings,
});
export type PrivacyOverview = z.infer<typeof privacyOverview>;
export const retentionResponse = z.object({ retention: retentionSettings });
/** Only the fields sent change; the others keep their saved value. */
export const retentionUpdate = retentionSettings.partial();
export const retentionUpdateResponse = z.object({ message: z.string(), retention: retentionSettings });

export const anonymizeResponse = z.object({
  message: z.string(),
  anonymized_counts: z.object({ reports: z.number(), chats: z.number(), feedback: z.number() }),
});
export type AnonymizeResponse = z.infer<typeof anonymizeResponse>;

export const planLimits = z.object({
  /** Analyses (uploads) per calendar month (IST); null = unlimited. */
  analyses_per_month: z.number().nullable(),
  /** Total bytes of stored reports; null = unlimited. */
  storage_bytes: z.number().nullable(),
});
export type PlanLimits = z.infer<typeof planLimits>;

export const planView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  price_monthly_paise: z.number(),
  price_yearly_paise: z.number(),
  /** Rupees. */
  price_monthly: z.number(),
  price_yearly: z.number(),
  currency: z.literal('INR'),
  features: z.array(z.string()),
  limits: planLimits,
});
export type PlanView = z.infer<typeof planView>;

export const currentSubscription = z.object({
  plan: planView,
  subscription: exportedSubscription.nullable(),
  usage: z.object({ analyses_this_month: z.number(), storage_used_bytes: z.number() }),
});
export type CurrentSubscription = z.infer<typeof currentSubscription>;

export const upgradeResponse = z.object({
  message: z.string(),
  /** 'active' when no payment is due (Free), else 'pending' until /payment/verify. */
  status: z.enum(['active', 'pending']),
  subscription: exportedSubscription,
  /** The order to pay, when payment is due. */
  order: z
    .object({
      gateway: z.string(),
      order_id: z.string(),
      payment_id: z.number(),
      amount_paise: z.number(),
      currency: z.literal('INR'),
      /** Razorpay Checkout's public key id, when the gateway is razorpay. */
      key_id: z.string().nullable().optional(),
    })
    .nullable(),
});
export type UpgradeResponse = z.infer<typeof upgradeResponse>;

export const paymentGateway = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  description: z.string(),
});
export type PaymentGateway = z.infer<typeof paymentGateway>;
/** The gateways and the first enabled one (null when none is). */
export const paymentGateways = z.object({
  gateways: z.array(paymentGateway),
  default_gateway: z.string().nullable(),
});

export const paymentVerifyResponse = z.object({
  message: z.string(),
  verified: z.literal(true),
  payment: paymentView,
  subscription: exportedSubscription,
});
export type PaymentVerifyResponse = z.infer<typeof paymentVerifyResponse>;

export const usageStats = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      reports: z.number(),
      analyses: z.number(),
      chats: z.number(),
      storage_bytes: z.number(),
    }),
  ),
  limits: planLimits,
});
export type UsageStats = z.infer<typeof usageStats>;
/** GET /user/subscription/usage-stats: how many months back (6 by default). */
export const usageStatsQuery = z.object({ months: wholeParam('months', 1, 24, 6) });

export const plansResponse = z.object({ plans: z.array(planView) });
export const cancelResponse = messageResponse.extend({ subscription: exportedSubscription });
export const subscriptionHistory = z.object({ subscriptions: z.array(exportedSubscription) });
export const paymentHistory = z.object({ payments: z.array(paymentView) });

/**
 * One point of a trend chart: only what the trends page draws and lists (a page holds 240 of them,
 * so a field nobody shows costs every request; tests/api/trend-answer-size.test.ts bounds them).
 */
export const trendPoint = z.object({
  report_id: z.number(),
  /**
   * Where the point sits: the sample's collection date ('YYYY-MM-DD') as printed on the report, as
   * the patient corrected it, or the upload's day when the report prints none (`date_source`).
   */
  date: z.string(),
  date_source: z.enum(['printed', 'corrected', 'upload']),
  /** In the trend's one `unit` (converted when the report used another). */
  value: z.number(),
  /** This point's own reference range, converted into the trend's unit (reports of other labs differ). */
  ref_low: z.number().nullable(),
  ref_high: z.number().nullable(),
  /** Judged against this point's own range as drawn (the report's flag when it prints none). */
  out_of_range: z.boolean(),
  /** What the report printed, present only when it printed another unit (the value was converted). */
  printed: z.object({ value: z.number(), unit: z.string() }).optional(),
  /** Present (true) when the patient typed this value from the printed report in place of a misread one (decision 243). */
  entered_by_patient: z.literal(true).optional(),
});
export type TrendPoint = z.infer<typeof trendPoint>;

export const analyteTrend = z.object({
  analyte: z.string(),
  name: z.string(),
  /**
   * The analyte's Hindi name, from the engine's knowledge base (its `name.hi`, the name the Hindi
   * explanations use); an analyte it does not know keeps its printed name in both languages.
   */
  name_hi: z.string(),
  unit: z.string(),
  /** The latest points, oldest first: at most 24 (decision 064), however many reports. */
  points: z.array(trendPoint),
  /** How many reports the whole series has (the chart shows the latest 24 of them). */
  total_points: z.number().int(),
  /** Compares the first point of the whole series with the last (not only the points sent). */
  sentence: z.object({ en: z.string(), hi: z.string() }),
});
export type AnalyteTrend = z.infer<typeof analyteTrend>;

/** A page of analytes, most measured first. */
export const trendsResponse = z.object({
  trends: z.array(analyteTrend),
  total_count: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TrendsResponse = z.infer<typeof trendsResponse>;

/** A page of analytes (10 by default, 50 at most); each chart holds at most the latest 24 points. */
export const trendsQuery = z.object({
  page: pageParam,
  per_page: wholeParam('per_page', 1, 50, 10),
});
export interface TrendsQuery {
  page?: number;
  per_page?: number;
}

/** Analyte ids are snake_case words ('hba1c', 'glucose_fasting'); anything else names nothing. */
export const trendParams = z.object({ analyte: z.string().regex(/^[a-z0-9_]{1,64}$/) });

/**
 * The patient's correction of a report's sample-collection date (null clears it: the printed date,
 * or the upload's day, applies again). A real calendar day, not before 1990 and not after today
 * (a day of slack for the time zones).
 */
export const reportDateRequest = z.object({
  collected_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be written as YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'Not a real date')
    .refine((s) => s >= '1990-01-01', 'Date must be after 1990')
    .refine(
      (s) => s <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      'Date cannot be in the future',
    )
    .nullable(),
});
export type ReportDateRequest = z.infer<typeof reportDateRequest>;

export const reportDateResponse = z.object({
  report_id: z.number(),
  /** The date the trends now use ('YYYY-MM-DD'). */
  taken_on: z.string(),
  date_source: trendPoint.shape.date_source,
  /** The date printed on the report, when one is. */
  printed: z.string().nullable(),
});
export type ReportDateResponse = z.infer<typeof reportDateResponse>;
