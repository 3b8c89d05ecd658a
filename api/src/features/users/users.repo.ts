import type { DB } from '@reportsaathi/db';

export function updatePreferences(db: DB, userId: number, preferences: Record<string, unknown>) {
  return db
    .updateTable('users')
    .set({ preferences: JSON.stringify(preferences), updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
