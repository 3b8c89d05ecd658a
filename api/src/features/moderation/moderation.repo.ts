import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';
import type { ModerationContentType, ModerationStatus } from '@reportsaathi/contracts';

/**
 * The queue over three tables. Each kind is read with the same columns (preview, user, reason,
 * status, when flagged) and merged newest flag first; only rows that were ever flagged
 * (moderation_status set, which the flag trigger guarantees) are read, through partial indexes.
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

/**
 * The keys of one kind's first `limit` items in the queue's order: id and when flagged only, read
 * from the partial index (with created_at included, migration 0111) without touching the table.
 */
function kindKeys(type: ModerationContentType, status: ModerationStatus | undefined, limit: number) {
  const where = status ? sql`t.moderation_status = ${status}` : sql`t.moderation_status IS NOT NULL`;
  const table = sql.table(type === 'report' ? 'reports' : type === 'chat' ? 'chats' : 'feedback');
  return sql`(SELECT ${type}::text AS content_type, t.id, coalesce(t.flagged_at, t.created_at) AS flagged_at
    FROM ${table} t
    WHERE ${where}
    ORDER BY t.moderation_status, t.flagged_at DESC, t.id DESC
    LIMIT ${limit})`;
}

/**
 * One page of the queue. The page is cut from the three kinds' keys first; only its items are
 * then read with their preview and user (decision 077). Reading every candidate whole (offset +
 * limit rows of each kind, each with its user) cost 46 ms of CPU at offset 2,000.
 */
export async function queuePage(
  db: DB,
  f: { type?: ModerationContentType; status?: ModerationStatus; limit: number; offset: number },
): Promise<QueueRow[]> {
  const types: ModerationContentType[] = f.type ? [f.type] : ['report', 'chat', 'feedback'];
  const each = f.limit + f.offset;
  const union = sql.join(
    types.map((t) => kindKeys(t, f.status, each)),
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
      FROM (SELECT * FROM (${union}) k ORDER BY flagged_at DESC, id DESC LIMIT ${f.limit} OFFSET ${f.offset}) p
      LEFT JOIN reports r ON p.content_type = 'report' AND r.id = p.id
      LEFT JOIN chats c ON p.content_type = 'chat' AND c.id = p.id
      LEFT JOIN feedback f ON p.content_type = 'feedback' AND f.id = p.id
      LEFT JOIN users u ON u.id = coalesce(r.user_id, c.user_id, f.user_id)
     ORDER BY p.flagged_at DESC, p.id DESC`.execute(db);
  return result.rows;
}

/** How many items match the queue's filters (the X-Total-Count of the list); flagged rows are few. */
export async function queueTotal(
  db: DB,
  f: { type?: ModerationContentType; status?: ModerationStatus },
): Promise<number> {
  const types: ModerationContentType[] = f.type ? [f.type] : ['report', 'chat', 'feedback'];
  const where = f.status ? sql`moderation_status = ${f.status}` : sql`moderation_status IS NOT NULL`;
  const parts = types.map(
    (t) =>
      sql`SELECT count(*) AS n FROM ${sql.table(t === 'report' ? 'reports' : t === 'chat' ? 'chats' : 'feedback')} WHERE ${where}`,
  );
  const result = await sql<{
    n: number;
  }>`SELECT coalesce(sum(n), 0)::bigint AS n FROM (${sql.join(parts, sql` UNION ALL `)}) c`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function queueStats(db: DB) {
  const result = await sql<{ kind: string; flagged: number; pending: number }>`
    SELECT 'report' AS kind, count(*) FILTER (WHERE is_flagged) AS flagged,
           count(*) FILTER (WHERE moderation_status = 'pending') AS pending
      FROM reports WHERE moderation_status IS NOT NULL
    UNION ALL
    SELECT 'chat', count(*) FILTER (WHERE is_flagged), count(*) FILTER (WHERE moderation_status = 'pending')
      FROM chats WHERE moderation_status IS NOT NULL
    UNION ALL
    SELECT 'feedback', count(*) FILTER (WHERE is_flagged), count(*) FILTER (WHERE moderation_status = 'pending')
      FROM feedback WHERE moderation_status IS NOT NULL`.execute(db);
  return result.rows;
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
  const table = sql.table(type === 'report' ? 'reports' : type === 'chat' ? 'chats' : 'feedback');
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
