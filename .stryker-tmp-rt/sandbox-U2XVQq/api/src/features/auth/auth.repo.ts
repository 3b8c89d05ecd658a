// @ts-nocheck
import type { DB, NewUser } from '@reportsaathi/db';

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: DB, user: NewUser) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function markUserLogin(db: DB, id: number): Promise<void> {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', id).execute();
}
