import type { DB, Report } from '@reportsaathi/db';
import { sql } from 'kysely';
import type { Request } from 'express';
import type { AppDeps } from '../../context';
import { badRequest, conflict } from '../../kernel/errors';
import type { StoredUpload } from '../../http/upload';
import { deleteScheduledFiles, scheduleFileDeletions } from '../../storage/file-deletions';

/**
 * Idempotent uploads (decision 091). An upload may carry an `Idempotency-Key`
 * header (the patient app sets one per form view); a repeated key from the same owner within
 * 24 hours returns the first report instead of creating another, whichever process receives it.
 * PostgreSQL judges: the key is claimed by a unique index in the transaction that inserts the
 * report, so a concurrent twin waits for that transaction and then finds its report.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_WINDOW_HOURS = 24;
export const KEY_REUSED_MESSAGE =
  'This upload key was already used for a different file. Reload the page and upload the file again.';
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/** The request's key, if any; a malformed one is refused before the file is read. */
export function idempotencyKey(req: Request): string | undefined {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined || raw === '') return undefined;
  if (!KEY_PATTERN.test(raw))
    throw badRequest(`${IDEMPOTENCY_HEADER} must be 8 to 200 printable characters without spaces`);
  return raw;
}

/** A key used within the window: its report, so the caller can skip the allowance checks. */
export async function freshKey(db: DB, owner: string, key: string | undefined) {
  if (!key) return undefined;
  return db
    .selectFrom('upload_idempotency_keys')
    .select(['report_id', 'content_hash'])
    .where('owner', '=', owner)
    .where('key', '=', key)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${KEY_WINDOW_HOURS})`)
    .executeTakeFirst();
}

/**
 * Inserts the report with `insert` unless the key was used: then the first report is returned and
 * this request's copy of the bytes is deleted. The caller queues and counts only a new report.
 */
export async function createReportOnce(
  deps: AppDeps,
  owner: string,
  key: string | undefined,
  upload: StoredUpload,
  insert: (db: DB) => Promise<Report>,
): Promise<{ report: Report; replayed: boolean }> {
  // One transaction either way: `insert` may claim an allowance under a lock held until the commit.
  if (!key) return { report: await deps.db.transaction().execute(insert), replayed: false };
  const outcome = await deps.db.transaction().execute(async (trx) => {
    // Claims a new key, or one older than the window; waits on a twin's uncommitted claim.
    const claimed = await sql<{ id: number }>`
      INSERT INTO upload_idempotency_keys (owner, key, content_hash)
      VALUES (${owner}, ${key}, ${upload.contentHash})
      ON CONFLICT (owner, key) DO UPDATE
        SET content_hash = EXCLUDED.content_hash, report_id = NULL, created_at = now()
        WHERE upload_idempotency_keys.created_at <= now() - make_interval(hours => ${KEY_WINDOW_HOURS})
      RETURNING id`.execute(trx);
    const claim = claimed.rows[0];
    if (claim) {
      const report = await insert(trx);
      await trx
        .updateTable('upload_idempotency_keys')
        .set({ report_id: report.id })
        .where('id', '=', claim.id)
        .execute();
      return { kind: 'new' as const, report };
    }
    await scheduleFileDeletions(trx, [upload.storageKey]);
    const first = await trx
      .selectFrom('upload_idempotency_keys')
      .innerJoin('reports', 'reports.id', 'upload_idempotency_keys.report_id')
      .selectAll('reports')
      .select('upload_idempotency_keys.content_hash as key_content_hash')
      .where('owner', '=', owner)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return { kind: 'repeat' as const, first };
  });
  if (outcome.kind === 'new') return { report: outcome.report, replayed: false };
  await deleteScheduledFiles(deps, [upload.storageKey]);
  const { key_content_hash, ...report } = outcome.first;
  if (key_content_hash !== upload.contentHash) throw conflict(KEY_REUSED_MESSAGE);
  return { report, replayed: true };
}

/** The clean-up job's part: keys past the window are forgotten. */
export async function forgetOldKeys(db: DB): Promise<number> {
  const result = await db
    .deleteFrom('upload_idempotency_keys')
    .where('created_at', '<=', sql<Date>`now() - make_interval(hours => ${KEY_WINDOW_HOURS})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
