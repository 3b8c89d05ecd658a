import type { Request, Response } from 'express';
import type { DB, Report } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { receiveUpload, type StoredUpload } from '../../http/upload';
import { insertNewReport, type ReportOwner } from './reports.service';
import { createReportOnce, freshKey, idempotencyKey, REPLAYED_HEADER } from './upload-once';

/**
 * An allowance an upload spends: a plan's monthly analyses and storage, or a guest's daily
 * uploads. `claim` and `record` run in the one transaction that inserts the report: `claim` takes
 * the owner's lock (pg_advisory_xact_lock) and counts, so parallel uploads of one owner queue
 * behind each other and the count each sees includes the uses committed before it. Checking, then
 * receiving the file, then recording in separate steps let ten parallel uploads all pass a limit
 * of three.
 */
export interface UploadAllowance {
  /** A cheap refusal before the file is read; not binding (the claim decides). */
  precheck?(db: DB): Promise<void>;
  /** Under the owner's lock: throws (4xx) when this upload would go over the allowance. */
  claim(trx: DB, upload: StoredUpload): Promise<void>;
  /** Under the same lock and transaction: records the use of the new report. */
  record(trx: DB, report: Report, upload: StoredUpload): Promise<void>;
}

export interface AcceptedUpload {
  report: Report;
  /** A repeat of an earlier upload (same Idempotency-Key): nothing was spent or queued. */
  replayed: boolean;
}

/**
 * The one upload use case, for signed-in users and guests alike: the Idempotency-Key, the file
 * received and checked, the allowance claimed, the report inserted and the use recorded in one
 * transaction; on refusal the stored file is deleted. Queueing the analysis is the caller's
 * (after the commit), since a guest's upload may have to wait for its analysis allowance.
 */
export async function acceptUpload(
  deps: AppDeps,
  req: Request,
  res: Response,
  input: { owner: string; reportOwner: ReportOwner; language: 'en' | 'hi'; allowance: UploadAllowance },
): Promise<AcceptedUpload> {
  const key = idempotencyKey(req);
  // A repeat of an upload already made returns it, even at the limit, and spends nothing.
  const repeat = await freshKey(deps.db, input.owner, key);
  if (!repeat) await input.allowance.precheck?.(deps.db);
  const upload = await receiveUpload(req, res, deps);
  const accepted = await createReportOnce(deps, input.owner, key, upload, async (trx) => {
    await input.allowance.claim(trx, upload);
    const report = await insertNewReport(trx, input.reportOwner, upload, input.language);
    await input.allowance.record(trx, report, upload);
    return report;
  }).catch(async (err: unknown) => {
    await deps.storage.delete(upload.storageKey).catch(() => undefined);
    throw err;
  });
  res.setHeader(REPLAYED_HEADER, String(accepted.replayed));
  return accepted;
}
