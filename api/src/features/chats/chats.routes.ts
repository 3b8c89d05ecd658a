import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { ownReport } from '../reports';
import { listReportChats } from './chats.repo';
import { askAboutReport, toChatMessage } from './chats.service';

/** /chats: a signed-in user, about their own reports only (contract.chats). */
export const chatsRoutes = [
  defineRoute(contract.chats.send, ({ deps, actor, body }) => askAboutReport(deps, actor.user, body)),
  defineRoute(contract.chats.list, async ({ deps, actor, params }) => {
    const report = await ownReport(deps.db, actor.user.id, params.id);
    const chats = await listReportChats(deps.db, actor.user.id, report.id);
    return { chats: chats.map((c) => toChatMessage(c, report)) };
  }),
];
