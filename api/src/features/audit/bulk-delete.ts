import type { BulkDeleteAnswer } from '@reportsaathi/contracts';
import type { AuditNote } from './audit.service';

/**
 * The rule of every admin bulk delete (chats, reports): the named rows that exist are deleted, ids
 * that match nothing are reported back as missing and make the answer and the audit row 'partial'
 * (the others are still deleted).
 */

/** The requested ids that were not deleted, in the order asked. */
function missingOf(requested: number[], deleted: number[]): number[] {
  const found = new Set(deleted);
  return requested.filter((id) => !found.has(id));
}

/** Notes the deleted and missing ids on the audit row (partial when any is missing); the deleted ids, sorted. */
export function noteBulkDelete(note: AuditNote, requested: number[], deleted: number[]): number[] {
  const sorted = [...new Set(deleted)].sort((a, b) => a - b);
  const missing = missingOf(requested, sorted);
  note.details({ deleted_ids: sorted, missing_ids: missing });
  if (missing.length) note.partial();
  return sorted;
}

/** `Deleted 3 reports`, or `Deleted 2 of 3 reports; 1 not found` with the missing ids. */
export function bulkDeleteAnswer(requested: number[], deleted: number[], noun: string): BulkDeleteAnswer {
  const missing = missingOf(requested, deleted);
  return {
    message: missing.length
      ? `Deleted ${deleted.length} of ${requested.length} ${noun}s; ${missing.length} not found`
      : `Deleted ${deleted.length} ${noun}${deleted.length === 1 ? '' : 's'}`,
    requested: requested.length,
    deleted: deleted.length,
    deleted_ids: deleted,
    missing_ids: missing,
    partial: missing.length > 0,
  };
}
