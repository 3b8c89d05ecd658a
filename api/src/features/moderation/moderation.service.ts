import {
  type BulkModerateAnswer,
  type ModerateAnswer,
  type ModerationAction,
  type ModerationContentDetail,
  type ModerationContentType,
  type ModerationQueueItem,
  type ModerationStats,
  type ModerationStatus,
} from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { AppError, conflict, notFound } from '../../kernel/errors';
import { audited } from '../audit';
import {
  applyDecision,
  findContent,
  insertDecision,
  listDecisions,
  queueCounts,
  queuePage,
  queueTotal,
  type QueueRow,
} from './moderation.repo';
import { severityOf } from './severity';

const NAMES: Record<ModerationContentType, string> = { report: 'Report', chat: 'Chat', feedback: 'Feedback' };
export const contentNotFound = (type: ModerationContentType) => `${NAMES[type]} not found`;

function toQueueItem(r: QueueRow): ModerationQueueItem {
  return {
    id: r.id,
    content_type: r.content_type,
    content_preview: r.content_preview,
    user_name: r.user_name,
    user_email: r.user_email,
    severity: severityOf(r.flag_reason),
    status: r.status,
    flagged_at: new Date(r.flagged_at).toISOString(),
    flag_reason: r.flag_reason,
  };
}

export async function moderationQueue(
  deps: AppDeps,
  f: { type?: ModerationContentType; status?: ModerationStatus; limit: number; offset: number },
) {
  const [rows, counts] = await Promise.all([queuePage(deps.db, f), queueCounts(deps.db, f)]);
  return { items: rows.map(toQueueItem), total: queueTotal(counts, f) };
}

/** Flagged now (pending, or rejected and kept flagged) and awaiting review, per kind and in all. */
export async function moderationStats(deps: AppDeps): Promise<ModerationStats> {
  const counts = await queueCounts(deps.db);
  const flagged = (kind?: ModerationContentType) =>
    counts.filter((c) => !kind || c.kind === kind).reduce((n, c) => n + c.flagged, 0);
  return {
    total_flagged: flagged(),
    pending_review: queueTotal(counts, { status: 'pending' }),
    reports_flagged: flagged('report'),
    chats_flagged: flagged('chat'),
    feedback_flagged: flagged('feedback'),
  };
}

export async function contentDetail(
  deps: AppDeps,
  type: ModerationContentType,
  id: number,
): Promise<ModerationContentDetail> {
  const row = await findContent(deps.db, type, id);
  if (!row) throw notFound(contentNotFound(type));
  const decisions = await listDecisions(deps.db, type, id);
  return {
    content_type: type,
    id: row.id,
    user_name: row.user_name,
    user_email: row.user_email,
    content: row.content,
    moderation_notes: row.moderation_notes,
    context: row.context,
    is_flagged: row.is_flagged,
    status: row.moderation_status,
    severity: row.moderation_status ? severityOf(row.flag_reason) : null,
    flag_reason: row.flag_reason,
    moderated_at: row.moderated_at ? new Date(row.moderated_at).toISOString() : null,
    decisions: decisions.map((d) => ({ ...d, created_at: d.created_at.toISOString() })),
  };
}

interface Decision {
  action: ModerationAction;
  reason: string | null;
  notes: string | null;
}

/**
 * One decision on one locked item: approve clears the flag (reviewed), reject keeps it
 * (rejected), flag puts the item back in the queue (pending). An item already decided, or not
 * flagged at all, answers 409 and is left as it was.
 */
async function decideOne(
  trx: DB,
  actor: AdminActor,
  type: ModerationContentType,
  id: number,
  d: Decision,
): Promise<{ status: ModerationStatus; is_flagged: boolean; decision_id: number }> {
  const row = await findContent(trx, type, id, true);
  if (!row) throw notFound(contentNotFound(type));
  const name = NAMES[type];
  if (d.action === 'flag') {
    if (row.is_flagged && row.moderation_status === 'pending')
      throw conflict(`This ${name.toLowerCase()} is already flagged and awaiting review`);
  } else {
    if (row.moderation_status === 'reviewed' || row.moderation_status === 'rejected')
      throw conflict(`This ${name.toLowerCase()} was already moderated (${row.moderation_status})`);
    if (!row.moderation_status && !row.is_flagged)
      throw conflict(`This ${name.toLowerCase()} is not flagged for moderation`);
  }
  const next =
    d.action === 'approve'
      ? { is_flagged: false, status: 'reviewed' as const }
      : d.action === 'reject'
        ? { is_flagged: true, status: 'rejected' as const }
        : { is_flagged: true, status: 'pending' as const };
  await applyDecision(trx, type, id, {
    ...next,
    notes: d.notes,
    ...(d.action === 'flag' ? { flagReason: d.reason ?? 'Flagged by admin' } : {}),
  });
  const decision_id = await insertDecision(trx, {
    content_type: type,
    content_id: id,
    action: d.action,
    reason: d.reason,
    notes: d.notes,
    admin_id: actor.admin.id,
  });
  return { ...next, decision_id };
}

export async function moderate(
  deps: AppDeps,
  actor: AdminActor,
  type: ModerationContentType,
  id: number,
  d: Decision,
): Promise<ModerateAnswer> {
  const result = await audited(
    deps,
    actor,
    { action: `moderate_${d.action}`, resource_type: type, resource_id: id, details: { ...d } },
    (trx) => decideOne(trx, actor, type, id, d),
  );
  const done = { approve: 'approved', reject: 'rejected', flag: 'flagged for review' }[d.action];
  return { message: `${NAMES[type]} ${done}`, content_type: type, id, action: d.action, ...result };
}

export async function bulkModerate(
  deps: AppDeps,
  actor: AdminActor,
  type: ModerationContentType,
  ids: number[],
  d: Decision,
): Promise<BulkModerateAnswer> {
  return audited(
    deps,
    actor,
    { action: `bulk_moderate_${d.action}`, resource_type: type, details: { ...d, content_ids: ids } },
    async (trx, note) => {
      const succeeded: number[] = [];
      const failed: { id: number; detail: string }[] = [];
      for (const id of ids) {
        try {
          // Checks come before any write, so a refused item has changed nothing.
          await decideOne(trx, actor, type, id, d);
          succeeded.push(id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failed.push({ id, detail: err.detail });
        }
      }
      if (failed.length) note.partial();
      note.details({ succeeded, failed });
      return {
        message: `${succeeded.length} of ${ids.length} item(s) ${d.action === 'approve' ? 'approved' : d.action === 'reject' ? 'rejected' : 'flagged'}`,
        action: d.action,
        processed: ids.length,
        succeeded,
        failed,
      };
    },
  );
}
