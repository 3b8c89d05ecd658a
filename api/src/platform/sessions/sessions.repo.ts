import type { DB } from '@reportsaathi/db';

export async function insertSession(
  db: DB,
  row: {
    id: string;
    kind: 'user' | 'admin';
    user_id?: number | null;
    admin_id?: number | null;
    ip_address: string | null;
    user_agent: string | null;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('user_sessions').values(row).execute();
}

export function findLiveSession(db: DB, id: string, kind: 'user' | 'admin') {
  return db
    .selectFrom('user_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function revokeSession(db: DB, id: string): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchSession(db: DB, id: string): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
}

/** Ends every live session of a user or an admin (suspension, deactivation): tokens stop at once. */
export async function revokeAllSessions(
  db: DB,
  owner: { userId: number } | { adminId: number },
): Promise<number> {
  const result = await db
    .updateTable('user_sessions')
    .set({ revoked_at: new Date() })
    .where('userId' in owner ? 'user_id' : 'admin_id', '=', 'userId' in owner ? owner.userId : owner.adminId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
