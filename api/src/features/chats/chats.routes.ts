import { chatRequest } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { ownReport, REPORT_NOT_FOUND } from '../reports';
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
      const report = await ownReport(deps.db, actor.user.id, params.id);
      const chats = await listReportChats(deps.db, actor.user.id, report.id);
      return { chats: chats.map((c) => toChatMessage(c, report)) };
    },
  }),
];
