import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

export function userStats(db: DB) {
  return db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('is_active', '=', true).as('active'),
      eb.fn.count<number>('id').filterWhere('is_verified', '=', true).as('verified'),
      eb.fn
        .count<number>('id')
        .filterWhere('created_at', '>=', sql<Date>`now() - interval '7 days'`)
        .as('new_this_week'),
    ])
    .executeTakeFirstOrThrow();
}

/** Registered users' reports only: guest trials are not the product's report base. */
export function reportStats(db: DB) {
  return db
    .selectFrom('reports')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'completed').as('completed'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'pending').as('pending'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'processing').as('processing'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'failed').as('failed'),
    ])
    .where('user_id', 'is not', null)
    .where('status', '!=', 'deleted')
    .executeTakeFirstOrThrow();
}

export function chatStats(db: DB) {
  return db
    .selectFrom('chats')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('user_feedback', 'is not', null).as('rated'),
      eb.fn.count<number>('id').filterWhere('user_feedback', '=', 'helpful').as('helpful'),
    ])
    .executeTakeFirstOrThrow();
}

export function adminStats(db: DB) {
  return db
    .selectFrom('admins')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('is_active', '=', true).as('active'),
    ])
    .executeTakeFirstOrThrow();
}

/** The dashboard's recent activity: the latest of each kind, newest first (index-backed). */
export function latestRegistrations(db: DB, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'is_active', 'is_verified', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function latestUploads(db: DB, limit: number) {
  return db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.user_id')
    .select([
      'reports.id',
      'reports.original_filename',
      'reports.status',
      'reports.created_at',
      'users.email',
    ])
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(limit)
    .execute();
}

export function latestChats(db: DB, limit: number) {
  return db
    .selectFrom('chats')
    .innerJoin('users', 'users.id', 'chats.user_id')
    .select([
      'chats.id',
      sql<string>`left(chats.message, 100)`.as('message'),
      'chats.is_flagged',
      'chats.created_at',
      'users.email',
    ])
    .orderBy('chats.created_at', 'desc')
    .orderBy('chats.id', 'desc')
    .limit(limit)
    .execute();
}

export function latestAdminActions(db: DB, limit: number) {
  return db
    .selectFrom('audit_logs')
    .select(['id', 'action', 'resource_type', 'resource_id', 'success', 'admin_email', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
