import type { AppDeps } from '../context';
import { runAnalysis } from '../features/reports/reports.service';
import { deleteExpiredGuestData } from '../features/guest/guest.service';
import { retryFileDeletions } from '../storage/file-deletions';
import { forgetOldKeys } from '../features/reports/upload-once';
import { applyRetention } from '../features/privacy/privacy.service';
import { QUEUES, type AnalyzeJob } from './queue';
import { deferSeconds, MAX_DEFERRALS, machineBusy } from './busy';

/**
 * Works the queues in this process: analyses (WORKER_CONCURRENCY at once) and the guest
 * clean-up every 15 minutes (expired guest data, file deletions that failed earlier, upload keys past their 24 hours). Returns the function that stops it.
 */
export async function startWorker(deps: AppDeps): Promise<() => Promise<void>> {
  const { boss } = deps.jobs;
  await workAnalyses(deps);
  await boss.work(QUEUES.guestCleanup, { pollingIntervalSeconds: 5 }, async () => {
    const removed = await deleteExpiredGuestData(deps);
    if (removed.reports || removed.sessions) deps.logger.info(removed, 'expired guest data removed');
    const files = await retryFileDeletions(deps);
    if (files.deleted || files.left)
      deps.logger.info(files, 'stored files of deleted reports removed on retry');
    await forgetOldKeys(deps.db);
  });
  await boss.schedule(QUEUES.guestCleanup, '*/15 * * * *');
  // Each user's retention choice (old reports and chats deleted or anonymized), hourly.
  await boss.work(QUEUES.userRetention, { pollingIntervalSeconds: 30 }, async () => {
    const done = await applyRetention(deps);
    if (done.reports || done.chats || done.anonymized_users) deps.logger.info(done, 'retention applied');
  });
  await boss.schedule(QUEUES.userRetention, '7 * * * *');
  // Stopping the queue lets running analyses finish before the caller frees the OCR workers.
  return () => deps.jobs.stop();
}

/**
 * Works the analysis queue in this process (WORKER_CONCURRENCY at once). Also used by
 * `npm run reanalyze -- --work` when no product worker is running.
 */
export async function workAnalyses(
  deps: AppDeps,
  busy: () => boolean = () => machineBusy(undefined, undefined, deps.env.ANALYSIS_BUSY_LOAD_PER_CORE),
): Promise<void> {
  const { boss } = deps.jobs;
  const timeoutMs = deps.env.ANALYSIS_TIMEOUT_SECONDS * 1000;
  for (let i = 0; i < deps.env.WORKER_CONCURRENCY; i++) {
    await boss.work<AnalyzeJob>(
      QUEUES.analyzeReport,
      { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async ([job]) => {
        const deferrals = job.data.deferrals ?? 0;
        const outcome = await runAnalysis(deps, job.data.reportId, {
          isLast: job.retryCount >= job.retryLimit,
          signal: AbortSignal.timeout(timeoutMs),
          // A time limit reached on an overloaded machine: try again later, not as a failure.
          mayDefer: () => deferrals < MAX_DEFERRALS && busy(),
        });
        // Throwing hands the job back to pg-boss, which retries it with backoff.
        if (outcome === 'retry') throw new Error(`analysis of report ${job.data.reportId} will be retried`);
        if (outcome === 'deferred')
          await deps.jobs.enqueueAnalysis(job.data.reportId, {
            deferrals: deferrals + 1,
            afterSeconds: deferSeconds(deferrals),
          });
      },
    );
  }
}
