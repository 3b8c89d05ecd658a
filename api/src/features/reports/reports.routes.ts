import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { toPublicUser } from '../auth';
import { listUserReports, listValues, pageUserReports } from './reports.repo';
import {
  deleteReportPermanently,
  explainInLanguage,
  ownReport,
  reanalyzeIfStale,
  requestAnalysis,
} from './reports.service';
import { toReportListItem, toUserReport } from './report-view';
import { planAllowance } from '../subscriptions';
import { acceptUpload } from './accept-upload';
import { enterValue, undoEnteredValue } from './entered-value';

/** /reports: a signed-in user, who sees only their own reports (contract.reports). */
export const reportsRoutes = [
  defineRoute(contract.reports.upload, async ({ deps, actor, req, res }) => {
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
  }),
  defineRoute(contract.reports.list, async ({ deps, actor, query }) => {
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
  }),
  defineRoute(contract.reports.get, async ({ deps, actor, params }) => {
    const report = await reanalyzeIfStale(deps, await ownReport(deps.db, actor.user.id, params.id));
    // "What this test measures" in the language the owner reads the site in (issue 33).
    return toUserReport(
      report,
      await listValues(deps.db, report.id),
      toPublicUser(actor.user).preferences.language,
    );
  }),
  defineRoute(contract.reports.analyze, async ({ deps, actor, params, res }) => {
    const report = await ownReport(deps.db, actor.user.id, params.id);
    const status = await requestAnalysis(deps, report);
    res.status(status === 'completed' ? 200 : 202);
    return { id: report.id, status };
  }),
  defineRoute(contract.reports.explain, async ({ deps, actor, params, body, res }) => {
    const report = await ownReport(deps.db, actor.user.id, params.id);
    const answer = await explainInLanguage(deps, report, body.language);
    res.status(answer.status === 'completed' ? 200 : 202);
    return answer;
  }),
  defineRoute(contract.reports.remove, async ({ deps, actor, params }) => {
    const report = await ownReport(deps.db, actor.user.id, params.id);
    await deleteReportPermanently(deps, report);
    return { message: 'Report deleted successfully' };
  }),
  // The owner's own value in place of a misread one, and its undoing (decision 243).
  defineRoute(contract.reports.enterValue, async ({ deps, actor, params, body }) => {
    const report = await enterValue(deps, actor, params.id, params.position, body.value);
    return toUserReport(
      report,
      await listValues(deps.db, report.id),
      toPublicUser(actor.user).preferences.language,
    );
  }),
  defineRoute(contract.reports.undoEnteredValue, async ({ deps, actor, params }) => {
    const report = await undoEnteredValue(deps, actor, params.id, params.position);
    return toUserReport(
      report,
      await listValues(deps.db, report.id),
      toPublicUser(actor.user).preferences.language,
    );
  }),
];
