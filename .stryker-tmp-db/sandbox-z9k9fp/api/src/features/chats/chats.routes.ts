// @ts-nocheck
import { chatRequest } from '@reportsaathi/contracts';
import { notFound } from '../../http/errors';
import { defineRoute, USER } from '../../http/route-table';
import { idParams } from '../../http/validate';
import { findUserReport } from '../reports/reports.repo';
import { REPORT_NOT_FOUND } from '../reports/reports.service';
import { listReportChats } from './chats.repo';
import { askAboutReport, toChatMessage } from './chats.service';

/** /chats: a signed-in user, about their own reports only. */
export const chatsRoutes = [
  defineRoute({
    method: 'post',
    path: '/chats',
    access: USER,
    body: chatRequest,
    status: 201,
    handler: ({ deps, actor, body }) => askAboutReport(deps, actor.user, body),
  }),
  defineRoute({
    method: 'get',
    path: '/chats/report/:id',
    access: USER,
    params: idParams('id'),
    notFound: REPORT_NOT_FOUND,
    handler: async ({ deps, actor, params }) => {
      const report = await findUserReport(deps.db, actor.user.id, params.id);
      if (!report) throw notFound(REPORT_NOT_FOUND);
      const chats = await listReportChats(deps.db, actor.user.id, report.id);
      return { chats: chats.map((c) => toChatMessage(c, report)) };
    },
  }),
];
