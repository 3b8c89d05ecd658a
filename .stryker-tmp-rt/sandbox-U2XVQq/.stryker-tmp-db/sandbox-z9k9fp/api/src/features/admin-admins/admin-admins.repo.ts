// @ts-nocheck
// 
import type { AdminAdminSort } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { containsText, type ListQuery } from '../../http/list-query';
import { pageWithTotal, orderWithId } from '../../http/list-sql';

/** All SQL of admin-account management. Explicit columns: never password_hash. */

export interface AdminFilters {
  search?: string;
  role?: string;
  is_active?: boolean;
}

const SORT_COLUMNS: Record<AdminAdminSort, { column: string; nullable: boolean }> = {
  created_at: { column: 'admins.created_at', nullable: false },
  username: { column: 'admins.username', nullable: false },
  email: { column: 'admins.email', nullable: true },
  full_name: { column: 'admins.full_name', nullable: true },
  role: { column: 'admins.role', nullable: false },
  last_login: { column: 'admins.last_login', nullable: true },
};

const COLUMNS = [
  'admins.id',
  'admins.username',
  'admins.email',
  'admins.full_name',
  'admins.role',
  'admins.is_active',
  'admins.last_login',
  'admins.created_at',
  'admins.updated_at',
] as const;

function filtered(db: DB, f: AdminFilters) {
  let qb = db.selectFrom('admins');
  if (f.search) {
    const s = f.search;
    qb = qb.where((eb) =>
      eb.or([
        containsText('admins.username', s),
        containsText('admins.email', s),
        containsText('admins.full_name', s),
      ]),
    );
  }
  if (f.role) qb = qb.where('admins.role', '=', f.role);
  if (f.is_active !== undefined) qb = qb.where('admins.is_active', '=', f.is_active);
  return qb;
}

export async function listAdmins(db: DB, q: ListQuery<AdminAdminSort> & AdminFilters) {
  const sort = SORT_COLUMNS[q.sort_by];
  const page = orderWithId(
    filtered(db, q).select(COLUMNS),
    sort.column,
    q.sort_order,
    'admins.id',
    sort.nullable,
  )
    .limit(q.limit)
    .offset(q.offset);
  return pageWithTotal(db, filtered(db, q), page.execute(), q);
}

export function findAdmin(db: DB, id: number) {
  return db.selectFrom('admins').select(COLUMNS).where('admins.id', '=', id).executeTakeFirst();
}

export type AdminRow = NonNullable<Awaited<ReturnType<typeof findAdmin>>>;

/**
 * The active super admins, locked until the transaction ends: two demotions running at once
 * take turns here, so they cannot both see "another super admin is left".
 */
export async function lockActiveSuperAdmins(db: DB): Promise<number[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'super_admin')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function updateAdmin(
  db: DB,
  id: number,
  changes: { full_name?: string; email?: string; is_active?: boolean; role?: string },
): Promise<AdminRow | undefined> {
  await db
    .updateTable('admins')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return findAdmin(db, id);
}
