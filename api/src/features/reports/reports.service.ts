import { REPORT_NOT_FOUND } from '@reportsaathi/contracts';
import { transaction, type DB, type Report } from '@reportsaathi/db';
import {
  ANALYSIS_VERSION,
  analyzeDocument,
  explainAgain,
  isAnalysisError,
  LOCAL_MODEL_VERSION,
  type AnalysisResult,
  type AnalysisStage,
  type StoredReading,
} from '@reportsaathi/analysis';
import type { AppDeps } from '../../context';
import { conflict, notFound } from '../../kernel/errors';
import type { StoredUpload } from '../../http/upload';
import { toEngineValue } from './value-row';
import { deleteScheduledFiles, scheduleFileDeletions } from '../../storage/file-deletions';
import { providerConfig } from '../settings';
import { reapplyEnteredValues } from './entered-value';
import {
  claimForProcessing,
  deleteReportRow,
  deleteReportRows,
  copyCachedAnalysis,
  findCachedAnalysis,
  findUserReport,
  insertReport,
  markFailed,
  putBackPending,
  markForReanalysis,
  recordStage,
  listValues,
  requeueInLanguage,
  saveExplanation,
  markPending,
  saveCompletedAnalysis,
  StaleAttempt,
  type CompletedAnalysis,
} from './reports.repo';

// The one answer for another user's, a deleted or a malformed report id (defined with the endpoint table).
export { REPORT_NOT_FOUND };

/** The user's own report by id; another user's, a deleted or a missing one is "not found" (404). */
export async function ownReport(db: DB, userId: number, id: number): Promise<Report> {
  const report = await findUserReport(db, userId, id);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  return report;
}

export type ReportOwner = { userId: number } | { guestSessionId: string; ip: string | null };

/** Stores the report row for an upload already in storage and queues its analysis at once. */
export async function createReport(
  deps: AppDeps,
  owner: ReportOwner,
  upload: StoredUpload,
  language: 'en' | 'hi',
  options: { queue: boolean } = { queue: true },
): Promise<Report> {
  const report = await insertNewReport(deps.db, owner, upload, language);
  if (options.queue) await deps.jobs.enqueueAnalysis(report.id);
  return report;
}

/** The report row of a received upload, pending; queueing it is the caller's (after its commit). */
export function insertNewReport(
  db: DB,
  owner: ReportOwner,
  upload: StoredUpload,
  language: 'en' | 'hi',
): Promise<Report> {
  return insertReport(db, {
    user_id: 'userId' in owner ? owner.userId : null,
    guest_session_id: 'guestSessionId' in owner ? owner.guestSessionId : null,
    uploader_ip: 'ip' in owner ? owner.ip : null,
    filename: upload.storageKey,
    original_filename: upload.originalFilename,
    file_type: upload.fileKind,
    mime_type: upload.mimeType,
    file_size: upload.size,
    content_hash: upload.contentHash,
    storage_key: upload.storageKey,
    language,
    key_findings: '[]',
    recommendations: '[]',
    impressions: '[]',
  });
}

/** Analysed by an older engine (or before versions were stored): its analysis is redone. */
export function isStaleAnalysis(report: Pick<Report, 'status' | 'engine_version'>): boolean {
  return report.status === 'completed' && report.engine_version !== ANALYSIS_VERSION;
}

/**
 * A report analysed by an older engine is queued again when it is opened: it shows as pending
 * (the app polls) until the current engine's analysis replaces the old one. Returns the report as
 * it now stands. A report whose file is gone keeps its old analysis.
 */
export async function reanalyzeIfStale(deps: AppDeps, report: Report): Promise<Report> {
  if (!isStaleAnalysis(report)) return report;
  if (!(await markForReanalysis(deps.db, report.id, ANALYSIS_VERSION))) return report;
  await deps.jobs.enqueueAnalysis(report.id);
  return { ...report, status: 'pending', error_message: null };
}

/**
 * 'Start Analysis': queue a pending or failed report again, and a completed one analysed by an
 * older engine; a running or current one is left alone.
 */
export async function requestAnalysis(deps: AppDeps, report: Report): Promise<Report['status']> {
  if (report.status === 'completed') return (await reanalyzeIfStale(deps, report)).status;
  if (report.status === 'processing') return report.status;
  await markPending(deps.db, report.id);
  await deps.jobs.enqueueAnalysis(report.id);
  return 'pending';
}

/**
 * The operator's re-run (`npm run reanalyze`): every listed completed report goes back to pending
 * and onto the analysis queue, stale ones only unless `force`. Returns the ids queued.
 */
