import { randomUUID } from 'node:crypto';
import type { GuestRateLimits, GuestReport } from '@reportsaathi/contracts';
import { GUEST_MESSAGES } from '@reportsaathi/contracts';
import { transaction, type DB, type Report, type ReportValueRow } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { AppError } from '../../kernel/errors';
import { deleteScheduledFiles, scheduleFileDeletions } from '../../storage/file-deletions';
import { getIntSetting } from '../../platform/settings/settings.service';
import { runningStage, toValueView, valueKnowledge } from '../reports';
import {
  countUsageToday,
  lockGuestUsage,
  recordUsage,
  deleteExpiredSessions,
  deleteReportsByIds,
  guestReportsOlderThan,
  insertGuestSession,
  pruneUsage,
} from './guest.repo';

export async function createGuestSession(
  deps: AppDeps,
  meta: { ip: string | null; userAgent: string | null },
) {
  const hours = await getIntSetting(deps.db, 'guest_session_hours');
  return insertGuestSession(deps.db, {
    id: randomUUID(),
    ip_address: meta.ip,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    expires_at: new Date(Date.now() + hours * 3_600_000),
  });
}

/** Daily allowances from system settings, counted per session and per client IP. */
export async function rateLimits(
  deps: Pick<AppDeps, 'db'>,
  sessionId: string,
  ip: string | null,
): Promise<GuestRateLimits> {
  // One after the other: inside a transaction (the upload's claim) the queries share one connection.
  const uploadsLimit = await getIntSetting(deps.db, 'guest_daily_uploads');
  const analysesLimit = await getIntSetting(deps.db, 'guest_daily_analyses');
  const uploads = await countUsageToday(deps.db, 'upload', sessionId, ip);
  const analyses = await countUsageToday(deps.db, 'analysis', sessionId, ip);
  const uploadsRemaining = Math.max(0, uploadsLimit - uploads);
  const analysesRemaining = Math.max(0, analysesLimit - analyses);
  return {
    can_upload: uploadsRemaining > 0,
    can_analyze: analysesRemaining > 0,
    uploads_remaining: uploadsRemaining,
    analyses_remaining: analysesRemaining,
    uploads_limit: uploadsLimit,
    analyses_limit: analysesLimit,
    resets_at: nextIndianMidnight(new Date()),
  };
}

/** When today's guest allowance starts again: the next midnight in India (usage counts per Indian day). */
export function nextIndianMidnight(now: Date): string {
  const IST_MS = 330 * 60_000;
  const indian = new Date(now.getTime() + IST_MS);
  indian.setUTCHours(24, 0, 0, 0);
  return new Date(indian.getTime() - IST_MS).toISOString();
}

export function assertCanUpload(limits: GuestRateLimits): void {
  if (!limits.can_upload) throw new AppError(429, GUEST_MESSAGES.uploadLimit(limits.uploads_remaining));
}

export function assertCanAnalyze(limits: GuestRateLimits): void {
  if (!limits.can_analyze) throw new AppError(429, GUEST_MESSAGES.analysisLimit(limits.analyses_remaining));
}

/**
 * A guest's daily allowance for the upload use case (features/reports): under the lock of the
 * session and of the address, today's uploads are counted and this one recorded in the
 * transaction that inserts the report, so parallel uploads cannot pass the same last free one.
 * The analysis is counted at once when today's analyses have room (`analysisCounted` then tells
 * the caller to queue it); otherwise the report waits for the guest to ask.
 */
export function guestAllowance(sessionId: string, ip: string | null) {
  const state = { analysisCounted: false };
  return {
    state,
    precheck: async (db: DB) => assertCanUpload(await rateLimits({ db }, sessionId, ip)),
    claim: async (trx: DB) => {
      await lockGuestUsage(trx, sessionId, ip);
      assertCanUpload(await rateLimits({ db: trx }, sessionId, ip));
    },
    record: async (trx: DB, report: { id: number }) => {
      const row = { guest_session_id: sessionId, ip_address: ip, report_id: report.id };
      await recordUsage(trx, { ...row, kind: 'upload' });
      if ((await rateLimits({ db: trx }, sessionId, ip)).can_analyze) {
        await recordUsage(trx, { ...row, kind: 'analysis' });
        state.analysisCounted = true;
      }
    },
  };
}

/** The guest's asking for an analysis of a report not counted yet: checked and counted under the lock. */
export async function claimGuestAnalysis(db: DB, sessionId: string, ip: string | null, reportId: number) {
  await transaction(db, async (trx) => {
    await lockGuestUsage(trx, sessionId, ip);
    assertCanAnalyze(await rateLimits({ db: trx }, sessionId, ip));
    await recordUsage(trx, {
      guest_session_id: sessionId,
      ip_address: ip,
      kind: 'analysis',
      report_id: reportId,
    });
  });
}

/** The guest's view of a report, with its stored values and, while it runs, its step. */
export function toGuestReport(r: Report, values: ReportValueRow[]): GuestReport {
  return {
    id: r.id,
    original_filename: r.original_filename,
    status: r.status,
    analysis_stage: runningStage(r),
    summary: r.summary,
    key_findings: r.key_findings ?? [],
    recommendations: r.recommendations ?? [],
    confidence_score: r.confidence_score,
    report_type: r.report_type,
    file_size: r.file_size,
    error_message: r.error_message,
    created_at: r.created_at.toISOString(),
    completed_at: r.processing_completed_at?.toISOString() ?? null,
    values: values.map((v) => ({ ...toValueView(v), ...valueKnowledge(v.canonical_id, r.language) })),
  };
}

/** The scheduled clean-up: guest reports and their files go 48 hours (setting) after upload. */
export async function deleteExpiredGuestData(deps: AppDeps): Promise<{ reports: number; sessions: number }> {
  const hours = await getIntSetting(deps.db, 'guest_report_retention_hours');
  const old = await guestReportsOlderThan(deps.db, new Date(Date.now() - hours * 3_600_000));
  const keys = old.map((r) => r.storage_key);
  await transaction(deps.db, async (trx) => {
    await deleteReportsByIds(
      trx,
      old.map((r) => r.id),
    );
    await scheduleFileDeletions(trx, keys);
  });
  await deleteScheduledFiles(deps, keys);
  const sessions = await deleteExpiredSessions(deps.db);
  await pruneUsage(deps.db);
  return { reports: old.length, sessions };
}
