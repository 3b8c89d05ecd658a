// @ts-nocheck
import type { DB } from '@reportsaathi/db';
import type { Logger } from 'pino';
import type { Storage } from './storage';

/**
 * Deleting a report's file is a two-step promise: its key is recorded in file_deletions in the
 * same transaction that deletes the row, then the file is removed and the record with it. A storage
 * failure is logged and left recorded; the clean-up job retries it, so no file outlives its report
 * unnoticed.
 */
export async function scheduleFileDeletions(trx: DB, keys: readonly (string | null)[]): Promise<void> {
  const values = keys.filter((k): k is string => !!k).map((storage_key) => ({ storage_key }));
  if (values.length)
    await trx
      .insertInto('file_deletions')
      .values(values)
      .onConflict((oc) => oc.column('storage_key').doNothing())
      .execute();
}

interface FileDeps {
  db: DB;
  storage: Storage;
  logger: Logger;
}

/** Removes the files now; a failure stays recorded for the retry. Returns how many went. */
export async function deleteScheduledFiles(
  deps: FileDeps,
  keys: readonly (string | null)[],
): Promise<number> {
  let deleted = 0;
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
      await deps.db.deleteFrom('file_deletions').where('storage_key', '=', key).execute();
      deleted += 1;
    } catch (err) {
      deps.logger.warn(
        { err, storageKey: key },
        'stored file could not be deleted; the clean-up job will retry',
      );
      await deps.db
        .updateTable('file_deletions')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: err instanceof Error ? err.message.slice(0, 500) : 'unknown error',
          last_attempt_at: new Date(),
        }))
        .where('storage_key', '=', key)
        .execute();
    }
  }
  return deleted;
}

/** The clean-up job's part: retry every recorded deletion (oldest first, a batch at a time). */
export async function retryFileDeletions(
  deps: FileDeps,
  batch = 500,
): Promise<{ deleted: number; left: number }> {
  const rows = await deps.db
    .selectFrom('file_deletions')
    .select('storage_key')
    .orderBy('created_at')
    .limit(batch)
    .execute();
  const deleted = await deleteScheduledFiles(
    deps,
    rows.map((r) => r.storage_key),
  );
  return { deleted, left: rows.length - deleted };
}
