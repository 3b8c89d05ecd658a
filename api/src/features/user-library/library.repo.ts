import { sql, type Expression, type SqlBool } from 'kysely';
import { liveReports, type DB } from '@reportsaathi/db';
import type { ListQuery } from '../../http/list-query';
import { containsPattern, containsText } from '../../http/list-query';
import { createdWithin } from '../../http/list-sql';

/**
 * The SQL of the user's own lists: reports, chats, search, deletes. Every query names the
 * signed-in user's id; sort keys map to columns through the whitelists below.
 */

const REPORT_SORT_COLUMNS = {
  created_at: 'reports.created_at',
  updated_at: 'reports.updated_at',
  filename: 'reports.original_filename',
  file_size: 'reports.file_size',
} as const;

const CHAT_SORT_COLUMNS = {
  created_at: 'chats.created_at',
  updated_at: 'chats.updated_at',
} as const;

export interface ReportFilters extends ListQuery<keyof typeof REPORT_SORT_COLUMNS> {
  status?: string;
  report_type?: string;
}

function userReports(db: DB, userId: number) {
  return liveReports(db).where('reports.user_id', '=', userId);
}

function filteredReports(db: DB, userId: number, q: ReportFilters) {
  let base = userReports(db, userId);
  if (q.search) base = base.where(containsText('reports.original_filename', q.search));
  if (q.status) base = base.where('reports.status', '=', q.status as never);
  if (q.report_type) base = base.where('reports.report_type', '=', q.report_type);
  base = createdWithin(base, 'reports.created_at', q);
  return base;
}

export async function listReportsPage(db: DB, userId: number, q: ReportFilters) {
  const base = filteredReports(db, userId, q);
  const [rows, count] = await Promise.all([
    base
      .selectAll('reports')
      .orderBy(REPORT_SORT_COLUMNS[q.sort_by], q.sort_order)
      .orderBy('reports.id', q.sort_order)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function reportTypeCounts(db: DB, userId: number) {
  return userReports(db, userId)
    .select((eb) => ['reports.report_type', eb.fn.countAll<number>().as('count')])
    .where('reports.report_type', 'is not', null)
    .groupBy('reports.report_type')
    .orderBy('count', 'desc')
    .orderBy('reports.report_type')
    .execute();
}

export interface ChatFilters extends ListQuery<keyof typeof CHAT_SORT_COLUMNS> {
  report_id?: number;
}

/**
 * A chat whose message or answer contains the text, case-insensitively: chats.search_text is
 * lower(message || ' ' || coalesce(response, '')), stored when the chat is written (migration
 * 0178), so the test is `search_text LIKE lower(pattern)` — exactly what ILIKE does on the joined
 * text, without lowercasing every row it tests — and the user's trigram index on it finds the
 * candidates. A match across the join of a question and its answer ("...low? Your...") is
 * possible and harmless.
 */
function chatTextMatches(search: string): Expression<SqlBool> {
  return sql<SqlBool>`chats.search_text LIKE lower(${containsPattern(search)}) ESCAPE '\\'`;
}

type ChatWhere = Omit<ChatFilters, 'sort_by' | 'sort_order' | 'page' | 'limit' | 'offset'>;

/** The user's chats that pass the filters (no join: a chat row carries its owner). */
function ownChats(db: DB, userId: number, q: ChatWhere) {
  let c = db.selectFrom('chats').where('chats.user_id', '=', userId);
  if (q.search) c = c.where(chatTextMatches(q.search));
  if (q.report_id) c = c.where('chats.report_id', '=', q.report_id);
  return createdWithin(c, 'chats.created_at', q);
}

/** The count needs no join: a chat row carries its owner, and its report is the owner's. */
function countChats(db: DB, userId: number, q: ChatFilters) {
  return ownChats(db, userId, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
}

/**
 * A page of the user's chats with each one's report name. The page is cut from the chats alone and
 * only its rows are joined to their reports (a chat always has its report: chats.report_id is a
 * NOT NULL foreign key, deleted with the report), so a deep page does not look up the report of
 * every chat it skips.
 */
export async function listChatsPage(db: DB, userId: number, q: ChatFilters) {
  const column = CHAT_SORT_COLUMNS[q.sort_by];
  const page = ownChats(db, userId, q)
    .selectAll('chats')
    .orderBy(column, q.sort_order)
    .orderBy('chats.id', q.sort_order)
    .limit(q.limit)
    .offset(q.offset);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(page.as('chats'))
      .innerJoin('reports', 'reports.id', 'chats.report_id')
      .selectAll('chats')
      .select('reports.original_filename')
      .orderBy(column, q.sort_order)
      .orderBy('chats.id', q.sort_order)
      .execute(),
    countChats(db, userId, q),
  ]);
  return { rows, total: Number(count.n) };
}

/** One page of the user's reports that have chats, most recently chatted first, and their number. */
export async function chatsByReport(db: DB, userId: number, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    chatGroups(db, userId).limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('chats')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.count<string>('report_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

function chatGroups(db: DB, userId: number) {
  return db
    .selectFrom('chats')
    .innerJoin('reports', 'reports.id', 'chats.report_id')
    .where('chats.user_id', '=', userId)
    .groupBy(['reports.id', 'reports.original_filename', 'reports.created_at'])
    .select((eb) => [
      'reports.id as report_id',
      'reports.original_filename as report_filename',
      'reports.created_at as report_created_at',
      eb.fn.countAll<number>().as('chat_count'),
      eb.fn.max('chats.created_at').as('last_chat_date'),
    ])
    .orderBy('last_chat_date', 'desc')
    .orderBy('reports.id', 'desc');
}

export function searchReports(db: DB, userId: number, text: string, limit: number) {
  return userReports(db, userId)
    .select(['id', 'original_filename', 'status', 'report_type', 'created_at'])
    .where((eb) =>
      eb.or([
        containsText('reports.original_filename', text),
        containsText('reports.summary', text),
        containsText('reports.report_type', text),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function searchChats(db: DB, userId: number, text: string, limit: number) {
  return db
    .selectFrom('chats')
    .innerJoin('reports', 'reports.id', 'chats.report_id')
    .where('chats.user_id', '=', userId)
    .where(chatTextMatches(text))
    .select([
      'chats.id',
      'chats.report_id',
      'reports.original_filename',
      'chats.message',
      sql<string | null>`left(chats.response, 200)`.as('response_preview'),
      'chats.created_at',
    ])
    .orderBy('chats.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteUserChat(db: DB, userId: number, chatId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('chats')
    .where('id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteReportChats(db: DB, userId: number, reportId: number): Promise<number> {
  const r = await db
    .deleteFrom('chats')
    .where('report_id', '=', reportId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
