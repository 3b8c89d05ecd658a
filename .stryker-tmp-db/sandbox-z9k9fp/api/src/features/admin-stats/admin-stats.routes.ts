// @ts-nocheck
import { hasPermission, recentActivityQuery, type AdminRecentActivity } from '@reportsaathi/contracts';
import { ADMIN, defineRoute } from '../../http/route-table';
import {
  adminStats,
  chatStats,
  latestAdminActions,
  latestChats,
  latestRegistrations,
  latestUploads,
  reportStats,
  userStats,
} from './admin-stats.repo';

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * GET /admin/stats — any signed-in admin; each block only with its permission (view_users,
 * view_reports, view_chats, view_admins), so a viewer never sees admin counts.
 */
export const adminStatsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/stats',
    access: ADMIN(),
    handler: async ({ deps, actor }) => {
      const role = actor.admin.role;
      const body: Record<string, unknown> = {};
      if (hasPermission(role, 'view_users')) body.users = await userStats(deps.db);
      if (hasPermission(role, 'view_reports')) {
        const r = await reportStats(deps.db);
        const finished = r.completed + r.failed;
        body.reports = { ...r, success_rate: pct(r.completed, finished) };
      }
      if (hasPermission(role, 'view_chats')) {
        const c = await chatStats(deps.db);
        body.chats = {
          total: c.total,
          satisfaction_rate: pct(c.helpful, c.rated),
          is_estimate: c.is_estimate,
        };
      }
      if (hasPermission(role, 'view_admins')) body.admins = await adminStats(deps.db);
      return body;
    },
  }),
  /**
   * GET /admin/recent-activity?limit=10 — any signed-in admin; like /admin/stats, each block
   * only with its permission: registrations (view_users), uploads (view_reports), chats
   * (view_chats), admin actions (view_audit_logs).
   */
  defineRoute({
    method: 'get',
    path: '/admin/recent-activity',
    access: ADMIN(),
    query: recentActivityQuery,
    handler: async ({ deps, actor, query }) => {
      const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(actor.admin.role, p);
      const n = query.limit;
      const body: AdminRecentActivity = {};
      if (can('view_users'))
        body.registrations = (await latestRegistrations(deps.db, n)).map((u) => ({
          type: 'registration',
          id: u.id,
          title: u.full_name ?? u.email,
          user_email: u.email,
          status: !u.is_active ? 'inactive' : u.is_verified ? 'active' : 'unverified',
          created_at: u.created_at.toISOString(),
        }));
      if (can('view_reports'))
        body.uploads = (await latestUploads(deps.db, n)).map((r) => ({
          type: 'upload',
          id: r.id,
          title: r.original_filename,
          user_email: r.email,
          status: r.status,
          created_at: r.created_at.toISOString(),
        }));
      if (can('view_chats'))
        body.chats = (await latestChats(deps.db, n)).map((c) => ({
          type: 'chat',
          id: c.id,
          title: c.message,
          user_email: c.email,
          status: c.is_flagged ? 'flagged' : null,
          created_at: c.created_at.toISOString(),
        }));
      if (can('view_audit_logs'))
        body.admin_actions = (await latestAdminActions(deps.db, n)).map((a) => ({
          type: 'admin_action',
          id: a.id,
          title: `${a.action} ${a.resource_type}${a.resource_id ? ` ${a.resource_id}` : ''}`,
          user_email: a.admin_email,
          status: a.success,
          created_at: a.created_at.toISOString(),
        }));
      return body;
    },
  }),
];
