import { randomBytes } from 'node:crypto';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { database } from './fixture-database';

/**
 * Rows the back-office journeys need, inserted straight into the database the product under test
 * uses (scripts/run-e2e.ts passes it as E2E_DATABASE_URL, or E2E_DATA_DIR for the embedded one).
 * Users get a password hash nobody can match: the journeys look at them, they never sign in.
 */

export const tag = () => randomBytes(4).toString('hex');

export async function seedAdmin(
  role: string,
  password: string,
): Promise<{ id: number; username: string; fullName: string }> {
  const username = `e2e_${role}_${tag()}`;
  const fullName = `E2E ${role.replace(/_/g, ' ')}`;
  const admin = await createAdmin(await database(), {
    username,
    password,
    role,
    email: `${username}@example.com`,
    full_name: fullName,
  });
  return { id: admin.id, username, fullName };
}

export async function seedUser(input: {
  email: string;
  full_name: string;
  is_active?: boolean;
  is_verified?: boolean;
}): Promise<number> {
  const db = await database();
  const row = await db
    .insertInto('users')
    .values({
      email: input.email,
      full_name: input.full_name,
      password_hash: 'not-a-valid-hash',
      is_active: input.is_active ?? true,
      is_verified: input.is_verified ?? true,
      preferences: JSON.stringify({ theme: 'light', language: 'en' }),
      retention: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedReport(
  userId: number,
  input: { filename: string; status?: 'pending' | 'processing' | 'completed' | 'failed'; summary?: string },
): Promise<number> {
  const db = await database();
  const row = await db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: input.filename,
      original_filename: input.filename,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 204_800,
      content_hash: randomBytes(16).toString('hex'),
      status: input.status ?? 'completed',
      report_type: 'blood_test',
      summary: input.summary ?? 'Haemoglobin is slightly low.',
      key_findings: JSON.stringify(['Haemoglobin 11.2 g/dL (low)']),
      recommendations: JSON.stringify(['Discuss iron levels with your doctor']),
      impressions: JSON.stringify([]),
      confidence_score: 0.87,
      ai_model_version: 'local-v1',
      processing_time_seconds: 4.2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedChat(
  userId: number,
  reportId: number,
  input: { message: string; response: string },
): Promise<number> {
  const db = await database();
  const row = await db
    .insertInto('chats')
    .values({
      user_id: userId,
      report_id: reportId,
      message: input.message,
      response: input.response,
      ai_model_used: 'local-v1',
      tokens_used: 120,
      processing_time_seconds: 1.5,
      confidence_score: 0.8,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An audit row as an admin action would leave it (rows are append-only: inserting is allowed). */
export async function seedAuditLog(input: {
  action: string;
  resource_type: string;
  resource_id: string;
  admin_email: string;
  details: Record<string, unknown>;
}): Promise<number> {
  const db = await database();
  const row = await db
    .insertInto('audit_logs')
    .values({
      admin_id: null,
      admin_email: input.admin_email,
      action: input.action,
      resource_type: input.resource_type,
      resource_id: input.resource_id,
      success: 'success',
      ip_address: '203.0.113.7',
      user_agent: 'e2e-browser',
      details: JSON.stringify(input.details),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Flags chats as the pipeline or an admin would: the trigger puts them in the queue as pending. */
export async function flagChats(ids: number[], reason: string): Promise<void> {
  const db = await database();
  await db
    .updateTable('chats')
    .set({ is_flagged: true, flag_reason: reason })
    .where('id', 'in', ids)
    .execute();
}

export async function chatModeration(id: number) {
  const db = await database();
  return db
    .selectFrom('chats')
    .select(['is_flagged', 'moderation_status', 'moderation_notes'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** An active monthly subscription of a user to the plan with `planCode`. */
export async function seedSubscription(userId: number, planCode: string): Promise<number> {
  const db = await database();
  const plan = await db
    .selectFrom('plans')
    .select('id')
    .where('code', '=', planCode)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: plan.id,
      status: 'active',
      billing_cycle: 'monthly',
      gateway: 'sandbox',
      started_at: new Date(),
      current_period_end: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A completed sandbox payment for a subscription (what the user paid for its period). */
export async function seedPayment(
  userId: number,
  subscriptionId: number,
  amountPaise: number,
): Promise<number> {
  const db = await database();
  const row = await db
    .insertInto('payments')
    .values({
      user_id: userId,
      subscription_id: subscriptionId,
      amount_paise: amountPaise,
      gateway: 'sandbox',
      gateway_payment_id: `sandbox_pay_e2e_${subscriptionId}`,
      status: 'completed',
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A payment's and its subscription's status now (what a refund changed). */
export async function paymentAndSubscription(paymentId: number) {
  const db = await database();
  return db
    .selectFrom('payments')
    .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .select(['payments.status as payment', 'payments.refund_reason', 'subscriptions.status as subscription'])
    .where('payments.id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/** A plan's prices and state as stored. */
export async function planByCode(code: string) {
  const db = await database();
  return db
    .selectFrom('plans')
    .select(['name', 'price_monthly_paise', 'price_yearly_paise', 'is_active'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** A setting's stored text (for restoring what a journey changed). */
export async function settingValue(key: string): Promise<string | null> {
  const db = await database();
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}
