import { Router } from 'express';
import { hasPermission } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/errors';
import { adminStats, chatStats, reportStats, userStats } from './admin-stats.repo';

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * GET /admin/stats — any signed-in admin; each block only with its permission (SPEC §2:
 * view_users, view_reports, view_chats, view_admins), so a viewer never sees admin counts.
 */
export function adminStatsRouter(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/stats',
    requireAdmin(deps),
    route(async (req, res) => {
      const role = req.admin!.role;
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
      res.json(body);
    }),
  );
  return r;
}
