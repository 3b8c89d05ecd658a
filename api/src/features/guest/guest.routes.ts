import { Router, type Request } from 'express';
import { GUEST_MESSAGES } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import { clientIp } from '../../http/auth';
import { AppError, notFound, route } from '../../http/errors';
import { receiveUpload } from '../../http/upload';
import { idParam } from '../../http/validate';
import { getBoolSetting } from '../settings/settings.service';
import { createReport, REPORT_NOT_FOUND, requestAnalysis } from '../reports/reports.service';
import { listValues, listValuesByReport } from '../reports/reports.repo';
import {
  analysisCounted,
  findGuestReport,
  findLiveGuestSession,
  listGuestReports,
  recordUsage,
} from './guest.repo';
import {
  assertCanAnalyze,
  assertCanUpload,
  createGuestSession,
  rateLimits,
  toGuestReport,
} from './guest.service';

/** /guest: public, but every call past session creation needs a live session id. */
export function guestRouter(deps: AppDeps): Router {
  const r = Router();

  const liveSession = async (req: Request) => {
    const sid = String(req.params.sid ?? '');
    const session = /^[0-9a-f-]{36}$/i.test(sid) ? await findLiveGuestSession(deps.db, sid) : undefined;
    if (!session) throw notFound(GUEST_MESSAGES.sessionExpired);
    return session;
  };
  const language = (req: Request): 'en' | 'hi' =>
    req.body?.language === 'hi' || req.query.language === 'hi' ? 'hi' : 'en';

  r.post(
    '/session',
    route(async (req, res) => {
      if (!(await getBoolSetting(deps.db, 'guest_analysis_enabled')))
        throw new AppError(503, 'The free analyzer is closed for now. Please register to analyze reports.');
      const s = await createGuestSession(deps, {
        ip: clientIp(req),
        userAgent: req.get('user-agent') ?? null,
      });
      res.status(201).json({
        session_id: s.id,
        expires_at: s.expires_at.toISOString(),
        created_at: s.created_at.toISOString(),
      });
    }),
  );

  r.get(
    '/session/:sid',
    route(async (req, res) => {
      const s = await liveSession(req);
      res.json({
        session_id: s.id,
        expires_at: s.expires_at.toISOString(),
        created_at: s.created_at.toISOString(),
      });
    }),
  );

  r.get(
    '/session/:sid/rate-limits',
    route(async (req, res) => {
      const s = await liveSession(req);
      res.json(await rateLimits(deps, s.id, clientIp(req)));
    }),
  );

  r.post(
    '/session/:sid/upload',
    route(async (req, res) => {
      const s = await liveSession(req);
      const ip = clientIp(req);
      assertCanUpload(await rateLimits(deps, s.id, ip));
      const upload = await receiveUpload(req, res, deps.storage);
      const report = await createReport(deps, { guestSessionId: s.id, ip }, upload, language(req), {
        queue: false,
      });
      await recordUsage(deps.db, {
        guest_session_id: s.id,
        ip_address: ip,
        kind: 'upload',
        report_id: report.id,
      });
      // The analysis starts at once when today's allowance has room; otherwise the report waits.
      const limits = await rateLimits(deps, s.id, ip);
      if (limits.can_analyze) {
        await recordUsage(deps.db, {
          guest_session_id: s.id,
          ip_address: ip,
          kind: 'analysis',
          report_id: report.id,
        });
        await deps.jobs.enqueueAnalysis(report.id);
      }
      res.status(201).json({ report_id: report.id, message: GUEST_MESSAGES.uploaded });
    }),
  );

  r.post(
    '/session/:sid/reports/:rid/analyze',
    route(async (req, res) => {
      const s = await liveSession(req);
      const report = await findGuestReport(deps.db, s.id, idParam(req.params.rid, REPORT_NOT_FOUND));
      if (!report) throw notFound(REPORT_NOT_FOUND);
      if (!(await analysisCounted(deps.db, report.id))) {
        assertCanAnalyze(await rateLimits(deps, s.id, clientIp(req)));
        await recordUsage(deps.db, {
          guest_session_id: s.id,
          ip_address: clientIp(req),
          kind: 'analysis',
          report_id: report.id,
        });
      }
      const status = await requestAnalysis(deps, report);
      res
        .status(status === 'completed' ? 200 : 202)
        .json({ report_id: report.id, status, message: GUEST_MESSAGES.analysisStarted });
    }),
  );

  r.get(
    '/session/:sid/reports/:rid',
    route(async (req, res) => {
      const s = await liveSession(req);
      const report = await findGuestReport(deps.db, s.id, idParam(req.params.rid, REPORT_NOT_FOUND));
      if (!report) throw notFound(REPORT_NOT_FOUND);
      res.json(toGuestReport(report, await listValues(deps.db, report.id)));
    }),
  );

  r.get(
    '/session/:sid/reports',
    route(async (req, res) => {
      const s = await liveSession(req);
      const reports = await listGuestReports(deps.db, s.id);
      const values = await listValuesByReport(
        deps.db,
        reports.map((x) => x.id),
      );
      res.json({ reports: reports.map((x) => toGuestReport(x, values.get(x.id) ?? [])) });
    }),
  );

  return r;
}
