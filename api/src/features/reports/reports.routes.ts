import { Router } from 'express';
import type { AppDeps } from '../../context';
import { requireUser } from '../../http/auth';
import { route } from '../../http/errors';
import { receiveUpload } from '../../http/upload';
import { idParam } from '../../http/validate';
import { toPublicUser } from '../auth/auth.service';
import { findUserReport, listUserReports, listValues } from './reports.repo';
import { createReport, deleteReportPermanently, REPORT_NOT_FOUND, requestAnalysis } from './reports.service';
import { toReportListItem, toUserReport } from './report-view';
import { notFound } from '../../http/errors';

/** /reports: every route needs a signed-in user and sees only that user's reports. */
export function reportsRouter(deps: AppDeps): Router {
  const r = Router();
  r.use(requireUser(deps));

  const ownReport = async (userId: number, rawId: string | undefined) => {
    const report = await findUserReport(deps.db, userId, idParam(rawId, REPORT_NOT_FOUND));
    if (!report) throw notFound(REPORT_NOT_FOUND);
    return report;
  };

  r.post(
    '/upload',
    route(async (req, res) => {
      const upload = await receiveUpload(req, res, deps.storage);
      const language = toPublicUser(req.user!).preferences.language;
      const report = await createReport(deps, { userId: req.user!.id }, upload, language);
      res.status(201).json({
        id: report.id,
        report_id: report.id,
        status: report.status,
        message: 'Report uploaded successfully!',
      });
    }),
  );

  r.get(
    '/',
    route(async (req, res) => {
      const reports = await listUserReports(deps.db, req.user!.id);
      res.json({ reports: reports.map(toReportListItem), total: reports.length });
    }),
  );

  r.get(
    '/:id',
    route(async (req, res) => {
      const report = await ownReport(req.user!.id, req.params.id);
      res.json(toUserReport(report, await listValues(deps.db, report.id)));
    }),
  );

  r.post(
    '/:id/analyze',
    route(async (req, res) => {
      const report = await ownReport(req.user!.id, req.params.id);
      const status = await requestAnalysis(deps, report);
      res.status(status === 'completed' ? 200 : 202).json({ id: report.id, status });
    }),
  );

  r.delete(
    '/:id',
    route(async (req, res) => {
      const report = await ownReport(req.user!.id, req.params.id);
      await deleteReportPermanently(deps, report);
      res.json({ message: 'Report deleted successfully' });
    }),
  );

  return r;
}
