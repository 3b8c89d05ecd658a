import type { Response } from 'express';
import type {
  AdminChat,
  AdminChatChange,
  AdminChatPatch,
  AdminChatsList,
  AdminChatSort,
  AdminChatStats,
  BulkDeleteAnswer,
  MessageAnswer,
} from '@reportsaathi/contracts';
import { CHAT_NOT_FOUND } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { notFound } from '../../kernel/errors';
import type { ExportColumns } from '../../http/export-stream';
import { totalPages, type ListQuery } from '../../http/list-query';
import { audited, auditedCsvExport } from '../audit';
import { bulkDeleteAnswer, noteBulkDelete } from '../audit';
import { REPORT_NOT_FOUND } from '../reports';
import {
  chatsOfReport,
  chatStats,
  deleteChats,
  exportChatsBatch,
  findChat,
  listChats,
  moderateChat,
  reportExists,
  type ChatFilters,
  type ChatModeration,
  type ChatRow,
} from './admin-chats.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function toAdminChat(c: ChatRow): AdminChat {
  return {
    id: c.id,
    user_id: c.user_id,
    user_email: c.user_email,
    user: { email: c.user_email },
    report_id: c.report_id,
    report: { filename: c.report_filename },
    report_filename: c.report_filename,
    message: c.message,
    response: c.response,
    is_flagged: c.is_flagged,
    flag_reason: c.flag_reason,
    user_feedback: c.user_feedback,
    moderation_notes: c.moderation_notes,
    moderation_status: c.moderation_status,
    moderated_at: iso(c.moderated_at),
    ai_model_used: c.ai_model_used,
    processing_time_seconds: c.processing_time_seconds,
    tokens_used: c.tokens_used,
    confidence_score: c.confidence_score,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

export async function listAdminChats(
  deps: AppDeps,
  q: ListQuery<AdminChatSort> & ChatFilters,
): Promise<AdminChatsList> {
  const { rows, total, total_is_estimate } = await listChats(deps.db, q);
  const pages = totalPages(total, q.limit);
  return {
    chats: rows.map(toAdminChat),
    total,
    pages,
    total_pages: pages,
    page: q.page,
    limit: q.limit,
    total_is_estimate,
  };
}

export async function adminChatStats(deps: AppDeps): Promise<AdminChatStats> {
  const s = await chatStats(deps.db);
  return {
    total_chats: s.total,
    flagged_chats: s.flagged,
    average_processing_time: s.avg_processing == null ? 0 : round(s.avg_processing, 2),
    average_tokens_used: s.avg_tokens == null ? 0 : round(s.avg_tokens, 1),
    total_is_estimate: s.estimate,
  };
}

export async function adminChatDetail(deps: AppDeps, id: number): Promise<AdminChat> {
  const chat = await findChat(deps.db, id);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  return toAdminChat(chat);
}

export async function adminChatsOfReport(deps: AppDeps, reportId: number): Promise<{ chats: AdminChat[] }> {
  if (!(await reportExists(deps.db, reportId))) throw notFound(REPORT_NOT_FOUND);
  return { chats: (await chatsOfReport(deps.db, reportId)).map(toAdminChat) };
}

/** One audited moderation change of a chat; answers the chat as it now is. */
async function moderate(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  action: string,
  change: ChatModeration,
  message: string,
): Promise<AdminChatChange> {
  await audited(
    deps,
    actor,
    { action, resource_type: 'chat', resource_id: id, details: { ...change } },
    async (trx) => {
      if (!(await moderateChat(trx, id, change))) throw notFound(CHAT_NOT_FOUND);
    },
  );
  return { message, chat: await adminChatDetail(deps, id) };
}

/**
 * Flagging puts the chat in the moderation queue (pending); unflagging is a review that found
 * nothing wrong, so the reason goes and the chat counts as reviewed.
 */
const FLAG = (reason: string | null): ChatModeration => ({
  is_flagged: true,
  flag_reason: reason,
  moderation_status: 'pending',
});
const UNFLAG: ChatModeration = { is_flagged: false, flag_reason: null, moderation_status: 'reviewed' };

export function patchAdminChat(deps: AppDeps, actor: AdminActor, id: number, patch: AdminChatPatch) {
  const change: ChatModeration = {
    ...(patch.is_flagged === undefined ? {} : patch.is_flagged ? FLAG('Flagged by admin') : UNFLAG),
    ...(patch.moderation_notes === undefined ? {} : { moderation_notes: patch.moderation_notes }),
  };
  const action =
    patch.moderation_notes === undefined ? (patch.is_flagged ? 'flag_chat' : 'unflag_chat') : 'update_chat';
  return moderate(deps, actor, id, action, change, 'Chat updated successfully');
}

export function flagChat(deps: AppDeps, actor: AdminActor, id: number, reason: string) {
  return moderate(deps, actor, id, 'flag_chat', FLAG(reason), 'Chat flagged');
}

export function unflagChat(deps: AppDeps, actor: AdminActor, id: number) {
  return moderate(deps, actor, id, 'unflag_chat', UNFLAG, 'Chat unflagged');
}

export function noteChat(deps: AppDeps, actor: AdminActor, id: number, note: string) {
  return moderate(deps, actor, id, 'note_chat', { moderation_notes: note }, 'Note saved');
}

export async function deleteAdminChat(deps: AppDeps, actor: AdminActor, id: number): Promise<MessageAnswer> {
  await audited(
    deps,
    actor,
    { action: 'delete_chat', resource_type: 'chat', resource_id: id },
    async (trx) => {
      if (!(await deleteChats(trx, [id])).length) throw notFound(CHAT_NOT_FOUND);
    },
  );
  return { message: 'Chat deleted successfully' };
}

/** Deletes the named chats that exist (the bulk-delete rule: audit/bulk-delete.ts). */
export async function bulkDeleteChats(
  deps: AppDeps,
  actor: AdminActor,
  ids: number[],
): Promise<BulkDeleteAnswer> {
  const deleted = await audited(
    deps,
    actor,
    { action: 'bulk_delete_chats', resource_type: 'chat', details: { requested_ids: ids } },
    async (trx, note) => {
      return noteBulkDelete(note, ids, await deleteChats(trx, ids));
    },
  );
  return bulkDeleteAnswer(ids, deleted, 'chat');
}

/** The CSV's columns in order and how PostgreSQL writes each (decision 051). */
const CSV_COLUMNS = {
  id: 'number',
  created_at: 'time',
  user_email: 'text',
  report_id: 'number',
  report_filename: 'text',
  message: 'text',
  response: 'text',
  is_flagged: 'boolean',
  flag_reason: 'text',
  user_feedback: 'text',
  moderation_notes: 'text',
  ai_model_used: 'text',
  processing_time_seconds: 'number',
  tokens_used: 'number',
  confidence_score: 'number',
} as const satisfies ExportColumns;

/** Streams the CSV itself; nothing is left to answer. */
export async function exportChatsCsv(
  deps: AppDeps,
  actor: AdminActor,
  filters: ChatFilters,
  res: Response,
): Promise<undefined> {
  await auditedCsvExport(deps, actor, res, {
    name: 'chats',
    resource_type: 'chat',
    filters,
    columns: CSV_COLUMNS,
    rowsAfter: (after, size) => exportChatsBatch(deps.db, filters, after ?? 0, size),
  });
  return undefined;
}
