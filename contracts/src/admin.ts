import { z } from 'zod';
import { fullNameField, adminRole } from './auth';
import {
  FEEDBACK_RATINGS,
  REPORT_STATUSES,
  REPORT_TYPES,
  type FeedbackRating,
  type ReportStatus,
} from './reports';

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

/** Page size default for every admin list; larger than ADMIN_MAX_PAGE_SIZE is a 400. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Most ids one bulk delete may name. */
export const BULK_DELETE_MAX = 500;

export interface PageInfo {
  total: number;
  total_pages: number;
  page: number;
  limit: number;
  /** True when `total` is the planner's estimate (very large unfiltered tables). */
  total_is_estimate?: boolean;
}

export interface MessageAnswer {
  message: string;
}

/** Answer of a bulk delete: what was removed and which of the named ids did not exist. */
export interface BulkDeleteAnswer {
  message: string;
  requested: number;
  deleted: number;
  deleted_ids: number[];
  /** Named ids that matched nothing (already gone or never existed). */
  missing_ids: number[];
  /** True when some named ids were missing; the audit row is then 'partial'. */
  partial: boolean;
}

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
export interface AdminUsersQuery {
  page?: number;
  limit?: number;
  sort_by?: AdminUserSort;
  sort_order?: SortOrder;
  /** Matched literally (%, _ and quotes are plain characters) in full_name or email. */
  search?: string;
  status?: AdminUserStatus;
  date_from?: string;
  date_to?: string;
}

export interface AdminUserListItem {
  id: number;
  email: string;
  full_name: string | null;
  is_active: boolean;
  is_verified: boolean;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  total_reports: number;
  total_chats: number;
}

export interface AdminUsersList extends PageInfo {
  users: AdminUserListItem[];
}

export interface AdminUser {
  id: number;
  email: string;
  full_name: string | null;
  is_active: boolean;
  is_verified: boolean;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  deactivated_at: string | null;
  admin_notes: string | null;
  preferences: { theme: string; language: string } & Record<string, unknown>;
}

export interface AdminUserStats {
  total_reports: number;
  completed_reports: number;
  total_chats: number;
  total_feedback: number;
  /** Completed as a percent of reports that finished (completed + failed), one decimal. */
  success_rate: number;
  /** Chats per report (not deleted), two decimals. */
  avg_chats_per_report: number;
}

export interface AdminUserActivity {
  type: 'report' | 'chat';
  id: number;
  title: string;
  created_at: string;
  status: string | null;
}

/** GET /admin/users/{id} */
export interface AdminUserDetail {
  user: AdminUser;
  stats: AdminUserStats;
  recent_activity: AdminUserActivity[];
}

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
export interface AdminUserChange {
  message: string;
  user: AdminUser;
}

export interface AdminUsersExportQuery {
  status?: AdminUserStatus;
  search?: string;
}

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
export interface AdminReportsQuery {
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
}

export interface AdminReportListItem {
  id: number;
  filename: string;
  original_filename: string;
  user_id: number | null;
  /** null for a guest's trial report. */
  user_email: string | null;
  file_type: string;
  file_size: number;
  status: ReportStatus;
  report_type: string | null;
  confidence_score: number | null;
  ai_model_version: string | null;
  processing_time_seconds: number | null;
  is_flagged: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface AdminReportsList extends PageInfo {
  reports: AdminReportListItem[];
}

export interface AdminReportStats {
  total_reports: number;
  flagged_reports: number;
  /** Seconds, over reports with a processing time; 0 when none. */
  average_processing_time: number;
  status_breakdown: Record<ReportStatus, number>;
  total_is_estimate?: boolean;
}

export interface AdminReportChatPreview {
  id: number;
  /** First 50 characters. */
  message: string;
  created_at: string;
  is_flagged: boolean;
}

/** GET /admin/data/reports/{id} */
export interface AdminReport extends AdminReportListItem {
  user: { id: number; email: string; full_name: string | null; created_at: string } | null;
  mime_type: string;
  language: string;
  processing_started_at: string | null;
  processing_completed_at: string | null;
  summary: string | null;
  key_findings: string[];
  recommendations: string[];
  error_message: string | null;
  flag_reason: string | null;
  admin_notes: string | null;
  reviewed_at: string | null;
  reviewed_by: number | null;
  chat_count: number;
  recent_chats: AdminReportChatPreview[];
}

/** PATCH /admin/data/reports/{id}: {is_flagged} or {admin_notes} (or both); marks it reviewed. */
export const adminReportPatch = z
  .object({
    is_flagged: z.boolean({ error: 'is_flagged must be true or false' }).optional(),
    admin_notes: notes('admin_notes').optional(),
  })
  .refine(atLeastOne, { message: 'Nothing to update: send is_flagged or admin_notes' });
export type AdminReportPatch = z.infer<typeof adminReportPatch>;

export interface AdminReportChange {
  message: string;
  report: AdminReport;
}

/** DELETE /admin/data/reports/{id}?permanent=true|false (default soft). */
export interface AdminReportDeleteAnswer {
  message: string;
  id: number;
  permanent: boolean;
}

/** POST /admin/data/reports/bulk-delete */
export const adminReportsBulkDelete = z.object({
  report_ids: idList('report_ids'),
  permanent: z.boolean({ error: 'permanent must be true or false' }).default(false),
});
export type AdminReportsBulkDelete = z.input<typeof adminReportsBulkDelete>;

/** GET /admin/data/reports/export/json and /export/csv (include_analysis: JSON only). */
export interface AdminReportsExportQuery {
  search?: string;
  status?: ReportStatus;
  report_type?: string;
  user_email?: string;
  is_flagged?: boolean;
  include_analysis?: boolean;
}

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
export interface AdminChatsQuery {
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
}

export interface AdminChat {
  id: number;
  user_id: number;
  user_email: string;
  user: { email: string };
  report_id: number;
  report: { filename: string };
  report_filename: string;
  message: string;
  response: string | null;
  is_flagged: boolean;
  flag_reason: string | null;
  user_feedback: FeedbackRating | null;
  moderation_notes: string | null;
  moderation_status: 'pending' | 'reviewed' | 'rejected' | null;
  moderated_at: string | null;
  ai_model_used: string | null;
  processing_time_seconds: number | null;
  tokens_used: number | null;
  confidence_score: number | null;
  created_at: string;
  updated_at: string;
}

export interface AdminChatsList extends PageInfo {
  chats: AdminChat[];
  /** Same as total_pages (the screen reads `pages`). */
  pages: number;
}

export interface AdminChatStats {
  total_chats: number;
  flagged_chats: number;
  average_processing_time: number;
  average_tokens_used: number;
  total_is_estimate?: boolean;
}

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

export interface AdminChatChange {
  message: string;
  chat: AdminChat;
}

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
