import {
  contract,
  hasPermission,
  type AdminRecentActivity,
  type HandlerAnswer,
} from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
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
  defineRoute(contract.adminOverview.stats, async ({ deps, actor }) => {
    const role = actor.admin.role;
    const may = (p: Parameters<typeof hasPermission>[1]) => hasPermission(role, p);
    // The blocks are independent queries: run side by side, the answer takes the slowest one.
    const [users, reports, chats, admins] = await Promise.all([
      may('view_users') ? userStats(deps.db) : null,
      may('view_reports') ? reportStats(deps.db) : null,
      may('view_chats') ? chatStats(deps.db) : null,
      may('view_admins') ? adminStats(deps.db) : null,
    ]);
    const body: HandlerAnswer<typeof contract.adminOverview.stats> = {};
    if (users) body.users = users;
    if (reports) {
      const finished = reports.completed + reports.failed;
      body.reports = { ...reports, success_rate: pct(reports.completed, finished) };
    }
    if (chats)
      body.chats = {
        total: chats.total,
        satisfaction_rate: pct(chats.helpful, chats.rated),
        is_estimate: chats.is_estimate,
      };
    if (admins) body.admins = admins;
    return body;
  }),
  /**
   * GET /admin/recent-activity?limit=10 — any signed-in admin; like /admin/stats, each block
   * only with its permission: registrations (view_users), uploads (view_reports), chats
   * (view_chats), admin actions (view_audit_logs).
   */
  defineRoute(contract.adminOverview.recentActivity, async ({ deps, actor, query }) => {
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
  }),
];