export async function queueReanalysis(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  ids: number[],
  options: { force?: boolean } = {},
): Promise<number[]> {
  const queued: number[] = [];
  for (const id of ids) {
    if (!(await markForReanalysis(deps.db, id, ANALYSIS_VERSION, options))) continue;
    await deps.jobs.enqueueAnalysis(id);
    queued.push(id);
  }
  return queued;
}

/**
 * Removes a report, its values, chats and feedback (cascade) and its file. The file's deletion is
 * recorded with the row's, so a storage failure is retried by the clean-up job, never lost.
 */
export async function deleteReportPermanently(deps: AppDeps, report: Report): Promise<void> {
  await transaction(deps.db, async (trx) => {
    await deleteReportRow(trx, report.id);
    await scheduleFileDeletions(trx, [report.storage_key]);
  });
  await deleteScheduledFiles(deps, [report.storage_key]);
}

/**
 * The permanent delete inside a caller's transaction (an admin's audited delete): removes the
 * rows and records their files for deletion. After the transaction commits, call
 * `deleteRemovedReportFiles` with the answer; until then a rollback leaves every file in place.
 */
export async function removeReportsInTransaction(
  trx: DB,
  ids: readonly number[],
): Promise<{ id: number; storage_key: string | null }[]> {
  const removed = await deleteReportRows(trx, ids);
  await scheduleFileDeletions(
    trx,
    removed.map((r) => r.storage_key),
  );
  return removed;
}

export function deleteRemovedReportFiles(
  deps: AppDeps,
  removed: readonly { storage_key: string | null }[],
): Promise<number> {
  return deleteScheduledFiles(
    deps,
    removed.map((r) => r.storage_key),
  );
}

function toCompleted(result: AnalysisResult, cacheHit: boolean): CompletedAnalysis {
  return {
    report_type: result.report_type,
    summary: result.summary,
    key_findings: result.key_findings,
    recommendations: result.recommendations,
    impressions: result.impressions,
    confidence_score: result.confidence_score,
    ai_model_version: result.ai_model_version,
    engine_version: ANALYSIS_VERSION,
    cache_hit: cacheHit,
    analysis_result: {
      summary: result.summary,
      document_kind: result.document_kind,
      patient: result.patient,
      has_critical: result.has_critical,
      language: result.language,
      // Kept so the explanation can be written again without the file: when the patient enters a
      // value (decision 243) or asks for the other language (decision 241).
      unread: result.unread,
      unread_lines: result.unread_lines ?? [],
    },
  };
}

export type RunOutcome = 'completed' | 'failed' | 'skipped' | 'retry' | 'deferred';

/**
 * The engine's time limits (decision 216): reading an image, reading a file in the extraction
 * thread, the whole job. Meant for a hung or hostile file; on a machine whose CPU is taken by
 * others an honest file can reach them too, having only waited.
 */
export const TIME_LIMIT_CODES: ReadonlySet<string> = new Set(['ocr_timeout', 'extract_timeout', 'aborted']);

/**
 * The job: analyse one report. A bad file fails the report with the engine's plain reason;
 * a transient error is thrown so the queue retries it (with backoff), failing the report
 * only on the last attempt. A time limit reached while the machine was overloaded
 * (`mayDefer()`, asked only then) is not the file's fault: the report goes back to pending and
 * the caller queues it again later, without spending one of its tries.
 */
