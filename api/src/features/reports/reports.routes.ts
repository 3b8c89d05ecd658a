import { REPORT_STATUSES } from '@reportsaathi/contracts';
import { z } from 'zod';
import { optionalWholeParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { toPublicUser } from '../auth';
import { listUserReports, listValues, pageUserReports } from './reports.repo';
import {
  deleteReportPermanently,
  ownReport,
  reanalyzeIfStale,
  REPORT_NOT_FOUND,
  requestAnalysis,
} from './reports.service';
import { toReportListItem, toUserReport } from './report-view';
import { planAllowance } from '../subscriptions';
import { acceptUpload } from './accept-upload';

const reportId = { params: idParams('id'), notFound: REPORT_NOT_FOUND };

const LIVE = REPORT_STATUSES.filter((st) => st !== 'deleted');
/** GET /reports: optional paging, and a status list (e.g. pending,processing for polling). */
const reportsPageQuery = z.object({
  page: optionalWholeParam('page', 1, 1_000_000),
  limit: optionalWholeParam('limit', 1, 100),
  status: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.split(',').map((x) => x.trim()) : undefined),
    z.array(z.enum(LIVE, { error: `status must be among: ${LIVE.join(', ')}` })).optional(),
  ),
});

/** /reports: a signed-in user, who sees only their own reports. */
export const reportsRoutes = [
  defineRoute({
    method: 'post',
    path: '/reports/upload',
    access: USER,
    status: 201,
    handler: async ({ deps, actor, req, res }) => {
      const { report, replayed } = await acceptUpload(deps, req, res, {
        owner: `user:${actor.user.id}`,
        reportOwner: { userId: actor.user.id },
        language: toPublicUser(actor.user).preferences.language,
        allowance: planAllowance(actor.user.id),
      });
      if (!replayed) await deps.jobs.enqueueAnalysis(report.id);
      return {
        id: report.id,
        report_id: report.id,
        status: report.status,
        message: 'Report uploaded successfully!',
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports',
    access: USER,
    query: reportsPageQuery,
    handler: async ({ deps, actor, query }) => {
      // Without page or limit the answer is the whole list, as before; with them, one page.
      if (query.page === undefined && query.limit === undefined && !query.status) {
        const reports = await listUserReports(deps.db, actor.user.id);
        return { reports: reports.map(toReportListItem), total: reports.length };
      }
      const limit = query.limit ?? 20;
      const page = query.page ?? 1;
      const { rows, total } = await pageUserReports(deps.db, actor.user.id, {
        limit,
        offset: (page - 1) * limit,
        statuses: query.status,
      });
      return {
        reports: rows.map(toReportListItem),
        total,
        page,
        limit,
        total_pages: Math.max(1, Math.ceil(total / limit)),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/:id',
    access: USER,
    ...reportId,
    handler: async ({ deps, actor, params }) => {
      const report = await reanalyzeIfStale(deps, await ownReport(deps.db, actor.user.id, params.id));
      return toUserReport(report, await listValues(deps.db, report.id));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/reports/:id/analyze',
    access: USER,
    ...reportId,
    handler: async ({ deps, actor, params, res }) => {
      const report = await ownReport(deps.db, actor.user.id, params.id);
      const status = await requestAnalysis(deps, report);
      res.status(status === 'completed' ? 200 : 202);
      return { id: report.id, status };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/reports/:id',
    access: USER,
    ...reportId,
    handler: async ({ deps, actor, params }) => {
      const report = await ownReport(deps.db, actor.user.id, params.id);
      await deleteReportPermanently(deps, report);
      return { message: 'Report deleted successfully' };
    },
  }),
];
