// @ts-nocheck
import { sql } from 'kysely';
import type { ExportType } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { EXACT_STATS_LIMIT, estimatedRows } from '../../http/list-sql';

/**
 * What the bulk export writes for each data type: the columns in file order, the columns only
 * 'Include Sensitive Data' adds (full chat responses, the analysis results), and a batch reader
 * keyed on id (`WHERE id > last ORDER BY id LIMIT n`, served by the primary key, decision 051).
 * Never exported: password hashes, session and 2FA secrets, storage keys, settings.
 */

/** created_at bounds: from inclusive, to exclusive. */
export interface ExportRange {
  from: Date | null;
  to: Date | null;
}

export type ExportRow = Record<string, unknown> & { id: number };

interface ExportTable {
  label: string;
  table: string;
  columns: readonly string[];
  sensitive: readonly string[];
  batch(db: DB, range: ExportRange, afterId: number, size: number, sensitive: boolean): Promise<ExportRow[]>;
}

/** The created_at bounds as one condition (no bound: true). */
function createdIn(column: string, range: ExportRange) {
  const parts = [sql`true`];
  if (range.from) parts.push(sql`${sql.ref(column)} >= ${range.from}`);
  if (range.to) parts.push(sql`${sql.ref(column)} < ${range.to}`);
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

const USERS_COLUMNS = [
  'id',
  'email',
  'full_name',
  'is_active',
  'is_verified',
  'preferences',
  'admin_notes',
  'last_login',
  'deactivated_at',
  'created_at',
  'updated_at',
] as const;

const REPORT_COLUMNS = [
  'id',
  'user_id',
  'user_email',
  'guest_session_id',
  'original_filename',
  'file_type',
  'file_size',
  'status',
  'report_type',
  'language',
  'confidence_score',
  'ai_model_version',
  'processing_time_seconds',
  'is_flagged',
  'flag_reason',
  'moderation_status',
  'created_at',
  'updated_at',
] as const;
const REPORT_SENSITIVE = ['summary', 'key_findings', 'recommendations', 'analysis_result'] as const;

const CHAT_COLUMNS = [
  'id',
  'user_id',
  'user_email',
  'report_id',
  'message',
  'language',
  'ai_model_used',
  'tokens_used',
  'processing_time_seconds',
  'confidence_score',
  'user_feedback',
  'is_flagged',
  'flag_reason',
  'moderation_status',
  'moderation_notes',
  'created_at',
] as const;

const FEEDBACK_COLUMNS = [
  'id',
  'user_id',
  'report_id',
  'chat_id',
  'rating',
  'comment',
  'is_flagged',
  'moderation_status',
  'admin_response',
  'created_at',
] as const;

const AUDIT_COLUMNS = [
  'id',
  'created_at',
  'admin_id',
  'admin_email',
  'action',
  'resource_type',
  'resource_id',
  'success',
  'ip_address',
  'user_agent',
  'details',
] as const;

const SUBSCRIPTION_COLUMNS = [
  'id',
  'user_id',
  'user_email',
  'plan_id',
  'plan_code',
  'status',
  'billing_cycle',
  'gateway',
  'started_at',
  'current_period_end',
  'cancelled_at',
  'cancel_reason',
  'created_at',
  'updated_at',
] as const;

const PAYMENT_COLUMNS = [
  'id',
  'user_id',
  'subscription_id',
  'amount_paise',
  'currency',
  'gateway',
  'gateway_payment_id',
  'gateway_order_id',
  'status',
  'refunded_at',
  'created_at',
] as const;

export const EXPORT_TABLES: Record<ExportType, ExportTable> = {
  users: {
    label: 'Users',
    table: 'users',
    columns: USERS_COLUMNS,
    sensitive: [],
    batch: (db, range, after, size) =>
      db
        .selectFrom('users')
        .select([...USERS_COLUMNS])
        .where(createdIn('users.created_at', range))
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute(),
  },
  reports: {
    label: 'Reports',
    table: 'reports',
    columns: REPORT_COLUMNS,
    sensitive: REPORT_SENSITIVE,
    batch: (db, range, after, size, sensitive) =>
      db
        .selectFrom('reports')
        .leftJoin('users', 'users.id', 'reports.user_id')
        .select(REPORT_COLUMNS.filter((c) => c !== 'user_email').map((c) => `reports.${c}` as const))
        .select('users.email as user_email')
        .$if(sensitive, (q) => q.select(REPORT_SENSITIVE.map((c) => `reports.${c}` as const)))
        .where(createdIn('reports.created_at', range))
        .where('reports.id', '>', after)
        .orderBy('reports.id')
        .limit(size)
        .execute() as Promise<ExportRow[]>,
  },
  chats: {
    label: 'Chat Messages',
    table: 'chats',
    columns: CHAT_COLUMNS,
    sensitive: ['response'],
    batch: (db, range, after, size, sensitive) =>
      db
        .selectFrom('chats')
        .innerJoin('users', 'users.id', 'chats.user_id')
        .select(CHAT_COLUMNS.filter((c) => c !== 'user_email').map((c) => `chats.${c}` as const))
        .select('users.email as user_email')
        .$if(sensitive, (q) => q.select('chats.response'))
        .where(createdIn('chats.created_at', range))
        .where('chats.id', '>', after)
        .orderBy('chats.id')
        .limit(size)
        .execute() as Promise<ExportRow[]>,
  },
  feedback: {
    label: 'Feedback',
    table: 'feedback',
    columns: FEEDBACK_COLUMNS,
    sensitive: [],
    batch: (db, range, after, size) =>
      db
        .selectFrom('feedback')
        .select([...FEEDBACK_COLUMNS])
        .where(createdIn('feedback.created_at', range))
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute(),
  },
  audit_logs: {
    label: 'Audit Logs',
    table: 'audit_logs',
    columns: AUDIT_COLUMNS,
    sensitive: [],
    batch: (db, range, after, size) =>
      db
        .selectFrom('audit_logs')
        .select([...AUDIT_COLUMNS])
        .where(createdIn('audit_logs.created_at', range))
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute(),
  },
  subscriptions: {
    label: 'Subscriptions',
    table: 'subscriptions',
    columns: SUBSCRIPTION_COLUMNS,
    sensitive: [],
    batch: (db, range, after, size) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.user_id')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .select(
          SUBSCRIPTION_COLUMNS.filter((c) => c !== 'user_email' && c !== 'plan_code').map(
            (c) => `subscriptions.${c}` as const,
          ),
        )
        .select(['users.email as user_email', 'plans.code as plan_code'])
        .where(createdIn('subscriptions.created_at', range))
        .where('subscriptions.id', '>', after)
        .orderBy('subscriptions.id')
        .limit(size)
        .execute() as Promise<ExportRow[]>,
  },
  payments: {
    label: 'Payments',
    table: 'payments',
    columns: PAYMENT_COLUMNS,
    sensitive: [],
    batch: (db, range, after, size) =>
      db
        .selectFrom('payments')
        .select([...PAYMENT_COLUMNS])
        .where(createdIn('payments.created_at', range))
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute(),
  },
};

/** The columns of one type's file, in order. */
export function columnsOf(type: ExportType, sensitive: boolean): string[] {
  const t = EXPORT_TABLES[type];
  return sensitive ? [...t.columns, ...t.sensitive] : [...t.columns];
}

/**
 * Record count of a whole table: exact below EXACT_STATS_LIMIT rows (a count(*) of a small
 * table costs little), past it the planner's count kept by ANALYZE, so the options screen stays
 * instant at a million rows.
 */
export async function tableCount(db: DB, type: ExportType): Promise<number> {
  const table = EXPORT_TABLES[type].table;
  const estimate = await estimatedRows(db, table);
  if (estimate !== null && estimate >= EXACT_STATS_LIMIT) return estimate;
  const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
