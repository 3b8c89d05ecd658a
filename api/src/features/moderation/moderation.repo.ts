import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';
import {
  MODERATION_CONTENT_TYPES,
  MODERATION_STATUSES,
  type ModerationContentType,
  type ModerationStatus,
} from '@reportsaathi/contracts';

/**
 * The queue over three tables. Each kind is read with the same columns (preview, user, reason,
 * status, when flagged) and merged newest flag first; only rows that were ever flagged
 * (moderation_status set, which the flag trigger guarantees) are read, through partial indexes
 * on (moderation_status, flagged_at DESC, id DESC) INCLUDE (is_flagged) (migration 0177).
 */
export interface QueueRow {
  id: number;
  content_type: ModerationContentType;
  content_preview: string;
  user_name: string | null;
  user_email: string | null;
  flag_reason: string | null;
  status: ModerationStatus;
  flagged_at: Date;
}

const TABLES: Record<ModerationContentType, string> = {
  report: 'reports',
  chat: 'chats',
  feedback: 'feedback',
};

/**
 * The keys of one kind's first `limit` items of one status, newest flag first: a range of the
 * partial index, read without touching the table (the index's own order, so no sort). One scan
 * per status keeps the queue's order right when no status is chosen: ordering one scan by
 * (status, flagged_at) and cutting it would fill the page with the first status's items.
 */
function statusKeys(type: ModerationContentType, status: ModerationStatus, limit: number) {
  return sql`(SELECT ${type}::text AS content_type, t.id, t.flagged_at
    FROM ${sql.table(TABLES[type])} t
    WHERE t.moderation_status = ${status}
    ORDER BY t.flagged_at DESC, t.id DESC
    LIMIT ${limit})`;
}

/**
 * One page of the queue. The page is cut from the keys first (decision 077): the scans of every
 * kind and status are merged in order (PostgreSQL's Merge Append), so offset + limit index
 * entries are read in all, and only the page's items are then read with their preview and user.
 */
export async function queuePage(
  db: DB,
  f: { type?: ModerationContentType; status?: ModerationStatus; limit: number; offset: number },
): Promise<QueueRow[]> {
  const types: ModerationContentType[] = f.type ? [f.type] : [...MODERATION_CONTENT_TYPES];
  const statuses: ModerationStatus[] = f.status ? [f.status] : [...MODERATION_STATUSES];
  const each = f.limit + f.offset;
  const union = sql.join(
    types.flatMap((t) => statuses.map((s) => statusKeys(t, s, each))),
    sql` UNION ALL `,
  );
  const result = await sql<QueueRow>`
    SELECT p.id, p.content_type,
           left(CASE p.content_type
                  WHEN 'report' THEN r.original_filename || coalesce(': ' || r.summary, '')
                  WHEN 'chat' THEN c.message
                  ELSE f.rating || coalesce(': ' || f.comment, '') END, 200) AS content_preview,
           u.full_name AS user_name, u.email AS user_email,
           coalesce(r.flag_reason, c.flag_reason, f.flag_reason) AS flag_reason,
           coalesce(r.moderation_status, c.moderation_status, f.moderation_status) AS status,
           p.flagged_at
      FROM (SELECT * FROM (${union}) k
             ORDER BY flagged_at DESC, id DESC, content_type LIMIT ${f.limit} OFFSET ${f.offset}) p
      LEFT JOIN reports r ON p.content_type = 'report' AND r.id = p.id
      LEFT JOIN chats c ON p.content_type = 'chat' AND c.id = p.id
      LEFT JOIN feedback f ON p.content_type = 'feedback' AND f.id = p.id
      LEFT JOIN users u ON u.id = coalesce(r.user_id, c.user_id, f.user_id)
     ORDER BY p.flagged_at DESC, p.id DESC, p.content_type`.execute(db);
  return result.rows;
}

/** How many items of each kind are in each status, and how many of them are flagged now. */
export interface QueueCount {
  kind: ModerationContentType;
  status: ModerationStatus;
  items: number;
  flagged: number;
}

/**
 * The queue's counts, for both its X-Total-Count and its stats: one grouped count per kind over
 * the partial index (an index-only scan; is_flagged is in the index), so it reads index entries
 * of items ever flagged (of the chosen kind and status only, when the list filters) and never
 * the tables' rows, unless they changed since the last vacuum.
 *
 * The plan is kept serial: the counts are a few milliseconds of work, and two parallel workers
 * cost more to start than that (50-150 ms of waiting on a busy two-core machine, in processes
 * the API does not see; decision 077).
 */
export async function queueCounts(
  db: DB,
  f: { type?: ModerationContentType; status?: ModerationStatus } = {},
): Promise<QueueCount[]> {
  const types: ModerationContentType[] = f.type ? [f.type] : [...MODERATION_CONTENT_TYPES];
  const where = f.status ? sql`moderation_status = ${f.status}` : sql`moderation_status IS NOT NULL`;
  const parts = types.map(
    (t) => sql`SELECT ${t}::text AS kind, moderation_status AS status, count(*)::int AS items,
                      (count(*) FILTER (WHERE is_flagged))::int AS flagged
                 FROM ${sql.table(TABLES[t])} WHERE ${where} GROUP BY moderation_status`,
  );
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
    const result = await sql<QueueCount>`${sql.join(parts, sql` UNION ALL `)}`.execute(trx);
    return result.rows;
  });
}

