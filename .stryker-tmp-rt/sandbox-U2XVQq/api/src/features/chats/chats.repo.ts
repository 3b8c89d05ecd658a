// @ts-nocheck
import type { DB } from '@reportsaathi/db';

export function insertChat(
  db: DB,
  row: {
    user_id: number;
    report_id: number;
    message: string;
    response: string;
    language: 'en' | 'hi';
    ai_model_used: string;
    tokens_used: number;
    processing_time_seconds: number;
    confidence_score: number;
    is_flagged?: boolean;
    flag_reason?: string | null;
    moderation_status?: 'pending' | null;
  },
) {
  return db.insertInto('chats').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The user's chats about one of their reports, oldest first (owner in the query). */
export function listReportChats(db: DB, userId: number, reportId: number) {
  return db
    .selectFrom('chats')
    .selectAll()
    .where('user_id', '=', userId)
    .where('report_id', '=', reportId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findUserChat(db: DB, userId: number, chatId: number) {
  return db
    .selectFrom('chats')
    .selectAll()
    .where('id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function setChatFeedback(
  db: DB,
  chatId: number,
  rating: 'helpful' | 'not_helpful' | 'irrelevant',
): Promise<void> {
  await db
    .updateTable('chats')
    .set({ user_feedback: rating, updated_at: new Date() })
    .where('id', '=', chatId)
    .execute();
}
