import { contract } from '@reportsaathi/contracts';
import { transaction } from '@reportsaathi/db';
import { notFound } from '../../kernel/errors';
import { defineRoute } from '../../http/route-table';
import { findUserChat, setChatFeedback } from '../chats';
import { ownReport } from '../reports';
import { insertFeedback } from './feedback.repo';

/** /feedback: a signed-in user rates one of their analyses or AI answers (contract.feedback). */
export const feedbackRoutes = [
  defineRoute(contract.feedback.create, async ({ deps, actor, body: input }) => {
    const user = actor.user;
    const report = await ownReport(deps.db, user.id, input.report_id);
    const chat = input.chat_id ? await findUserChat(deps.db, user.id, input.chat_id) : null;
    if (input.chat_id && (!chat || chat.report_id !== report.id)) throw notFound('Chat not found');
    const row = await transaction(deps.db, async (trx) => {
      if (chat) await setChatFeedback(trx, chat.id, input.rating);
      return insertFeedback(trx, {
        user_id: user.id,
        report_id: report.id,
        chat_id: chat?.id ?? null,
        rating: input.rating,
        comment: input.comment ?? null,
      });
    });
    return {
      id: row.id,
      rating: row.rating,
      created_at: row.created_at.toISOString(),
      message: 'Thank you for your feedback',
    };
  }),
];
