import { sql } from 'kysely';
import type { AdminChatSort } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { containsPattern, type ListQuery } from '../../http/list-query';
import {
  boundedCount,
  createdWithin,
  estimatedRows,
  EXACT_COUNT_LIMIT,
  EXACT_STATS_LIMIT,
  orderWithId,
  pageWithTotal,
  samplePercent,
  userIdsWithEmail,
} from '../../http/list-sql';

/** All SQL of the admin's view of chat messages. */

export interface ChatFilters {
  search?: string;
  user_email?: string;
  report_id?: number;
  is_flagged?: boolean;
  has_feedback?: boolean;
  ai_model?: string;
  from?: Date;
  to?: Date;
}

const SORT_COLUMNS: Record<AdminChatSort, { column: string; nullable: boolean }> = {
  created_at: { column: 'chats.created_at', nullable: false },
  updated_at: { column: 'chats.updated_at', nullable: false },
  processing_time_seconds: { column: 'chats.processing_time_seconds', nullable: true },
  tokens_used: { column: 'chats.tokens_used', nullable: true },
};

/** The search reads the same expression as the trigram index of the admin-indexes migration. */
function filtered(db: DB, f: ChatFilters) {
  let qb = db.selectFrom('chats');
  if (f.search)
    qb = qb.where(
      sql<boolean>`(chats.message || ' ' || coalesce(chats.response, '')) ILIKE ${containsPattern(f.search)} ESCAPE '\\'`,
    );
  if (f.user_email) qb = qb.where('chats.user_id', 'in', userIdsWithEmail(db, f.user_email));
  if (f.report_id !== undefined) qb = qb.where('chats.report_id', '=', f.report_id);
  if (f.is_flagged !== undefined) qb = qb.where('chats.is_flagged', '=', f.is_flagged);
  if (f.has_feedback !== undefined)
    qb = qb.where('chats.user_feedback', f.has_feedback ? 'is not' : 'is', null);
  if (f.ai_model) qb = qb.where('chats.ai_model_used', '=', f.ai_model);
  qb = createdWithin(qb, 'chats.created_at', f);
  return qb;
}

const CHAT_COLUMNS = [
  'chats.id',
  'chats.user_id',
  'chats.report_id',
  'chats.message',
  'chats.response',
  'chats.is_flagged',
  'chats.flag_reason',
  'chats.user_feedback',
  'chats.moderation_notes',
  'chats.moderation_status',
  'chats.moderated_at',
  'chats.ai_model_used',
  'chats.processing_time_seconds',
  'chats.tokens_used',
  'chats.confidence_score',
  'chats.created_at',
  'chats.updated_at',
] as const;

function withContext<Q extends ReturnType<typeof filtered>>(qb: Q) {
  return qb
    .innerJoin('users', 'users.id', 'chats.user_id')
    .innerJoin('reports', 'reports.id', 'chats.report_id')
    .select([...CHAT_COLUMNS, 'users.email as user_email', 'reports.original_filename as report_filename']);
}

export type ChatRow = Awaited<ReturnType<typeof findChat>> & object;

/**
 * The page's chats with their user and report. The page is cut first and only its rows are
 * joined, so a deep page does not join the rows its offset skips; the subquery keeps the name
 * "chats", so the sort columns still resolve.
 */
export async function listChats(db: DB, q: ListQuery<AdminChatSort> & ChatFilters) {
  const sort = SORT_COLUMNS[q.sort_by];
  const order = <Q extends Parameters<typeof orderWithId>[0]>(qb: Q) =>
    orderWithId(qb, sort.column, q.sort_order, 'chats.id', sort.nullable);
  const cut = order(filtered(db, q).select(CHAT_COLUMNS)).limit(q.limit).offset(q.offset);
  const page = order(
    db
      .selectFrom(cut.as('chats'))
      .innerJoin('users', 'users.id', 'chats.user_id')
      .innerJoin('reports', 'reports.id', 'chats.report_id')
      .select([...CHAT_COLUMNS, 'users.email as user_email', 'reports.original_filename as report_filename']),
  );
  return pageWithTotal(db, filtered(db, q), page.execute(), q);
}

