import { Router } from 'express';
import { chatRequest } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import { requireUser } from '../../http/auth';
import { notFound, route } from '../../http/errors';
import { idParam, validate } from '../../http/validate';
import { findUserReport } from '../reports/reports.repo';
import { REPORT_NOT_FOUND } from '../reports/reports.service';
import { listReportChats } from './chats.repo';
import { askAboutReport, toChatMessage } from './chats.service';

/** /chats: a signed-in user, about their own reports only. */
export function chatsRouter(deps: AppDeps): Router {
  const r = Router();
  r.use(requireUser(deps));

  r.post(
    '/',
    route(async (req, res) => {
      const input = validate(chatRequest, req.body);
      res.status(201).json(await askAboutReport(deps, req.user!, input));
    }),
  );

  r.get(
    '/report/:id',
    route(async (req, res) => {
      const report = await findUserReport(deps.db, req.user!.id, idParam(req.params.id, REPORT_NOT_FOUND));
      if (!report) throw notFound(REPORT_NOT_FOUND);
      const chats = await listReportChats(deps.db, req.user!.id, report.id);
      res.json({ chats: chats.map((c) => toChatMessage(c, report)) });
    }),
  );

  return r;
}
