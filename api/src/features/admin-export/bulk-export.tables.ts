import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ExportType } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { ExportColumns } from '../../http/export-stream';
import { EXACT_STATS_LIMIT, estimatedRows } from '../../http/list-sql';

/**
 * What the bulk export writes for each data type, as data: the columns in file order, the columns
 * only 'Include Sensitive Data' adds (full chat responses, the analysis results), each with its
 * kind so PostgreSQL formats the rows (http/export-stream.ts), and the columns read from other
 * tables. One batch query serves every type, keyed on id (`WHERE id > last ORDER BY id LIMIT n`,
 * served by the primary key, decision 051).
 * Never exported: password hashes, session and 2FA secrets, storage keys, settings.
 */

/** created_at bounds: from inclusive, to exclusive. */
export interface ExportRange {
  from: Date | null;
  to: Date | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query
type AnyQuery = SelectQueryBuilder<any, any, any>;

interface ExportTable {
  label: string;
  table: string;
  /** The file's columns in order, with how PostgreSQL formats each (http/export-stream.ts). */
  columns: ExportColumns;
  /** Added after them with 'Include Sensitive Data'. */
  sensitive: ExportColumns;
  /** Columns of the file that are not the table's own: each read by its expression. */
  lookups?: Record<string, RawBuilder<unknown>>;
}

/** The created_at bounds as one condition (no bound: true). */
function createdIn(column: string, range: ExportRange) {
  const parts = [sql`true`];
  if (range.from) parts.push(sql`${sql.ref(column)} >= ${range.from}`);
  if (range.to) parts.push(sql`${sql.ref(column)} < ${range.to}`);
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

const USERS = {
  id: 'number',
  email: 'text',
  full_name: 'text',
  is_active: 'boolean',
  is_verified: 'boolean',
  preferences: 'json',
  admin_notes: 'text',
  last_login: 'time',
  deactivated_at: 'time',
  created_at: 'time',
  updated_at: 'time',
} as const satisfies ExportColumns;

const REPORTS = {
  id: 'number',
  user_id: 'number',
  user_email: 'text',
  guest_session_id: 'text',
  original_filename: 'text',
  file_type: 'text',
  file_size: 'number',
  status: 'text',
  report_type: 'text',
  language: 'text',
  confidence_score: 'number',
  ai_model_version: 'text',
  processing_time_seconds: 'number',
  is_flagged: 'boolean',
  flag_reason: 'text',
  moderation_status: 'text',
  created_at: 'time',
  updated_at: 'time',
} as const satisfies ExportColumns;
const REPORTS_SENSITIVE = {
  summary: 'text',
  key_findings: 'json',
  recommendations: 'json',
  analysis_result: 'json',
} as const satisfies ExportColumns;

const CHATS = {
  id: 'number',
  user_id: 'number',
  user_email: 'text',
  report_id: 'number',
  message: 'text',
  language: 'text',
  ai_model_used: 'text',
  tokens_used: 'number',
  processing_time_seconds: 'number',
  confidence_score: 'number',
  user_feedback: 'text',
  is_flagged: 'boolean',
  flag_reason: 'text',
  moderation_status: 'text',
  moderation_notes: 'text',
  created_at: 'time',
} as const satisfies ExportColumns;
const CHATS_SENSITIVE = { response: 'text' } as const satisfies ExportColumns;

const FEEDBACK = {
  id: 'number',
  user_id: 'number',
  report_id: 'number',
  chat_id: 'number',
  rating: 'text',
  comment: 'text',
  is_flagged: 'boolean',
  moderation_status: 'text',
  admin_response: 'text',
  created_at: 'time',
} as const satisfies ExportColumns;

const AUDIT = {
  id: 'number',
  created_at: 'time',
  admin_id: 'number',
  admin_email: 'text',
  action: 'text',
  resource_type: 'text',
  resource_id: 'text',
  success: 'text',
  ip_address: 'text',
  user_agent: 'text',
  details: 'json',
} as const satisfies ExportColumns;

const SUBSCRIPTIONS = {
  id: 'number',
  user_id: 'number',
  user_email: 'text',
  plan_id: 'number',
  plan_code: 'text',
  status: 'text',
  billing_cycle: 'text',
  gateway: 'text',
  started_at: 'time',
  current_period_end: 'time',
  cancelled_at: 'time',
  cancel_reason: 'text',
  created_at: 'time',
  updated_at: 'time',
} as const satisfies ExportColumns;

const PAYMENTS = {
  id: 'number',
  user_id: 'number',
  subscription_id: 'number',
  amount_paise: 'number',
  currency: 'text',
  gateway: 'text',
  gateway_payment_id: 'text',
  gateway_order_id: 'text',
  status: 'text',
  refunded_at: 'time',
  created_at: 'time',
} as const satisfies ExportColumns;

/**
 * The owner's e-mail of a row, by one index lookup per row. A join let the planner hash the whole
 * users table for every batch (decision 077). Chats and subscriptions have a NOT NULL foreign key
 * to users, so this is their inner join's result; a guest's report gets NULL.
 */
function ownerEmail(userId: 'reports.user_id' | 'chats.user_id' | 'subscriptions.user_id') {
  return sql<string | null>`(SELECT users.email FROM users WHERE users.id = ${sql.ref(userId)})`;
}

export const EXPORT_TABLES: Record<ExportType, ExportTable> = {
  users: { label: 'Users', table: 'users', columns: USERS, sensitive: {} },
  reports: {
    label: 'Reports',
    table: 'reports',
    columns: REPORTS,
    sensitive: REPORTS_SENSITIVE,
    lookups: { user_email: ownerEmail('reports.user_id') },
  },
  chats: {
    label: 'Chat Messages',
    table: 'chats',
    columns: CHATS,
    sensitive: CHATS_SENSITIVE,
    lookups: { user_email: ownerEmail('chats.user_id') },
  },
  feedback: { label: 'Feedback', table: 'feedback', columns: FEEDBACK, sensitive: {} },
  audit_logs: { label: 'Audit Logs', table: 'audit_logs', columns: AUDIT, sensitive: {} },
  subscriptions: {
    label: 'Subscriptions',
    table: 'subscriptions',
    columns: SUBSCRIPTIONS,
    sensitive: {},
    lookups: {
      user_email: ownerEmail('subscriptions.user_id'),
      plan_code: sql<string>`(SELECT plans.code FROM plans WHERE plans.id = subscriptions.plan_id)`,
    },
  },
  payments: { label: 'Payments', table: 'payments', columns: PAYMENTS, sensitive: {} },
};

/** `table.column` for each column of `cols` but those named in `except` (read by a lookup). */
function own(table: string, cols: ExportColumns, except: Record<string, unknown> = {}): string[] {
  return Object.keys(cols)
    .filter((c) => !(c in except))
    .map((c) => `${table}.${c}`);
}

/**
 * Up to `size` rows of one type after id `after`, in id order, with an `id` and every column of
 * its file (the sensitive ones too when asked), created within `range`.
 */
export function rowsAfter(
  db: DB,
  type: ExportType,
  range: ExportRange,
  after: number,
  size: number,
  sensitive: boolean,
): AnyQuery {
  const { table, columns, sensitive: extra, lookups = {} } = EXPORT_TABLES[type];
  return db
    .selectFrom(table as 'users')
    .select(own(table, columns, lookups) as never)
    .select(Object.entries(lookups).map(([name, value]) => value.as(name)))
    .$if(sensitive, (q) => q.select(own(table, extra) as never))
    .where(createdIn(`${table}.created_at`, range))
    .where(sql.ref(`${table}.id`), '>', after)
    .orderBy(sql.ref(`${table}.id`))
    .limit(size);
}

/** The columns of one type's file, in order. */
export function columnsOf(type: ExportType, sensitive: boolean): ExportColumns {
  const t = EXPORT_TABLES[type];
  return sensitive ? { ...t.columns, ...t.sensitive } : t.columns;
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
