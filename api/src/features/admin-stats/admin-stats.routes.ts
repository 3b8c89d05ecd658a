import { hasPermission } from '@reportsaathi/contracts';
import { ADMIN, defineRoute } from '../../http/route-table';
import { adminStats, chatStats, reportStats, userStats } from './admin-stats.repo';

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
        body.chats = { total: c.total, satisfaction_rate: pct(c.helpful, c.rated) };
      }
      if (hasPermission(role, 'view_admins')) body.admins = await adminStats(deps.db);
      return body;
    },
  }),
];
