import { sql } from 'kysely';
import { liveReport, type DB } from '@reportsaathi/db';

/** All SQL of plans, subscriptions, payments and analysis usage. User rows filtered by owner. */

export function listActivePlans(db: DB) {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('price_monthly_paise')
    .orderBy('id')
    .execute();
}

export function findPlanByCode(db: DB, code: string) {
  return db.selectFrom('plans').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * The subscription in force: active, or cancelled but paid up to a future period end (a
 * cancelled plan runs to the end of what was paid for). Newest first.
 */
export function findCurrentSubscription(db: DB, userId: number) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .selectAll('subscriptions')
    .select(['plans.code as plan_code', 'plans.name as plan_name'])
    .where('subscriptions.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('subscriptions.status', '=', 'active'),
          eb.or([
            eb('subscriptions.current_period_end', 'is', null),
            eb('subscriptions.current_period_end', '>', new Date()),
          ]),
        ]),
        eb.and([
          eb('subscriptions.status', '=', 'cancelled'),
          eb('subscriptions.current_period_end', '>', new Date()),
        ]),
      ]),
    )
    .orderBy('subscriptions.created_at', 'desc')
    .orderBy('subscriptions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listSubscriptions(db: DB, userId: number) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .selectAll('subscriptions')
    .select(['plans.code as plan_code', 'plans.name as plan_name'])
    .where('subscriptions.user_id', '=', userId)
    .orderBy('subscriptions.created_at', 'desc')
    .orderBy('subscriptions.id', 'desc')
    .execute();
}

export function listPayments(db: DB, userId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findCurrentSubscription>>>;

export function insertSubscription(
  db: DB,
  row: {
    user_id: number;
    plan_id: number;
    status: 'pending' | 'active';
    billing_cycle: 'monthly' | 'yearly';
    gateway: string | null;
    started_at?: Date | null;
    current_period_end?: Date | null;
  },
) {
  return db.insertInto('subscriptions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function insertPayment(
  db: DB,
  row: {
    user_id: number;
    subscription_id: number;
    amount_paise: number;
    gateway: string;
    gateway_order_id: string;
  },
) {
  return db
    .insertInto('payments')
    .values({ ...row, status: 'pending', currency: 'INR' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPendingPaymentByOrder(db: DB, userId: number, gateway: string, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('gateway', '=', gateway)
    .where('gateway_order_id', '=', orderId)
    .executeTakeFirst();
}

export function completePayment(db: DB, paymentId: number, gatewayPaymentId: string) {
  return db
    .updateTable('payments')
    .set({ status: 'completed', gateway_payment_id: gatewayPaymentId })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Ends every other subscription of the user still in force (a new plan replaces the old). */
export async function endOtherSubscriptions(db: DB, userId: number, keepId: number, reason: string) {
  const now = new Date();
  await db
    .updateTable('subscriptions')
    .set({
      status: 'cancelled',
      cancelled_at: now,
      current_period_end: now,
      cancel_reason: reason,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('status', 'in', ['active', 'cancelled', 'pending'])
    .where((eb) => eb.or([eb('current_period_end', 'is', null), eb('current_period_end', '>', now)]))
    .execute();
}

export function activateSubscription(db: DB, id: number, periodEnd: Date | null) {
  const now = new Date();
  return db
    .updateTable('subscriptions')
    .set({ status: 'active', started_at: now, current_period_end: periodEnd, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function cancelSubscription(db: DB, userId: number, id: number, reason: string) {
  const now = new Date();
  return db
    .updateTable('subscriptions')
    .set({ status: 'cancelled', cancelled_at: now, cancel_reason: reason || null, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

/** Serialises one user's usage checks (two uploads at once cannot both take the last analysis). */
export async function lockUser(trx: DB, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(8460, ${userId})`.execute(trx);
}

export async function analysesThisMonth(db: DB, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM analysis_usage
    WHERE user_id = ${userId}
      AND created_at >= (date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')
  `.execute(db);
  return r.rows[0].n;
}

export async function storageUsed(db: DB, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT coalesce(sum(file_size), 0)::float8 AS n FROM reports
    WHERE user_id = ${userId} AND ${liveReport()}
  `.execute(db);
  return r.rows[0].n;
}

export async function recordAnalysisUsage(db: DB, userId: number, reportId: number, fileSize: number) {
  await db
    .insertInto('analysis_usage')
    .values({ user_id: userId, report_id: reportId, file_size: fileSize })
    .execute();
}

/** Per IST month, the last `months` months: reports uploaded, analyses used, chats, bytes uploaded. */
export async function usageByMonth(db: DB, userId: number, months: number) {
  const r = await sql<{
    month: string;
    reports: number;
    analyses: number;
    chats: number;
    storage_bytes: number;
  }>`
    WITH m AS (
      SELECT generate_series(
        date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') - make_interval(months => ${months - 1}),
        date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata'),
        interval '1 month') AS start
    )
    SELECT to_char(m.start, 'YYYY-MM') AS month,
      (SELECT count(*) FROM reports r WHERE r.user_id = ${userId} AND ${liveReport('r')}
         AND r.created_at >= m.start AT TIME ZONE 'Asia/Kolkata'
         AND r.created_at < (m.start + interval '1 month') AT TIME ZONE 'Asia/Kolkata')::int AS reports,
      (SELECT count(*) FROM analysis_usage u WHERE u.user_id = ${userId}
         AND u.created_at >= m.start AT TIME ZONE 'Asia/Kolkata'
         AND u.created_at < (m.start + interval '1 month') AT TIME ZONE 'Asia/Kolkata')::int AS analyses,
      (SELECT count(*) FROM chats c WHERE c.user_id = ${userId}
         AND c.created_at >= m.start AT TIME ZONE 'Asia/Kolkata'
         AND c.created_at < (m.start + interval '1 month') AT TIME ZONE 'Asia/Kolkata')::int AS chats,
      (SELECT coalesce(sum(u.file_size), 0) FROM analysis_usage u WHERE u.user_id = ${userId}
         AND u.created_at >= m.start AT TIME ZONE 'Asia/Kolkata'
         AND u.created_at < (m.start + interval '1 month') AT TIME ZONE 'Asia/Kolkata')::float8 AS storage_bytes
    FROM m ORDER BY m.start
  `.execute(db);
  return r.rows;
}
