import type { BulkDeleteAnswer } from '@reportsaathi/contracts/admin';

/** The role badge shows the role with underscores as spaces, upper case. */
export function formatRole(role: string | null | undefined): string {
  return (role ?? '').replace(/_/g, ' ').toUpperCase();
}

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, e.g. '22 Nov 2026'; `empty` when there is none. */
export function formatDate(value: string | null | undefined, empty = '—'): string {
  const date = parse(value);
  return date ? DATE.format(date) : empty;
}

/** A moment, e.g. '22 Nov 2026, 02:30 pm'; `empty` when there is none. */
export function formatDateTime(value: string | null | undefined, empty = '—'): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : empty;
}

/** A file size in B, KB, MB or GB with two decimals (bytes as a whole number). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

/** Processing time: seconds under a minute, otherwise minutes, to one decimal. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  return seconds < 60 ? `${seconds.toFixed(1)}s` : `${(seconds / 60).toFixed(1)}m`;
}

/** A 0..1 confidence as a percent with one decimal (admin views), or N/A. */
export function formatConfidence(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return 'N/A';
  return `${(score * 100).toFixed(1)}%`;
}

/** Today's date as YYYY-MM-DD, for download names like users_export_{date}.csv. */
export function todayStamp(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** An error's message for '…: {message}' texts. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

const COUNT = new Intl.NumberFormat('en-IN');

/**
 * A count with its noun in the right number: '1 user', '0 users', '12,500 users'; with `estimate`
 * (a total the API estimated past its counting threshold, decision 050) 'about 100,000 users'.
 * `plural` for nouns that do not just take an s.
 */
export function countOf(
  n: number,
  singular: string,
  options: { plural?: string; estimate?: boolean } = {},
): string {
  const noun = n === 1 ? singular : (options.plural ?? `${singular}s`);
  return `${options.estimate ? 'about ' : ''}${COUNT.format(n)} ${noun}`;
}

/**
 * The toast after a bulk delete, from the API's answer (a BulkDeleteAnswer, as the data provider
 * hands it on untyped): '3 reports deleted', plus the named ones that were already gone.
 */
export function bulkDeletedText(answer: object | undefined, noun: string, fallback: number): string {
  const { deleted, missing_ids } = (answer ?? {}) as Partial<BulkDeleteAnswer>;
  const count = typeof deleted === 'number' ? deleted : fallback;
  const missing = Array.isArray(missing_ids) ? missing_ids.length : 0;
  const gone = missing ? ` (${countOf(missing, noun)} already gone)` : '';
  return `${countOf(count, noun)} deleted${gone}`;
}
