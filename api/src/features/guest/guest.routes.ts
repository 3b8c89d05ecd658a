import { GUEST_MESSAGES, contract } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { AppError, notFound } from '../../kernel/errors';
import { defineRoute } from '../../http/route-table';
import { getBoolSetting } from '../../platform/settings/settings.service';
import { acceptUpload, listValues, listValuesByReport, REPORT_NOT_FOUND, requestAnalysis } from '../reports';
import { analysisCounted, findGuestReport, findLiveGuestSession, listGuestReports } from './guest.repo';
import {
  claimGuestAnalysis,
  createGuestSession,
  guestAllowance,
  rateLimits,
  toGuestReport,
} from './guest.service';

async function liveSession(db: DB, sid: string) {
  const session = await findLiveGuestSession(db, sid);
  if (!session) throw notFound(GUEST_MESSAGES.sessionExpired);
  return session;
}

async function guestReport(db: DB, sid: string, rid: number) {
  const s = await liveSession(db, sid);
  const report = await findGuestReport(db, s.id, rid);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  return { session: s, report };
}

const language = (input: { body?: { language?: unknown }; query?: { language?: unknown } }): 'en' | 'hi' =>
  input.body?.language === 'hi' || input.query?.language === 'hi' ? 'hi' : 'en';

const sessionView = (s: { id: string; expires_at: Date; created_at: Date }) => ({
  session_id: s.id,
  expires_at: s.expires_at.toISOString(),
  created_at: s.created_at.toISOString(),
});

/** /guest: public, but every call past session creation needs a live session id (contract.guest). */
export const guestRoutes = [
  defineRoute(contract.guest.createSession, async ({ deps, actor }) => {
    if (!(await getBoolSetting(deps.db, 'guest_analysis_enabled')))
      throw new AppError(503, 'The free analyzer is closed for now. Please register to analyze reports.');
    return sessionView(await createGuestSession(deps, actor));
  }),
  defineRoute(contract.guest.session, async ({ deps, params }) =>
    sessionView(await liveSession(deps.db, params.sid)),
  ),
  defineRoute(contract.guest.rateLimits, async ({ deps, actor, params }) => {
    const s = await liveSession(deps.db, params.sid);
    return rateLimits(deps, s.id, actor.ip);
  }),
  defineRoute(contract.guest.upload, async ({ deps, actor, params, req, res }) => {
    const s = await liveSession(deps.db, params.sid);
    const allowance = guestAllowance(s.id, actor.ip);
    const { report, replayed } = await acceptUpload(deps, req, res, {
      owner: `guest:${s.id}`,
      reportOwner: { guestSessionId: s.id, ip: actor.ip },
      language: language(req),
      allowance,
    });
    // The analysis starts at once when today's allowance had room; otherwise the report waits.
    if (!replayed && allowance.state.analysisCounted) await deps.jobs.enqueueAnalysis(report.id);
    return { report_id: report.id, message: GUEST_MESSAGES.uploaded };
  }),
  defineRoute(contract.guest.analyze, async ({ deps, actor, params, res }) => {
    const { session: s, report } = await guestReport(deps.db, params.sid, params.rid);
    if (!(await analysisCounted(deps.db, report.id)))
      await claimGuestAnalysis(deps.db, s.id, actor.ip, report.id);
    const status = await requestAnalysis(deps, report);
    res.status(status === 'completed' ? 200 : 202);
    return { report_id: report.id, status, message: GUEST_MESSAGES.analysisStarted };
  }),
  defineRoute(contract.guest.report, async ({ deps, params }) => {
    const { report } = await guestReport(deps.db, params.sid, params.rid);
    return toGuestReport(report, await listValues(deps.db, report.id));
  }),
  defineRoute(contract.guest.reports, async ({ deps, params }) => {
    const s = await liveSession(deps.db, params.sid);
    const reports = await listGuestReports(deps.db, s.id);
    const values = await listValuesByReport(
      deps.db,
      reports.map((x) => x.id),
    );
    return { reports: reports.map((x) => toGuestReport(x, values.get(x.id) ?? [])) };
  }),
];