/** The export's query: chats after `afterId` in id order; the batch is cut first, then joined. */
export function exportChatsBatch(db: DB, f: ChatFilters, afterId: number, size: number) {
  const batch = filtered(db, f)
    .select(CHAT_COLUMNS)
    .where('chats.id', '>', afterId)
    .orderBy('chats.id')
    .limit(size)
    .as('c');
  // Owner and report by one index lookup per row (scalar subqueries; both keys are NOT NULL
  // foreign keys, so this is the inner join's result). As joins, the planner hashed the whole
  // users table for every batch of 1,000 chats (decision 077).
  return db
    .selectFrom(batch)
    .selectAll('c')
    .select((eb) => [
      eb.selectFrom('users').select('users.email').whereRef('users.id', '=', 'c.user_id').as('user_email'),
      eb
        .selectFrom('reports')
        .select('reports.original_filename')
        .whereRef('reports.id', '=', 'c.report_id')
        .as('report_filename'),
    ])
    .orderBy('c.id');
}

export function findChat(db: DB, id: number) {
  return withContext(filtered(db, {})).where('chats.id', '=', id).executeTakeFirst();
}

/** A report's whole conversation, oldest first (capped: a conversation is read, not exported). */
export const BY_REPORT_LIMIT = 1000;
export function chatsOfReport(db: DB, reportId: number) {
  return withContext(filtered(db, { report_id: reportId }))
    .orderBy('chats.created_at', 'asc')
    .orderBy('chats.id', 'asc')
    .limit(BY_REPORT_LIMIT)
    .execute();
}

export async function reportExists(db: DB, reportId: number): Promise<boolean> {
  return !!(await db.selectFrom('reports').select('id').where('id', '=', reportId).executeTakeFirst());
}

export interface ChatModeration {
  is_flagged?: boolean;
  flag_reason?: string | null;
  moderation_notes?: string | null;
  moderation_status?: 'pending' | 'reviewed' | 'rejected' | null;
}

/** Applies a moderation change and stamps it; false when there is no such chat. */
export async function moderateChat(db: DB, id: number, change: ChatModeration): Promise<boolean> {
  const now = new Date();
  const res = await db
    .updateTable('chats')
    .set({ ...change, moderated_at: now, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteChats(db: DB, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.deleteFrom('chats').where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id);
}

export interface ChatStatsRow {
  total: number;
  flagged: number;
  avg_processing: number | null;
  avg_tokens: number | null;
  estimate: boolean;
}

/**
 * Table-wide figures: exact up to EXACT_STATS_LIMIT rows; past it the total is the planner's row
 * count, the averages come from a sample of about 10,000 rows and the flagged count is exact
 * while it stays small (partial index), else scaled from the sample.
 */
export async function chatStats(db: DB): Promise<ChatStatsRow> {
  const rows = await estimatedRows(db, 'chats');
  if (rows === null || rows <= EXACT_STATS_LIMIT) {
    const agg = await db
      .selectFrom('chats')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('id').filterWhere('is_flagged', '=', true).as('flagged'),
        eb.fn.avg<number | null>('processing_time_seconds').as('avg_processing'),
        eb.fn.avg<number | null>('tokens_used').as('avg_tokens'),
      ])
      .executeTakeFirstOrThrow();
    return { ...agg, estimate: false };
  }
  const [sample, flagged] = await Promise.all([
    sql<{ n: number; flagged: number; avg_processing: number | null; avg_tokens: number | null }>`
      SELECT count(*) AS n, count(*) FILTER (WHERE is_flagged) AS flagged,
             avg(processing_time_seconds) AS avg_processing, avg(tokens_used) AS avg_tokens
        FROM chats TABLESAMPLE SYSTEM (${sql.lit(samplePercent(rows))})`.execute(db),
    boundedCount(db, db.selectFrom('chats').where('is_flagged', '=', true)),
  ]);
  const s = sample.rows[0];
  const scale = rows / Math.max(s?.n ?? 0, 1);
  return {
    total: rows,
    flagged: flagged <= EXACT_COUNT_LIMIT ? flagged : Math.round((s?.flagged ?? 0) * scale),
    avg_processing: s?.avg_processing ?? null,
    avg_tokens: s?.avg_tokens ?? null,
    estimate: true,
  };
}