/** How many items match the queue's filters (the X-Total-Count of the list), exactly. */
export function queueTotal(
  counts: QueueCount[],
  f: { type?: ModerationContentType; status?: ModerationStatus },
): number {
  return counts
    .filter((c) => (!f.type || c.kind === f.type) && (!f.status || c.status === f.status))
    .reduce((n, c) => n + c.items, 0);
}

export interface ContentRow {
  id: number;
  user_id: number | null;
  content: string;
  flag_reason: string | null;
  is_flagged: boolean;
  moderation_status: ModerationStatus | null;
  moderated_at: Date | null;
  moderation_notes: string | null;
  user_name: string | null;
  user_email: string | null;
  context: Record<string, unknown>;
}

/** One item, locked for a decision when `forUpdate`. */
export async function findContent(
  db: DB,
  type: ModerationContentType,
  id: number,
  forUpdate = false,
): Promise<ContentRow | undefined> {
  const lock = forUpdate ? sql` FOR UPDATE OF t` : sql``;
  const q =
    type === 'report'
      ? sql<ContentRow>`SELECT t.id, t.user_id, coalesce(t.summary, t.original_filename) AS content, t.flag_reason,
          t.is_flagged, t.moderation_status, t.moderated_at, t.moderation_notes, u.full_name AS user_name,
          u.email AS user_email, jsonb_build_object('filename', t.original_filename, 'status', t.status,
          'report_type', t.report_type, 'flag_reason', t.flag_reason, 'flagged_at', t.flagged_at,
          'created_at', t.created_at) AS context
        FROM reports t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ${id}${lock}`
      : type === 'chat'
        ? sql<ContentRow>`SELECT t.id, t.user_id, t.message AS content, t.flag_reason, t.is_flagged,
          t.moderation_status, t.moderated_at, t.moderation_notes, u.full_name AS user_name, u.email AS user_email,
          jsonb_build_object('response', t.response, 'report_id', t.report_id, 'report_filename', r.original_filename,
          'flag_reason', t.flag_reason, 'flagged_at', t.flagged_at, 'created_at', t.created_at) AS context
        FROM chats t LEFT JOIN users u ON u.id = t.user_id LEFT JOIN reports r ON r.id = t.report_id
        WHERE t.id = ${id}${lock}`
        : sql<ContentRow>`SELECT t.id, t.user_id, coalesce(t.comment, t.rating) AS content, t.flag_reason,
          t.is_flagged, t.moderation_status, t.moderated_at, t.moderation_notes, u.full_name AS user_name,
          u.email AS user_email, jsonb_build_object('rating', t.rating, 'report_id', t.report_id,
          'chat_id', t.chat_id, 'flag_reason', t.flag_reason, 'created_at', t.created_at) AS context
        FROM feedback t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ${id}${lock}`;
  return (await q.execute(db)).rows[0];
}

/** Applies a decision to the item's row. */
export async function applyDecision(
  db: DB,
  type: ModerationContentType,
  id: number,
  change: { is_flagged: boolean; status: ModerationStatus; notes: string | null; flagReason?: string | null },
): Promise<void> {
  const table = sql.table(TABLES[type]);
  const moderatedAt = change.status === 'pending' ? sql`NULL` : sql`now()`;
  const reason = change.flagReason !== undefined ? sql`, flag_reason = ${change.flagReason}` : sql``;
  await sql`UPDATE ${table} SET is_flagged = ${change.is_flagged}, moderation_status = ${change.status},
      moderated_at = ${moderatedAt}, flagged_at = CASE WHEN ${change.status} = 'pending' THEN now() ELSE flagged_at END,
      moderation_notes = coalesce(${change.notes}, moderation_notes)${reason}
    WHERE id = ${id}`.execute(db);
}

export async function insertDecision(
  db: DB,
  row: {
    content_type: ModerationContentType;
    content_id: number;
    action: 'approve' | 'reject' | 'flag';
    reason: string | null;
    notes: string | null;
    admin_id: number;
  },
): Promise<number> {
  const r = await db.insertInto('moderation_decisions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function listDecisions(db: DB, type: ModerationContentType, id: number) {
  return db
    .selectFrom('moderation_decisions as d')
    .leftJoin('admins as a', 'a.id', 'd.admin_id')
    .select(['d.id', 'd.action', 'd.reason', 'd.notes', 'd.created_at'])
    .select((eb) => eb.fn.coalesce('a.email', 'a.username').as('admin_email'))
    .where('d.content_type', '=', type)
    .where('d.content_id', '=', id)
    .orderBy('d.id', 'desc')
    .execute();
}
