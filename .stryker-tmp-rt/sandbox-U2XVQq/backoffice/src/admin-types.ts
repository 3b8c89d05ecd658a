/**
 * The admin API's answers as the screens read them: the contracts' types under the names the
 * screens use. One definition, shared with the API.
 */
// @ts-nocheck

export type {
  AdminAccount,
  AdminChat as AdminChatRow,
  AdminChatStats as ChatStats,
  AdminRecentActivity,
  AdminReport as AdminReportDetail,
  AdminReportListItem as AdminReportRow,
  AdminReportStats as ReportStats,
  AdminUserListItem as AdminUserRow,
  RecentActivityItem,
} from '@reportsaathi/contracts/admin';
import type { AdminUser, AdminUserActivity, AdminUserStats } from '@reportsaathi/contracts/admin';

/** GET /admin/users/{id} as the data provider gives it: the user with `stats` and `recent_activity` beside. */
export type AdminUserDetail = AdminUser & { stats: AdminUserStats; recent_activity: AdminUserActivity[] };