export async function runAnalysis(
  deps: AppDeps,
  reportId: number,
  attempt: { isLast: boolean; signal?: AbortSignal; mayDefer?: () => boolean },
): Promise<RunOutcome> {
  const report = await claimForProcessing(deps.db, reportId);
  if (!report) return 'skipped'; // deleted, or already completed
  const startedAt = report.processing_started_at ?? new Date();
  const stages = stageWriter(deps, report.id, report.attempts);
  try {
    const cached = await findCachedAnalysis(
      deps.db,
      { contentHash: report.content_hash, language: report.language, engineVersion: ANALYSIS_VERSION },
      report.id,
    );
    if (cached) {
      await transaction(deps.db, async (trx) => {
        await copyCachedAnalysis(trx, report.id, report.attempts, cached, startedAt);
        await reapplyEnteredValues(trx, report.id);
      });
      return 'completed';
    }
    if (!report.storage_key) throw new Error('The report file is missing');
    const bytes = await deps.storage.get(report.storage_key);
    const result = await analyzeDocument(
      { bytes, filename: report.original_filename, language: report.language },
      {
        signal: attempt.signal,
        provider: await providerConfig(deps),
        extractTimeoutMs: deps.env.EXTRACT_TIMEOUT_SECONDS * 1000,
        onStage: stages.record,
      },
    );
    await stages.settled();
    await transaction(deps.db, async (trx) => {
      await saveCompletedAnalysis(
        trx,
        report.id,
        report.attempts,
        toCompleted(result, false),
        result.values,
        startedAt,
      );
      // A re-analysis keeps the patient's own values (decision 243).
      await reapplyEnteredValues(trx, report.id);
    });
    return 'completed';
  } catch (err) {
    if (err instanceof StaleAttempt) {
      // Another worker holds the report now (or it is gone): its result is the one kept.
      deps.logger.info({ reportId, attempt: report.attempts }, err.message);
      return 'skipped';
    }
    if (isAnalysisError(err) && TIME_LIMIT_CODES.has(err.code) && attempt.mayDefer?.()) {
      deps.logger.warn(
        { reportId, code: err.code },
        'time limit reached on a busy machine: analysis put back',
      );
      return (await putBackPending(deps.db, report.id, report.attempts)) ? 'deferred' : 'skipped';
    }
    const transient = !isAnalysisError(err) || err.transient;
    if (transient && !attempt.isLast) {
      deps.logger.warn({ err, reportId }, 'analysis failed, will retry');
      return 'retry';
    }
    const reason = isAnalysisError(err) ? err.message : 'Analysis failed. Please try again.';
    if (!isAnalysisError(err)) deps.logger.error({ err, reportId }, 'analysis failed');
    return (await markFailed(deps.db, report.id, report.attempts, reason)) ? 'failed' : 'skipped';
  } finally {
    // No step is written after this attempt's end has been (and none is left running).
    await stages.settled();
  }
}

/**
 * The engine's steps written on the report as they come (decision 246), one UPDATE each, one
 * after the other so they land in order. A step that cannot be written is logged and skipped:
 * progress is for the page, never a reason to fail or retry the analysis.
 */
function stageWriter(deps: AppDeps, reportId: number, attempt: number) {
  let chain: Promise<void> = Promise.resolve();
  return {
    record(stage: AnalysisStage): void {
      chain = chain.then(() =>
        recordStage(deps.db, reportId, attempt, stage).catch((err: unknown) =>
          deps.logger.warn({ err, reportId, stage }, 'analysis step not recorded'),
        ),
      );
    },
    settled: (): Promise<void> => chain,
  };
}

export const EXPLAIN_NOT_READY = 'The analysis is not complete yet';
export const EXPLAIN_FILE_GONE = 'This analysis can no longer be explained in another language';

/**
 * "Explain in हिन्दी / English" (decision 241): the owner's completed analysis worded again in
 * `language` from what it stored (values as read and interpreted, unread tests, impressions); no
 * file is read, no OCR runs. An analysis from before unread tests were stored is read again in
 * that language instead (status 'pending'; the page waits for it as for any analysis).
 */
export async function explainInLanguage(
  deps: AppDeps,
  report: Report,
  language: 'en' | 'hi',
): Promise<{ id: number; status: Report['status']; language: 'en' | 'hi' }> {
  if (report.status !== 'completed') throw conflict(EXPLAIN_NOT_READY);
  if (report.language === language) return { id: report.id, status: report.status, language };
  const owner = { userId: report.user_id ?? -1, reportId: report.id };
  const stored = report.analysis_result ?? {};
  if (!Array.isArray(stored.unread) || typeof stored.document_kind !== 'string') {
    if (!(await requeueInLanguage(deps.db, owner, language))) throw conflict(EXPLAIN_FILE_GONE);
    await deps.jobs.enqueueAnalysis(report.id);
    return { id: report.id, status: 'pending', language };
  }
  const reading: StoredReading = {
    document_kind: stored.document_kind as StoredReading['document_kind'],
    report_type: report.report_type ?? 'other',
    values: (await listValues(deps.db, report.id)).map(toEngineValue),
    unread: stored.unread as StoredReading['unread'],
    unread_lines: Array.isArray(stored.unread_lines) ? (stored.unread_lines as string[]) : [],
    impressions: report.impressions,
    patient: (stored.patient ?? { age: null, sex: null }) as StoredReading['patient'],
  };
  const words = explainAgain(reading, language);
  const saved = await saveExplanation(
    deps.db,
    { ...owner, from: report.language },
    {
      language,
      ...words,
      analysis_result: { ...stored, summary: words.summary, language },
      // The local wording: a provider's rewording needs the file's text, which is not read again.
      ai_model_version: LOCAL_MODEL_VERSION,
    },
  );
  // Changed meanwhile (a second click, a re-analysis): the report as it now stands is the answer.
  if (!saved) throw conflict(EXPLAIN_NOT_READY);
  return { id: report.id, status: 'completed', language };
}
