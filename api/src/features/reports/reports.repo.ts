import { sql } from 'kysely';
import {
  liveReport,
  liveReports,
  type DB,
  type NewReport,
  type Report,
  type ReportValueRow,
} from '@reportsaathi/db';
import type { ExtractedValue } from '@reportsaathi/analysis';
import { NOT_MEDICAL_FLAG } from '../moderation';
import { toValueRow, VALUE_COLUMNS } from './value-row';

/** All SQL of reports and report_values. User-scoped reads filter by owner in the query. */

export function insertReport(db: DB, report: NewReport) {
  return db.insertInto('reports').values(report).returningAll().executeTakeFirstOrThrow();
}

/** A live (not deleted) report of this user, or undefined: another user's report is "not found". */
export function findUserReport(db: DB, userId: number, id: number) {
  return liveReports(db).selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function listUserReports(db: DB, userId: number) {
  return liveReports(db)
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One page of the user's live reports, newest first, optionally of some statuses only. */
export async function pageUserReports(
  db: DB,
  userId: number,
  q: { limit: number; offset: number; statuses?: Report['status'][] },
) {
  let base = liveReports(db).where('user_id', '=', userId);
  if (q.statuses?.length) base = base.where('status', 'in', q.statuses);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function listValues(db: DB, reportId: number) {
  return db
    .selectFrom('report_values')
    .selectAll()
    .where('report_id', '=', reportId)
    .orderBy('position')
    .execute();
}

/** The values of several reports in one query, grouped by report id. */
export async function listValuesByReport(
  db: DB,
  reportIds: number[],
): Promise<Map<number, ReportValueRow[]>> {
  const byReport = new Map<number, ReportValueRow[]>(reportIds.map((id) => [id, []]));
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .selectFrom('report_values')
    .selectAll()
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byReport.get(row.report_id)?.push(row);
  return byReport;
}

export async function deleteReportRow(db: DB, id: number): Promise<void> {
  await db.deleteFrom('reports').where('id', '=', id).execute();
}

/** Deletes several reports; answers the ids and file keys of those that existed. */
export function deleteReportRows(db: DB, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.deleteFrom('reports').where('id', 'in', ids).returning(['id', 'storage_key']).execute();
}

/** pending → processing, only from a state that may start; returns false when another run has it. */
export async function claimForProcessing(db: DB, id: number): Promise<Report | undefined> {
  return db
    .updateTable('reports')
    .set((eb) => ({
      status: 'processing',
      processing_started_at: new Date(),
      error_message: null,
      // The new attempt's steps are its own (decision 246); the engine tells the first at once.
      analysis_stage: null,
      attempts: eb('attempts', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * processing → pending for an attempt put back in the queue because the machine was too busy for
 * it (worker.ts): the patient sees it waiting, not failed. Only by the attempt holding the claim.
 */
export async function putBackPending(db: DB, id: number, attempt: number): Promise<boolean> {
  const done = await db
    .updateTable('reports')
    .set({ status: 'pending', error_message: null, analysis_stage: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function markPending(db: DB, id: number): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'pending', error_message: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

/**
 * completed → pending for a report whose analysis was made by another engine version (with
 * `force`, whatever the version). Only reports whose file is still stored: without it the old
 * analysis is all there is. Returns false when nothing changed (not completed, already current,
 * or another request got there first).
 */
export async function markForReanalysis(
  db: DB,
  id: number,
  engineVersion: string,
  options: { force?: boolean } = {},
): Promise<boolean> {
  let q = db
    .updateTable('reports')
    .set({ status: 'pending', error_message: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('storage_key', 'is not', null);
  if (!options.force)
    q = q.where((eb) => eb.or([eb('engine_version', 'is', null), eb('engine_version', '!=', engineVersion)]));
  const row = await q.returning('id').executeTakeFirst();
  return !!row;
}

/** Ids of completed reports analysed by another engine version (or every completed one), oldest first. */
export async function listReportsToReanalyze(
  db: DB,
  engineVersion: string,
  options: { all: boolean; limit?: number },
): Promise<number[]> {
  let q = db
    .selectFrom('reports')
    .select('id')
    .where('status', '=', 'completed')
    .where('storage_key', 'is not', null);
  if (!options.all)
    q = q.where((eb) => eb.or([eb('engine_version', 'is', null), eb('engine_version', '!=', engineVersion)]));
  if (options.limit) q = q.limit(options.limit);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** How a batch of reports stands: counts by status, and how many are done by this engine version. */
export async function batchProgress(db: DB, ids: number[], engineVersion: string) {
  if (ids.length === 0) return { pending: 0, processing: 0, completed: 0, failed: 0, gone: 0, current: 0 };
  const rows = await db
    .selectFrom('reports')
    .select(['status', 'engine_version'])
    .where('id', 'in', ids)
    .execute();
  const count = (s: string) => rows.filter((r) => r.status === s).length;
  return {
    pending: count('pending'),
    processing: count('processing'),
    completed: count('completed'),
    failed: count('failed'),
    gone: ids.length - rows.length + count('deleted'),
    current: rows.filter((r) => r.status === 'completed' && r.engine_version === engineVersion).length,
  };
}

/**
 * The step the running attempt is at (decision 246): one UPDATE of one row by its key, only while
 * `attempt` still holds the report, so a stale attempt's late step never shows on a newer one.
 * updated_at stays: a step is progress, not a change to the report.
 */
export async function recordStage(
  db: DB,
  id: number,
  attempt: number,
  stage: NonNullable<Report['analysis_stage']>,
): Promise<void> {
  await db
    .updateTable('reports')
    .set({ analysis_stage: stage })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('attempts', '=', attempt)
    .execute();
}

/**
 * Fails the report, only while `attempt` is still the claim that holds it (see markCompleted):
 * a stale attempt's failure must not overwrite a newer attempt's result. False when it was stale.
 */
export async function markFailed(db: DB, id: number, attempt: number, reason: string): Promise<boolean> {
  const now = new Date();
  const done = await db
    .updateTable('reports')
    .set({
      status: 'failed',
      error_message: reason,
      analysis_stage: null,
      processing_completed_at: now,
      processing_time_seconds: sql<number>`round(extract(epoch from now() - processing_started_at)::numeric, 2)`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/**
 * A completed analysis of the same bytes in the same language by the same engine version, to
 * reuse (the cache key is content hash + language + engine version).
 */
export function findCachedAnalysis(
  db: DB,
  key: { contentHash: string; language: 'en' | 'hi'; engineVersion: string },
  excludeId: number,
) {
  return (
    db
      .selectFrom('reports')
      .selectAll()
      .where('content_hash', '=', key.contentHash)
      .where('language', '=', key.language)
      .where('engine_version', '=', key.engineVersion)
      .where('status', '=', 'completed')
      .where('id', '!=', excludeId)
      // A value its patient typed in is no reading of the file's (decision 243): not copied to another.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('report_values as rv')
              .select('rv.id')
              .whereRef('rv.report_id', '=', 'reports.id')
              .where('rv.entered_at', 'is not', null),
          ),
        ),
      )
      .orderBy('processing_completed_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

export interface CompletedAnalysis {
  report_type: string;
  summary: string;
  key_findings: string[];
  recommendations: string[];
  impressions: string[];
  confidence_score: number;
  ai_model_version: string;
  engine_version: string;
  analysis_result: Record<string, unknown>;
  cache_hit: boolean;
}

/**
 * Thrown inside a completion's transaction when the report is no longer held by this attempt: a
 * later attempt claimed it (this worker was thought dead: its job expired and ran again), or it
 * was deleted or completed meanwhile. The transaction rolls back; nothing of this attempt is kept.
 */
export class StaleAttempt extends Error {
  constructor(id: number, attempt: number) {
    super(`report ${id}: attempt ${attempt} no longer holds the analysis`);
  }
}

/**
 * Stores the result on the report, only while `attempt` (the `attempts` count its claim set) is
 * still the claim that holds it with status 'processing': one report gets one result, from the
 * last claim, however many workers ran it (decision 097). Row-locked by the UPDATE, so two
 * completions of one report run one after the other and the second finds itself stale.
 */
async function markCompleted(
  db: DB,
  id: number,
  attempt: number,
  analysis: CompletedAnalysis,
  startedAt: Date,
): Promise<void> {
  const now = new Date();
  const done = await db
    .updateTable('reports')
    .set({
      status: 'completed',
      report_type: analysis.report_type,
      summary: analysis.summary,
      key_findings: JSON.stringify(analysis.key_findings),
      recommendations: JSON.stringify(analysis.recommendations),
      impressions: JSON.stringify(analysis.impressions),
      analysis_result: JSON.stringify(analysis.analysis_result),
      confidence_score: analysis.confidence_score,
      ai_model_version: analysis.ai_model_version,
      engine_version: analysis.engine_version,
      cache_hit: analysis.cache_hit,
      error_message: null,
      analysis_stage: null,
      processing_completed_at: now,
      processing_time_seconds: Math.round((now.getTime() - startedAt.getTime()) / 10) / 100,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  if (done.numUpdatedRows === 0n) throw new StaleAttempt(id, attempt);
  // A re-analysis (completed → pending → processing) replaces the earlier values.
  await db.deleteFrom('report_values').where('report_id', '=', id).execute();
  if (analysis.analysis_result.document_kind === 'not_medical') await flagNotMedical(db, id);
}

/**
 * An upload the analysis finds is not a medical report goes to the moderation queue, low
 * severity, through the same path as the chat's auto-flags (decision 045): `is_flagged` with an
 * `auto:` reason, and migration 0071's trigger stamps flagged_at and makes it pending. Only a
 * report never in the queue: a staff flag or a decision already taken (a re-analysis, a cache
 * copy) is left as it is.
 */
async function flagNotMedical(db: DB, id: number): Promise<void> {
  await db
    .updateTable('reports')
    .set({ is_flagged: true, flag_reason: NOT_MEDICAL_FLAG })
    .where('id', '=', id)
    .where('is_flagged', '=', false)
    .where('moderation_status', 'is', null)
    .execute();
}

/** Stores a finished analysis and every extracted value (call inside a transaction). */
export async function saveCompletedAnalysis(
  db: DB,
  id: number,
  attempt: number,
  analysis: CompletedAnalysis,
  values: ExtractedValue[],
  startedAt: Date,
): Promise<void> {
  await markCompleted(db, id, attempt, analysis, startedAt);
  if (values.length) {
    await db
      .insertInto('report_values')
      .values(values.map((v, i) => ({ report_id: id, ...toValueRow(v, i) })))
      .execute();
  }
}

/**
 * A cache hit: the analysis of the same bytes, copied into this report with its own value
 * rows (so deleting either report never touches the other). Call inside a transaction.
 */
export async function copyCachedAnalysis(
  db: DB,
  id: number,
  attempt: number,
  from: Report,
  startedAt: Date,
): Promise<void> {
  await markCompleted(
    db,
    id,
    attempt,
    {
      report_type: from.report_type ?? 'other',
      summary: from.summary ?? '',
      key_findings: from.key_findings,
      recommendations: from.recommendations,
      impressions: from.impressions,
      confidence_score: from.confidence_score ?? 0,
      ai_model_version: from.ai_model_version ?? '',
      engine_version: from.engine_version ?? '',
      analysis_result: from.analysis_result ?? {},
      cache_hit: true,
    },
    startedAt,
  );
  await db
    .insertInto('report_values')
    .columns(['report_id', ...VALUE_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('report_values')
        .select([eb.val(id).as('report_id'), ...VALUE_COLUMNS])
        .where('report_id', '=', from.id),
    )
    .execute();
}

/**
 * The analysis worded again in another language (decision 241): only the words and the language
 * change; values, flags, confidence and the engine version stay. Only the owner's completed
 * report still in the language it was read in is changed (a concurrent re-analysis or a second
 * click finds nothing to change). True when it was stored.
 */
export async function saveExplanation(
  db: DB,
  owner: { userId: number; reportId: number; from: 'en' | 'hi' },
  explanation: {
    language: 'en' | 'hi';
    summary: string;
    key_findings: string[];
    recommendations: string[];
    analysis_result: Record<string, unknown>;
    ai_model_version: string;
  },
): Promise<boolean> {
  const done = await db
    .updateTable('reports')
    .set({
      language: explanation.language,
      summary: explanation.summary,
      key_findings: JSON.stringify(explanation.key_findings),
      recommendations: JSON.stringify(explanation.recommendations),
      analysis_result: JSON.stringify(explanation.analysis_result),
      ai_model_version: explanation.ai_model_version,
      updated_at: new Date(),
    })
    .where('id', '=', owner.reportId)
    .where('user_id', '=', owner.userId)
    .where('status', '=', 'completed')
    .where('language', '=', owner.from)
    .where(liveReport())
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/**
 * An analysis from before its unread tests were stored, asked for in the other language: the
 * file is read again in that language (the only way to word its unread tests), as a re-analysis.
 */
export async function requeueInLanguage(
  db: DB,
  owner: { userId: number; reportId: number },
  language: 'en' | 'hi',
): Promise<boolean> {
  const row = await db
    .updateTable('reports')
    .set({ status: 'pending', language, error_message: null, updated_at: new Date() })
    .where('id', '=', owner.reportId)
    .where('user_id', '=', owner.userId)
    .where('status', '=', 'completed')
    .where('storage_key', 'is not', null)
    .where(liveReport())
    .returning('id')
    .executeTakeFirst();
  return !!row;
}
