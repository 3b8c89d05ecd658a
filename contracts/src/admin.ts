import { z } from 'zod';
import { fullNameField, adminRole } from './auth';
import { FEEDBACK_RATINGS, REPORT_STATUSES, REPORT_TYPES, type ReportStatus } from './reports';

/**
 * The back office's API (users, reports, chats, admins, recent activity): request schemas the API
 * validates with, the query names and sort lists it accepts, and the answers' shapes. Field names
 * follow the spec's entity lists, so the screens and the API read the same words.
 *
 * Timestamps are ISO strings. Every list answer has `total` and `total_pages`; when a count
 * over a very large table is an estimate (cheap planner figure instead of count(*)),
 * `total_is_estimate` is true.
 */

// ---------------------------------------------------------------- shared

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ADMIN_MAX_PAGE_SIZE = 100;
/** Most ids one bulk delete may name. */
export const BULK_DELETE_MAX = 500;

/** A timestamp in an answer: ISO 8601. */
const timestamp = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();
const id = z.number().int().positive();

/** The paging fields of every admin list answer. */
export const pageInfo = z.object({
  total: count,
  total_pages: count,
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** True when `total` is the planner's estimate (very large unfiltered tables). */
  total_is_estimate: z.boolean().optional(),
});
export type PageInfo = z.infer<typeof pageInfo>;

export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** Answer of a bulk delete: what was removed and which of the named ids did not exist. */
export const bulkDeleteAnswer = z.object({
  message: z.string(),
  requested: count,
  deleted: count,
  deleted_ids: z.array(id),
  /** Named ids that matched nothing (already gone or never existed). */
  missing_ids: z.array(id),
  /** True when some named ids were missing; the audit row is then 'partial'. */
  partial: z.boolean(),
});
export type BulkDeleteAnswer = z.infer<typeof bulkDeleteAnswer>;

