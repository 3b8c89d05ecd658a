import type { User } from '@reportsaathi/db';
import { transaction } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { notFound } from '../../kernel/errors';
import { findUserChat, setChatFeedback } from '../chats';
import { ownReport } from '../reports';
import { insertFeedback } from './feedback.repo';

export type Rating = 'helpful' | 'not_helpful' | 'irrelevant';

/**
 * A user rates one of their own analyses or AI answers: the feedback row, and on a rated answer
 * its chat's user_feedback (what the back office's satisfaction rate counts), in one transaction.
 */
export async function giveFeedback(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<User, 'id'>,
  input: { report_id: number; chat_id?: number | null; rating: Rating; comment?: string | null },
) {
  const report = await ownReport(deps.db, user.id, input.report_id);
  const chat = input.chat_id ? await findUserChat(deps.db, user.id, input.chat_id) : null;
  if (input.chat_id && (!chat || chat.report_id !== report.id)) throw notFound('Chat not found');
  return transaction(deps.db, async (trx) => {
    if (chat) await setChatFeedback(trx, chat.id, input.rating);
    return insertFeedback(trx, {
      user_id: user.id,
      report_id: report.id,
      chat_id: chat?.id ?? null,
      rating: input.rating,
      comment: input.comment ?? null,
    });
  });
}
