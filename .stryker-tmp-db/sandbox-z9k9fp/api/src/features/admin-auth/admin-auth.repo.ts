// @ts-nocheck
import type { DB } from '@reportsaathi/db';

export function findAdminByUsername(db: DB, username: string) {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findAdminById(db: DB, id: number) {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAdmin(
  db: DB,
  admin: {
    username: string;
    email: string | null;
    full_name: string | null;
    role: string;
    password_hash: string;
  },
) {
  return db.insertInto('admins').values(admin).returningAll().executeTakeFirstOrThrow();
}

export async function markAdminLogin(db: DB, id: number): Promise<void> {
  await db.updateTable('admins').set({ last_login: new Date() }).where('id', '=', id).execute();
}

export async function countAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
