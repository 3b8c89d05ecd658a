import type { DB } from '@reportsaathi/db';
import { notFound } from '../../http/errors';
import { defineRoute, USER } from '../../http/route-table';
import { receiveUpload } from '../../http/upload';
import { idParams } from '../../http/validate';
import { toPublicUser } from '../auth/auth.service';
import { findUserReport, listUserReports, listValues } from './reports.repo';
import {
  createReport,
  deleteReportPermanently,
  reanalyzeIfStale,
  REPORT_NOT_FOUND,
  requestAnalysis,
} from './reports.service';
import { toReportListItem, toUserReport } from './report-view';

/** The user's own report, by an id from the path; another user's id is "not found". */
async function ownReport(db: DB, userId: number, id: number) {
  const report = await findUserReport(db, userId, id);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  return report;
}

const reportId = { params: idParams('id'), notFound: REPORT_NOT_FOUND };

/** /reports: a signed-in user, who sees only their own reports. */
export const reportsRoutes = [
  defineRoute({
    method: 'post',
    path: '/reports/upload',
    access: USER,
    status: 201,
    handler: async ({ deps, actor, req, res }) => {
      const upload = await receiveUpload(req, res, deps.storage);
      const language = toPublicUser(actor.user).preferences.language;
      const report = await createReport(deps, { userId: actor.user.id }, upload, language);
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
    handler: async ({ deps, actor }) => {
      const reports = await listUserReports(deps.db, actor.user.id);
      return { reports: reports.map(toReportListItem), total: reports.length };
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