const idList = (name: string) =>
  z
    .array(z.coerce.number().int().positive(`${name} must hold positive ids`), {
      error: `${name} must be a list of ids`,
    })
    .min(1, `Select at least one item (${name} is empty)`)
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} items may be deleted at once`)
    .transform((ids) => [...new Set(ids)]);

const notes = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(5000, `${name} must be at most 5000 characters`)
    .nullable();

const atLeastOne = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

// ---------------------------------------------------------------- recent activity

export const RECENT_ACTIVITY_MAX = 50;
export const recentActivityQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(RECENT_ACTIVITY_MAX, `limit must be at most ${RECENT_ACTIVITY_MAX}`)
    .default(10),
});

export const recentActivityItem = z.object({
  type: z.enum(['registration', 'upload', 'chat', 'admin_action']),
  /** Id of the user, report, chat or audit row. */
  id: z.number().int().positive(),
  title: z.string(),
  user_email: z.string().nullable(),
  status: z.string().nullable(),
  created_at: z.string(),
});
export type RecentActivityItem = z.infer<typeof recentActivityItem>;

/** GET /admin/recent-activity: each block only with its permission (like /admin/stats). */
export const adminRecentActivity = z.object({
  registrations: z.array(recentActivityItem).optional(), // view_users
  uploads: z.array(recentActivityItem).optional(), // view_reports
  chats: z.array(recentActivityItem).optional(), // view_chats
  admin_actions: z.array(recentActivityItem).optional(), // view_audit_logs
});
export type AdminRecentActivity = z.infer<typeof adminRecentActivity>;

const figure = z.number().int().nonnegative();

/** GET /admin/stats: each block only when the admin holds its permission. */
export const adminStatsAnswer = z.object({
  users: z.object({ total: figure, active: figure, verified: figure, new_this_week: figure }).optional(),
  reports: z
    .object({
      total: figure,
      completed: figure,
      pending: figure,
      processing: figure,
      failed: figure,
      success_rate: z.number().min(0).max(100),
      /** True when the counts are scaled from a sample (very large tables). */
      is_estimate: z.boolean().optional(),
    })
    .optional(),
  chats: z
    .object({
      total: figure,
      satisfaction_rate: z.number().min(0).max(100),
      is_estimate: z.boolean().optional(),
    })
    .optional(),
  admins: z.object({ total: figure, active: figure }).optional(),
});
export type AdminStats = z.infer<typeof adminStatsAnswer>;

// ---------------------------------------------------------------- users

export const ADMIN_USER_SORTS = ['full_name', 'email', 'created_at', 'last_login'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USER_STATUSES = ['active', 'inactive', 'verified', 'unverified'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** GET /admin/users/list (date_from/date_to filter created_at; date_to includes that whole day). */
export type AdminUsersQuery = {
  page?: number;
  limit?: number;
  sort_by?: AdminUserSort;
  sort_order?: SortOrder;
  /** Matched literally (%, _ and quotes are plain characters) in full_name or email. */
  search?: string;
  status?: AdminUserStatus;
  date_from?: string;
  date_to?: string;
};

const userAccountFields = {
  id,
  email: z.string(),
  full_name: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  last_login: timestamp.nullable(),
};

export const adminUserListItem = z.object({
  ...userAccountFields,
  total_reports: count,
  total_chats: count,
});
export type AdminUserListItem = z.infer<typeof adminUserListItem>;

export const adminUsersList = pageInfo.extend({ users: z.array(adminUserListItem) });
export type AdminUsersList = z.infer<typeof adminUsersList>;

export const adminUser = z.object({
  ...userAccountFields,
  deactivated_at: timestamp.nullable(),
  admin_notes: z.string().nullable(),
  /** The user's own settings: theme and language always, others as the user set them. */
  preferences: z.object({ theme: z.string(), language: z.string() }).catchall(z.unknown()),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserStats = z.object({
  total_reports: count,
  completed_reports: count,
  total_chats: count,
  total_feedback: count,
  /** Completed as a percent of reports that finished (completed + failed), one decimal. */
  success_rate: z.number().min(0).max(100),
  /** Chats per report (not deleted), two decimals. */
  avg_chats_per_report: z.number().nonnegative(),
});
export type AdminUserStats = z.infer<typeof adminUserStats>;

export const adminUserActivity = z.object({
  type: z.enum(['report', 'chat']),
  id,
  title: z.string(),
  created_at: timestamp,
  status: z.string().nullable(),
});
export type AdminUserActivity = z.infer<typeof adminUserActivity>;

/** GET /admin/users/{id} */
export const adminUserDetail = z.object({
  user: adminUser,
  stats: adminUserStats,
  recent_activity: z.array(adminUserActivity),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** PUT /admin/users/{id}: any of the four fields; at least one. */
export const adminUserUpdate = z
  .object({
    full_name: fullNameField.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    is_verified: z.boolean({ error: 'is_verified must be true or false' }).optional(),
    admin_notes: notes('admin_notes').optional(),
  })
  .refine(atLeastOne, { message: 'Nothing to update' });
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

export const SUSPEND_REASON_REQUIRED = 'A reason for the suspension is required';
/** POST /admin/users/{id}/suspend?reason= */
export const suspendUserQuery = z.object({
  reason: z
    .string({ error: SUSPEND_REASON_REQUIRED })
    .trim()
    .min(1, SUSPEND_REASON_REQUIRED)
    .max(1000, 'The reason must be at most 1000 characters'),
});

/** Answer of PUT, suspend and activate. */
export const adminUserChange = z.object({ message: z.string(), user: adminUser });
export type AdminUserChange = z.infer<typeof adminUserChange>;

export type AdminUsersExportQuery = {
  status?: AdminUserStatus;
  search?: string;
};

// ---------------------------------------------------------------- reports

export const ADMIN_REPORT_SORTS = [
  'created_at',
  'updated_at',
  'filename',
  'status',
  'file_size',
  'processing_time_seconds',
] as const;
export type AdminReportSort = (typeof ADMIN_REPORT_SORTS)[number];
export { REPORT_STATUSES as ADMIN_REPORT_STATUSES, REPORT_TYPES as ADMIN_REPORT_TYPES };

/** GET /admin/data/reports. status 'deleted' lists soft-deleted reports; without it they are included. */
export type AdminReportsQuery = {
  page?: number;
  limit?: number;
  sort_by?: AdminReportSort;
  sort_order?: SortOrder;
  /** Literal match in filename, original filename or the owner's email. */
  search?: string;
  status?: ReportStatus;
  report_type?: string;
  is_flagged?: boolean;
  user_email?: string;
  date_from?: string;
  date_to?: string;
};

export const adminReportListItem = z.object({
  id,
  filename: z.string(),
  original_filename: z.string(),
  user_id: id.nullable(),
  /** null for a guest's trial report. */
  user_email: z.string().nullable(),
  file_type: z.string(),
  file_size: count,
  status: z.enum(REPORT_STATUSES),
  report_type: z.string().nullable(),
  confidence_score: z.number().nullable(),
  ai_model_version: z.string().nullable(),
  processing_time_seconds: z.number().nonnegative().nullable(),
  is_flagged: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type AdminReportListItem = z.infer<typeof adminReportListItem>;

export const adminReportsList = pageInfo.extend({ reports: z.array(adminReportListItem) });
export type AdminReportsList = z.infer<typeof adminReportsList>;

export const adminReportStats = z.object({
  total_reports: count,
  flagged_reports: count,
  /** Seconds, over reports with a processing time; 0 when none. */
  average_processing_time: z.number().nonnegative(),
  status_breakdown: z.record(z.enum(REPORT_STATUSES), count),
  total_is_estimate: z.boolean().optional(),
});
export type AdminReportStats = z.infer<typeof adminReportStats>;

export const adminReportChatPreview = z.object({
  id,
  /** First 50 characters. */
  message: z.string(),
  created_at: timestamp,
  is_flagged: z.boolean(),
});
export type AdminReportChatPreview = z.infer<typeof adminReportChatPreview>;

/** GET /admin/data/reports/{id} */
export const adminReport = adminReportListItem.extend({
  user: z
    .object({ id, email: z.string(), full_name: z.string().nullable(), created_at: timestamp })
    .nullable(),
  mime_type: z.string(),
  language: z.string(),
  processing_started_at: timestamp.nullable(),
  processing_completed_at: timestamp.nullable(),
  summary: z.string().nullable(),
  key_findings: z.array(z.string()),
  recommendations: z.array(z.string()),
  error_message: z.string().nullable(),
  flag_reason: z.string().nullable(),
  admin_notes: z.string().nullable(),
  reviewed_at: timestamp.nullable(),
  reviewed_by: id.nullable(),
  chat_count: count,
  recent_chats: z.array(adminReportChatPreview),
});
export type AdminReport = z.infer<typeof adminReport>;

/** PATCH /admin/data/reports/{id}: {is_flagged} or {admin_notes} (or both); marks it reviewed. */
export const adminReportPatch = z
  .object({
    is_flagged: z.boolean({ error: 'is_flagged must be true or false' }).optional(),
    admin_notes: notes('admin_notes').optional(),
  })
  .refine(atLeastOne, { message: 'Nothing to update: send is_flagged or admin_notes' });
export type AdminReportPatch = z.infer<typeof adminReportPatch>;

export const adminReportChange = z.object({ message: z.string(), report: adminReport });
export type AdminReportChange = z.infer<typeof adminReportChange>;

/** DELETE /admin/data/reports/{id}?permanent=true|false (default soft). */
export const adminReportDeleteAnswer = z.object({ message: z.string(), id, permanent: z.boolean() });
export type AdminReportDeleteAnswer = z.infer<typeof adminReportDeleteAnswer>;

/** POST /admin/data/reports/bulk-delete */
export const adminReportsBulkDelete = z.object({
  report_ids: idList('report_ids'),
  permanent: z.boolean({ error: 'permanent must be true or false' }).default(false),
});
export type AdminReportsBulkDelete = z.input<typeof adminReportsBulkDelete>;

/** GET /admin/data/reports/export/json and /export/csv (include_analysis: JSON only). */
export type AdminReportsExportQuery = {
  search?: string;
  status?: ReportStatus;
  report_type?: string;
  user_email?: string;
  is_flagged?: boolean;
  include_analysis?: boolean;
};

/** One report in the JSON export: the list item, plus analysis fields when include_analysis. */
export interface AdminReportExportRow extends AdminReportListItem {
  summary?: string | null;
  key_findings?: string[];
  recommendations?: string[];
}

/** The JSON export file: metadata first, then the reports. */
export interface AdminReportsJsonExport {
  exported_at: string;
  filters: Record<string, unknown>;
  reports: AdminReportExportRow[];
  total: number;
}

// ---------------------------------------------------------------- chats

export const ADMIN_CHAT_SORTS = [
  'created_at',
  'updated_at',
  'processing_time_seconds',
  'tokens_used',
] as const;
export type AdminChatSort = (typeof ADMIN_CHAT_SORTS)[number];
export { FEEDBACK_RATINGS as ADMIN_CHAT_FEEDBACK };

/** GET /admin/data/chats */
export type AdminChatsQuery = {
  page?: number;
  limit?: number;
  sort_by?: AdminChatSort;
  sort_order?: SortOrder;
  /** Literal match in the message or the response. */
  search?: string;
  user_email?: string;
  report_id?: number;
  is_flagged?: boolean;
  has_feedback?: boolean;
  ai_model?: string;
  date_from?: string;
  date_to?: string;
};

export const adminChat = z.object({
  id,
  user_id: id,
  user_email: z.string(),
  user: z.object({ email: z.string() }),
  report_id: id,
  report: z.object({ filename: z.string() }),
  report_filename: z.string(),
  message: z.string(),
  response: z.string().nullable(),
  is_flagged: z.boolean(),
  flag_reason: z.string().nullable(),
  user_feedback: z.enum(FEEDBACK_RATINGS).nullable(),
  moderation_notes: z.string().nullable(),
  moderation_status: z.enum(['pending', 'reviewed', 'rejected']).nullable(),
  moderated_at: timestamp.nullable(),
  ai_model_used: z.string().nullable(),
  processing_time_seconds: z.number().nonnegative().nullable(),
  tokens_used: count.nullable(),
  confidence_score: z.number().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AdminChat = z.infer<typeof adminChat>;

export const adminChatsList = pageInfo.extend({
  chats: z.array(adminChat),
  /** Same as total_pages (the screen reads `pages`). */
  pages: count,
});
export type AdminChatsList = z.infer<typeof adminChatsList>;

/** GET /admin/data/chats/by-report/{id}: every chat about one report. */
export const adminChatsOfReport = z.object({ chats: z.array(adminChat) });

export const adminChatStats = z.object({
  total_chats: count,
  flagged_chats: count,
  average_processing_time: z.number().nonnegative(),
  average_tokens_used: z.number().nonnegative(),
  total_is_estimate: z.boolean().optional(),
});
export type AdminChatStats = z.infer<typeof adminChatStats>;

/** PATCH /admin/data/chats/{id}: {is_flagged} or {moderation_notes} (or both). */
export const adminChatPatch = z
  .object({
    is_flagged: z.boolean({ error: 'is_flagged must be true or false' }).optional(),
    moderation_notes: notes('moderation_notes').optional(),
  })
  .refine(atLeastOne, { message: 'Nothing to update: send is_flagged or moderation_notes' });
export type AdminChatPatch = z.infer<typeof adminChatPatch>;

export const FLAG_REASON_REQUIRED = 'A reason for flagging is required';
/** POST /admin/data/chats/{id}/flag */
export const adminChatFlag = z.object({
  reason: z
    .string({ error: FLAG_REASON_REQUIRED })
    .trim()
    .min(1, FLAG_REASON_REQUIRED)
    .max(1000, 'The reason must be at most 1000 characters'),
});
export type AdminChatFlag = z.infer<typeof adminChatFlag>;

/** POST /admin/data/chats/{id}/note */
export const adminChatNote = z.object({
  note: z
    .string({ error: 'A note is required' })
    .trim()
    .min(1, 'A note is required')
    .max(5000, 'The note must be at most 5000 characters'),
});
export type AdminChatNote = z.infer<typeof adminChatNote>;

export const adminChatChange = z.object({ message: z.string(), chat: adminChat });
export type AdminChatChange = z.infer<typeof adminChatChange>;

/** POST /admin/data/chats/bulk-delete (always permanent). */
export const adminChatsBulkDelete = z.object({ chat_ids: idList('chat_ids') });
export type AdminChatsBulkDelete = z.input<typeof adminChatsBulkDelete>;

/** GET /admin/data/chats/export/csv: the list filters, without paging. */
export type AdminChatsExportQuery = Omit<AdminChatsQuery, 'page' | 'limit' | 'sort_by' | 'sort_order'>;

// ---------------------------------------------------------------- admins

export const ADMIN_ADMIN_SORTS = [
  'created_at',
  'username',
  'email',
  'full_name',
  'role',
  'last_login',
] as const;
export type AdminAdminSort = (typeof ADMIN_ADMIN_SORTS)[number];
export const ADMIN_PASSWORD_MIN = 8;

export type AdminAdminsQuery = {
  page?: number;
  limit?: number;
  sort_by?: AdminAdminSort;
  sort_order?: SortOrder;
  /** Literal match in username, email or full_name. */
  search?: string;
  role?: string;
  is_active?: boolean;
};

export const adminAccount = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  role: z.string(),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

export const adminAdminsList = z.object({
  admins: z.array(adminAccount),
  total: figure,
  total_pages: figure,
  page: figure,
  limit: figure,
  total_is_estimate: z.boolean().optional(),
});
export type AdminAdminsList = z.infer<typeof adminAdminsList>;

const adminEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address')
  .max(254, 'Invalid email address')
  .transform((e) => e.toLowerCase());

/** POST /admin/admins */
export const adminCreate = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may hold letters, digits, dot, dash and underscore'),
  email: adminEmail,
  full_name: fullNameField,
  role: adminRole,
  password: z
    .string({ error: 'Password is required' })
    .min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters long.`)
    .max(256, 'Password must be at most 256 characters'),
});
export type AdminCreate = z.input<typeof adminCreate>;

/** PUT /admin/admins/{id}: any of full_name, email, is_active; at least one. */
export const adminUpdate = z
  .object({
    full_name: fullNameField.optional(),
    email: adminEmail.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  })
  .refine(atLeastOne, { message: 'Nothing to update' });
export type AdminUpdate = z.input<typeof adminUpdate>;

/** POST /admin/admins/{id}/role */
export const adminRoleChange = z.object({ role: adminRole });
export type AdminRoleChange = z.infer<typeof adminRoleChange>;

export const LAST_SUPER_ADMIN =
  'This is the last active super admin: make another super admin active before demoting or deactivating this one.';

export const adminAccountChange = z.object({ message: z.string(), admin: adminAccount });
export type AdminAccountChange = z.infer<typeof adminAccountChange>;
