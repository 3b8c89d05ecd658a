import { sql } from 'kysely';
import type { AdminUserSort, AdminUserStatus } from '@reportsaathi/contracts';
import { liveReport, type DB } from '@reportsaathi/db';
import { containsText, type ListQuery } from '../../http/list-query';
import { createdWithin, orderWithId, pageWithTotal } from '../../http/list-sql';

/** All SQL of the admin's view of users. Explicit columns: never password_hash. */

export interface UserFilters {
  search?: string;
  status?: AdminUserStatus;
  from?: Date;
  to?: Date;
}

const SORT_COLUMNS: Record<AdminUserSort, { column: string; nullable: boolean }> = {
  full_name: { column: 'users.full_name', nullable: true },
  email: { column: 'users.email', nullable: false },
  created_at: { column: 'users.created_at', nullable: false },
  last_login: { column: 'users.last_login', nullable: true },
};

const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.full_name',
  'users.is_active',
  'users.is_verified',
  'users.created_at',
  'users.updated_at',
  'users.last_login',
] as const;

/** Status filters read the two flags separately: verified means is_verified, whatever is_active is. */
function filtered(db: DB, f: UserFilters) {
  let qb = db.selectFrom('users');
  if (f.search) {
    const s = f.search;
    qb = qb.where((eb) => eb.or([containsText('users.full_name', s), containsText('users.email', s)]));
  }
  if (f.status === 'active') qb = qb.where('users.is_active', '=', true);
  if (f.status === 'inactive') qb = qb.where('users.is_active', '=', false);
  if (f.status === 'verified') qb = qb.where('users.is_verified', '=', true);
  if (f.status === 'unverified') qb = qb.where('users.is_verified', '=', false);
  qb = createdWithin(qb, 'users.created_at', f);
  return qb;
}

/**
 * The users of one page (or export batch), cut first, with their live (not soft-deleted) reports
 * and all chats counted afterwards: the counts are correlated subqueries, so they run for the
 * page's rows only and not for the rows an offset skips (page 50 would count 980 users for
 * nothing). The subquery keeps the name "users", so the sort columns still resolve.
 */
function withCounts(db: DB, rows: ReturnType<typeof filtered>) {
  return db
    .selectFrom(rows.select(USER_COLUMNS).as('users'))
    .select((eb) => [
      ...USER_COLUMNS,
      eb
        .selectFrom('reports')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('reports.user_id', '=', 'users.id')
        .where(liveReport())
        .as('total_reports'),
      eb
        .selectFrom('chats')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('chats.user_id', '=', 'users.id')
        .as('total_chats'),
    ]);
}

export async function listUsers(db: DB, q: ListQuery<AdminUserSort> & UserFilters) {
  const sort = SORT_COLUMNS[q.sort_by];
  const order = <Q extends Parameters<typeof orderWithId>[0]>(qb: Q) =>
    orderWithId(qb, sort.column, q.sort_order, 'users.id', sort.nullable);
  const cut = order(filtered(db, q)).limit(q.limit).offset(q.offset);
  return pageWithTotal(db, filtered(db, q), order(withCounts(db, cut)).execute(), q);
}

/** The export's query: users after `afterId` in id order, `size` at a time (run by export-stream). */
export function exportUsersBatch(db: DB, f: UserFilters, afterId: number, size: number) {
  const cut = filtered(db, f).where('users.id', '>', afterId).orderBy('users.id').limit(size);
  return withCounts(db, cut).orderBy('users.id');
}

export function findUser(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'users.deactivated_at', 'users.admin_notes', 'users.preferences'])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export function userCounts(db: DB, id: number) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('reports')
        .select((e) => [e.fn.countAll<number>().as('n')])
        .where('user_id', '=', id)
        .where(liveReport())
        .as('total_reports'),
      eb
        .selectFrom('reports')
        .select((e) => [e.fn.countAll<number>().as('n')])
        .where('user_id', '=', id)
        .where('status', '=', 'completed')
        .as('completed_reports'),
      eb
        .selectFrom('reports')
        .select((e) => [e.fn.countAll<number>().as('n')])
        .where('user_id', '=', id)
        .where('status', '=', 'failed')
        .as('failed_reports'),
      eb
        .selectFrom('chats')
        .select((e) => [e.fn.countAll<number>().as('n')])
        .where('user_id', '=', id)
        .as('total_chats'),
      eb
        .selectFrom('feedback')
        .select((e) => [e.fn.countAll<number>().as('n')])
        .where('user_id', '=', id)
        .as('total_feedback'),
    ])
    .executeTakeFirstOrThrow();
}

/** The user's latest reports and chats, newest first, `limit` in all. */
export async function userActivity(db: DB, id: number, limit: number) {
  const rows = await sql<{
    type: 'report' | 'chat';
    id: number;
    title: string;
    created_at: Date;
    status: string | null;
  }>`
    (SELECT 'report' AS type, id, original_filename AS title, created_at, status
       FROM reports WHERE user_id = ${id} ORDER BY created_at DESC, id DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'chat' AS type, id, left(message, 100) AS title, created_at,
            CASE WHEN is_flagged THEN 'flagged' WHEN response IS NULL THEN 'unanswered' ELSE 'answered' END
       FROM chats WHERE user_id = ${id} ORDER BY created_at DESC, id DESC LIMIT ${limit})
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit}`.execute(db);
  return rows.rows;
}

export interface UserChanges {
  full_name?: string;
  is_active?: boolean;
  is_verified?: boolean;
  admin_notes?: string | null;
}

/** Applies the changes; deactivation is stamped (and undone on activation). Undefined when no such user. */
export async function updateUser(db: DB, id: number, changes: UserChanges) {
  const stamp =
    changes.is_active === undefined
      ? {}
      : { deactivated_at: changes.is_active ? null : sql<Date>`coalesce(deactivated_at, now())` };
  const updated = await db
    .updateTable('users')
    .set({ ...changes, ...stamp, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated ? findUser(db, id) : undefined;
}
