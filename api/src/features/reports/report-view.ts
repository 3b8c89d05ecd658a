import type { ReportListItem, UserReport } from '@reportsaathi/contracts';
import type { Report, ReportValueRow } from '@reportsaathi/db';
import { calendarDay } from '../../kernel/calendar-day';
import { toValueView } from './value-row';
import { valueKnowledge } from './value-knowledge';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The step a running analysis is at (decision 246); null unless it is being analysed now, so a
 * step left by an attempt that ended without clearing it (a crashed worker) never shows on a
 * report that waits, failed or is done.
 */
export function runningStage(r: Pick<Report, 'status' | 'analysis_stage'>): Report['analysis_stage'] {
  return r.status === 'processing' ? r.analysis_stage : null;
}

/** The user's view of a report: what its owner may see of it. */
export function toReportListItem(r: Report): ReportListItem {
  return {
    id: r.id,
    filename: r.original_filename,
    original_filename: r.original_filename,
    file_type: r.file_type,
    file_size: r.file_size,
    status: r.status,
    analysis_status: r.status,
    analysis_completed: r.status === 'completed',
    analysis_result: r.summary ? { summary: r.summary } : null,
    summary: r.summary,
    confidence_score: r.confidence_score,
    key_findings: r.key_findings ?? [],
    recommendations: r.recommendations ?? [],
    ai_model_version: r.ai_model_version,
    cache_hit: r.cache_hit,
    report_type: r.report_type,
    error_message: r.error_message,
    language: r.language,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    processing_started_at: iso(r.processing_started_at),
    processing_completed_at: iso(r.processing_completed_at),
    processing_time_seconds: r.processing_time_seconds,
  };
}

/** `readerLanguage`: the language of each value's "what it measures" line (the report's own by default). */
export function toUserReport(
  r: Report,
  values: ReportValueRow[],
  readerLanguage: 'en' | 'hi' = r.language,
): UserReport {
  const printed = (r.analysis_result?.patient ?? null) as { lab?: unknown } | null;
  return {
    ...toReportListItem(r),
    analysis_stage: runningStage(r),
    // The day the sample was taken (printed, corrected by the patient, or the upload's day).
    sample_date: calendarDay(r.taken_on),
    lab_name: typeof printed?.lab === 'string' ? printed.lab : null,
    values: values.map((v) => ({ ...toValueView(v), ...valueKnowledge(v.canonical_id, readerLanguage) })),
  };
}
