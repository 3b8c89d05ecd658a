import type { AnyRoute } from './http/route-table';
import { adminAuthRoutes } from './features/admin-auth/admin-auth.routes';
import { adminStatsRoutes } from './features/admin-stats/admin-stats.routes';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes';
import { adminReportsRoutes } from './features/admin-reports/admin-reports.routes';
import { adminChatsRoutes } from './features/admin-chats/admin-chats.routes';
import { adminAdminsRoutes } from './features/admin-admins/admin-admins.routes';
import { authRoutes } from './features/auth/auth.routes';
import { chatsRoutes } from './features/chats/chats.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { guestRoutes } from './features/guest/guest.routes';
import { healthRoutes } from './features/health/health.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { securityAdminRoutes } from './features/security/security-admin.routes';
import { securityOwnAdminRoutes, securityRoutes } from './features/security/security.routes';
import { usersRoutes } from './features/users/users.routes';
import { libraryRoutes } from './features/user-library/library.routes';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { exportRoutes } from './features/user-export/export.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { trendsRoutes } from './features/trends/trends.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { bulkExportRoutes } from './features/admin-export/bulk-export.routes';
import { adminSubscriptionsRoutes } from './features/admin-subscriptions/admin-subscriptions.routes';
import { fhirRoutes } from './features/fhir';
import { shareLinkRoutes } from './features/share-links';
import { accountRoutes } from './features/account/account.routes';

/**
 * The API's route table: every route of /api/v1, each with who may call it. app.ts mounts this
 * list and nothing else, and tests/api/route-table.test.ts walks it with every kind of caller.
 * A feature adds its routes here, in one line.
 */
export const ROUTES: readonly AnyRoute[] = [
  ...healthRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...adminAuthRoutes,
  ...adminStatsRoutes,
  ...adminUsersRoutes,
  ...adminReportsRoutes,
  ...adminChatsRoutes,
  ...adminAdminsRoutes,
  ...reportsRoutes,
  ...chatsRoutes,
  ...feedbackRoutes,
  ...guestRoutes,
  ...usersRoutes,
  ...libraryRoutes,
  ...subscriptionRoutes,
  ...exportRoutes,
  ...privacyRoutes,
  ...securityRoutes,
  ...securityOwnAdminRoutes,
  ...securityAdminRoutes,
  ...trendsRoutes,
  ...settingsRoutes,
  ...auditRoutes,
  ...moderationRoutes,
  ...bulkExportRoutes,
  ...adminSubscriptionsRoutes,
  ...fhirRoutes,
  ...shareLinkRoutes,
];
