import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/**
 * The durable job queue: pg-boss on the product's own PostgreSQL (docs/decisions/003-job-queue.md).
 * Every process that enqueues opens one; only worker processes also work the queues.
 */
export const QUEUES = {
  analyzeReport: 'analyze-report',
  guestCleanup: 'guest-cleanup',
  userRetention: 'user-retention',
} as const;

export interface AnalyzeJob {
  reportId: number;
  /** Times this analysis was put back because the machine was too busy (jobs/busy.ts). */
  deferrals?: number;
}

export interface JobQueue {
  boss: PgBoss;
  enqueueAnalysis(reportId: number, later?: { deferrals: number; afterSeconds: number }): Promise<void>;
  /** Throws unless the queue's own connection reaches its tables (readiness). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** Per-job time limit: an analysis still active after this is failed and retried. */
  analysisTimeoutSeconds: number;
  /** Run pg-boss maintenance (expiry, retention, cron) in this process. */
  supervise: boolean;
  /** How often maintenance looks for expired jobs (a crashed worker's); default 30 s. */
  maintenanceIntervalSeconds?: number;
}

export async function createJobQueue(
  databaseUrl: string,
  logger: Logger,
  options: QueueOptions,
): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    supervise: options.supervise,
    schedule: options.supervise,
    // Expired active jobs (a crashed worker's) are found and retried within this interval.
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  const analysisQueue = {
    name: QUEUES.analyzeReport,
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: options.analysisTimeoutSeconds,
  };
  await boss.createQueue(QUEUES.analyzeReport, analysisQueue);
  // createQueue keeps an existing queue's options: apply today's time limit and retries too.
  await boss.updateQueue(QUEUES.analyzeReport, analysisQueue);
  await boss.createQueue(QUEUES.guestCleanup, {
    name: QUEUES.guestCleanup,
    retryLimit: 1,
    expireInSeconds: 300,
  });
  await boss.createQueue(QUEUES.userRetention, {
    name: QUEUES.userRetention,
    retryLimit: 1,
    expireInSeconds: 900,
  });
  let stopping: Promise<void> | null = null;
  return {
    boss,
    async enqueueAnalysis(reportId, later) {
      // singletonKey: a report already queued or running is not queued twice (double clicks).
      await boss.send(
        QUEUES.analyzeReport,
        { reportId, ...(later ? { deferrals: later.deferrals } : {}) } satisfies AnalyzeJob,
        {
          singletonKey: `report-${reportId}`,
          ...(later ? { startAfter: later.afterSeconds } : {}),
        },
      );
    },
    async check() {
      if (!(await boss.getQueue(QUEUES.analyzeReport))) throw new Error('the analysis queue is missing');
    },
    // Graceful: running jobs finish (up to 15 s); safe to call more than once.
    stop() {
      stopping ??= boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      return stopping;
    },
  };
}
