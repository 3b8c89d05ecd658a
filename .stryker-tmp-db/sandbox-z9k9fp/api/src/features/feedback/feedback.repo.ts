// @ts-nocheck
import type { DB } from '@reportsaathi/db';

export function insertFeedback(
  db: DB,
  row: {
    user_id: number;
    report_id: number;
    chat_id: number | null;
    rating: 'helpful' | 'not_helpful' | 'irrelevant';
    comment: string | null;
  },
) {
  return db
    .insertInto('feedback')
    .values(row)
    .returning(['id', 'rating', 'created_at'])
    .executeTakeFirstOrThrow();
}
