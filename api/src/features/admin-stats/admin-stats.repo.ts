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
