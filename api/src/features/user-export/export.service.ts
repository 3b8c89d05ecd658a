import { Readable } from 'node:stream';
import type { Response } from 'express';
import JSZip from 'jszip';
import Papa from 'papaparse';
import {
  DEFAULT_RETENTION,
  retentionSettings,
  type ChatMessage,
  type DataExportRequest,
  type ExportedFeedback,
  type ExportedReport,
  type ReportValue,
  shownValue,
} from '@reportsaathi/contracts';
import type { Report, ReportValueRow, User } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { toPublicUser } from '../auth';
import { toChatMessage } from '../chats';
import { ownReport, listValuesByReport, toReportListItem, toValueView } from '../reports';
import { subscriptionHistory, paymentHistory } from '../subscriptions';
import { exportChats, exportFeedback, exportReports, exportValuesOf, type ExportRange } from './export.repo';
import { attachment } from '../../http/content-disposition';
import { keysetBatches, writeChunk, writeJsonObject } from '../../http/export-stream';

/** The day as the file names show it: 2026-11-22 (India's date). */
export function exportDate(now = new Date()): string {
  return new Date(now.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
}

export function rangeOf(input: { date_from?: string; date_to?: string }): ExportRange {
  const to = input.date_to ? new Date(`${input.date_to}T00:00:00Z`) : undefined;
  // The end day is included whole.
  if (to) to.setUTCDate(to.getUTCDate() + 1);
  return { from: input.date_from ? new Date(`${input.date_from}T00:00:00Z`) : undefined, to };
}

export function retentionOf(user: User) {
  return retentionSettings.parse({ ...DEFAULT_RETENTION, ...(user.retention ?? {}) });
}

/** The analysis fields are left out when the user asks for the files' list only. */
function reportView(r: Report, values: ReportValueRow[] | undefined, withAnalysis: boolean): ExportedReport {
  const base = toReportListItem(r);
  if (!withAnalysis)
    return {
      ...base,
      analysis_result: null,
      summary: null,
      key_findings: [],
      recommendations: [],
      confidence_score: null,
    };
  return { ...base, values: (values ?? []).map(toValueView) };
}

const toFeedbackView = (f: Awaited<ReturnType<typeof exportFeedback>>[number]): ExportedFeedback => ({
  ...f,
  created_at: f.created_at.toISOString(),
});

/** Rows per batch: 1,000 reports carry about 10,000 values, a few MB at most in memory. */
const BATCH = 1_000;

type ExportOptions = Omit<DataExportRequest, 'format' | 'download'>;

/** The user's reports in batches, each with its values when the analysis is asked for. */
async function* reportBatches(
  deps: AppDeps,
  userId: number,
  range: ExportRange,
  withAnalysis: boolean,
): AsyncGenerator<ExportedReport[]> {
  const batches = keysetBatches<Report>(
    (last, size) => exportReports(deps.db, userId, range, last?.id ?? 0, size),
    BATCH,
  );
  for await (const rows of batches) {
    const byReport = new Map<number, ReportValueRow[]>();
    if (withAnalysis)
      for (const v of await exportValuesOf(
        deps.db,
        userId,
        rows.map((r) => r.id),
      )) {
        const list = byReport.get(v.report_id);
        if (list) list.push(v);
        else byReport.set(v.report_id, [v]);
      }
    yield rows.map((r) => reportView(r, byReport.get(r.id), withAnalysis));
  }
}

async function* chatBatches(
  deps: AppDeps,
  userId: number,
  range: ExportRange & { reportId?: number },
): AsyncGenerator<ChatMessage[]> {
  type Row = Awaited<ReturnType<typeof exportChats>>[number];
  const batches = keysetBatches<Row>(
    (last, size) => exportChats(deps.db, userId, range, last?.id ?? 0, size),
    BATCH * 2,
  );
  for await (const rows of batches) yield rows.map((c) => toChatMessage(c, c));
}

async function* feedbackBatches(deps: AppDeps, userId: number, range: ExportRange) {
  type Row = Awaited<ReturnType<typeof exportFeedback>>[number];
  const batches = keysetBatches<Row>(
    (last, size) => exportFeedback(deps.db, userId, range, last?.id ?? 0, size),
    BATCH * 2,
  );
  for await (const rows of batches) yield rows.map(toFeedbackView);
}

async function* none<T>(): AsyncGenerator<T[]> {}

/**
 * The parts of a user's export in the order of `UserDataExport`; the three large ones (reports
 * with their values, chats, feedback) are batch generators, read only as they are written.
 */
export async function userExportParts(deps: AppDeps, user: User, opts: ExportOptions) {
  const range = rangeOf(opts);
  const [subscriptions, payments] = await Promise.all([
    subscriptionHistory(deps.db, user.id),
    paymentHistory(deps.db, user.id),
  ]);
  const profile = toPublicUser(user);
  return {
    export_info: {
      exported_at: new Date().toISOString(),
      format: 'json' as const,
      date_from: opts.date_from ?? null,
      date_to: opts.date_to ?? null,
      include_analysis: opts.include_analysis,
      include_chats: opts.include_chats,
      include_feedback: opts.include_feedback,
    },
    profile,
    preferences: profile.preferences,
    retention: retentionOf(user),
    reports: reportBatches(deps, user.id, range, opts.include_analysis),
    chats: opts.include_chats ? chatBatches(deps, user.id, range) : none<ChatMessage>(),
    feedback: opts.include_feedback ? feedbackBatches(deps, user.id, range) : none<ExportedFeedback>(),
    subscriptions,
    payments,
  };
}

/**
 * The full export written as JSON while it is read (never one object of the whole): either the
 * API's answer `{filename, export_data}` or, as a download, the export itself as a file.
 */
export async function writeUserExportJson(
  res: Response,
  deps: AppDeps,
  user: User,
  opts: ExportOptions,
  filename: string,
  asFile: boolean,
): Promise<void> {
  const p = await userExportParts(deps, user, opts);
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (asFile) res.setHeader('Content-Disposition', attachment(filename));
  else await writeChunk(res, `{"filename":${JSON.stringify(filename)},"export_data":`);
  await writeJsonObject(res, Object.entries(p));
  if (!asFile) await writeChunk(res, '}');
  res.end();
}

// Cells starting with = + - @ are escaped, so a spreadsheet never runs a user's text as a formula.
const csv = (rows: object[], columns?: string[]) =>
  Papa.unparse(rows as Record<string, unknown>[], { escapeFormulae: true, columns, newline: '\r\n' });

/** A CSV file as a stream of its header and then one chunk per batch of rows. */
function csvStream<T>(
  columns: string[],
  batches: AsyncIterable<T[]>,
  toRows: (batch: T[]) => object[] = (b) => b as object[],
): Readable {
  async function* chunks() {
    yield Buffer.from(Papa.unparse([columns], { newline: '\r\n' }) + '\r\n');
    for await (const batch of batches) {
      const rows = toRows(batch);
      if (rows.length === 0) continue;
      const text = Papa.unparse(rows as Record<string, unknown>[], {
        escapeFormulae: true,
        columns,
        header: false,
        newline: '\r\n',
      });
      yield Buffer.from(text + '\r\n');
    }
  }
  return Readable.from(chunks());
}

const REPORT_COLUMNS = [
  'id',
  'filename',
  'file_type',
  'file_size',
  'status',
  'report_type',
  'language',
  'created_at',
  'updated_at',
  'processing_time_seconds',
  'confidence_score',
  'summary',
  'key_findings',
  'recommendations',
];
const VALUE_COLUMNS = [
  'report_id',
  'name',
  'canonical_id',
  'value',
  'unit',
  'ref_low',
  'ref_high',
  'ref_text',
  'ref_source',
  'flag',
  'printed_red',
  // The patient typed this value from the printed report (decision 243): when, and what was read.
  'entered_at',
  'read_as',
];

/** A value's CSV row: the result as printed ('<0.5', never '0.5' for a censored one). */
const valueRow = (v: ReportValue) => ({ ...v, value: shownValue(v) });
const CHAT_COLUMNS = ['id', 'report_id', 'report_filename', 'message', 'response', 'created_at'];
const FEEDBACK_COLUMNS = ['id', 'report_id', 'chat_id', 'rating', 'comment', 'admin_response', 'created_at'];

function reportRow(r: ExportedReport) {
  return {
    ...r,
    key_findings: r.key_findings.join(' | '),
    recommendations: r.recommendations.join(' | '),
  };
}

/**
 * The export as CSV files in a ZIP. Each large file is a stream that jszip reads only when it
 * reaches that file, and the ZIP is streamed to the response as it is compressed, so memory holds
 * a batch, not the export. Reports are read twice (their file, then their values' file) rather
 * than kept.
 */
export async function sendUserExportZip(
  res: Response,
  deps: AppDeps,
  user: User,
  opts: ExportOptions,
  filename: string,
): Promise<void> {
  const range = rangeOf(opts);
  const profile = toPublicUser(user);
  const [subscriptions, payments] = await Promise.all([
    subscriptionHistory(deps.db, user.id),
    paymentHistory(deps.db, user.id),
  ]);
  const zip = new JSZip();
  zip.file('profile.csv', csv([{ ...profile, preferences: JSON.stringify(profile.preferences) }]));
  zip.file(
    'reports.csv',
    csvStream(REPORT_COLUMNS, reportBatches(deps, user.id, range, false), (b) => b.map(reportRow)),
  );
  if (opts.include_analysis)
    zip.file(
      'report_values.csv',
      csvStream(VALUE_COLUMNS, reportBatches(deps, user.id, range, true), (b) =>
        b.flatMap((r) => (r.values ?? []).map((v) => ({ report_id: r.id, ...valueRow(v) }))),
      ),
    );
  if (opts.include_chats) zip.file('chats.csv', csvStream(CHAT_COLUMNS, chatBatches(deps, user.id, range)));
  if (opts.include_feedback)
    zip.file('feedback.csv', csvStream(FEEDBACK_COLUMNS, feedbackBatches(deps, user.id, range)));
  zip.file('subscriptions.csv', csv(subscriptions));
  zip.file('payments.csv', csv(payments));
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', attachment(filename));
  await new Promise<void>((resolve, reject) => {
    zip
      .generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' })
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}

export function sendCsv(res: Response, text: string, filename: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', attachment(filename));
  // A byte-order mark so Excel reads Hindi text as UTF-8.
  res.send(`\uFEFF${text}`);
}

/** One report, with its analysis and values and its chats when asked for. */
export async function buildReportExport(
  deps: AppDeps,
  userId: number,
  reportId: number,
  opts: { include_analysis: boolean; include_chats: boolean },
): Promise<{ report: ExportedReport; chats: ChatMessage[] }> {
  const report = await ownReport(deps.db, userId, reportId);
  const [values, chats] = await Promise.all([
    opts.include_analysis
      ? listValuesByReport(deps.db, [report.id]).then((m) => m.get(report.id))
      : Promise.resolve(undefined),
    opts.include_chats ? exportChats(deps.db, userId, { reportId: report.id }) : Promise.resolve([]),
  ]);
  return {
    report: reportView(report, values, opts.include_analysis),
    chats: chats.map((c) => toChatMessage(c, c)),
  };
}

/** A report as one CSV: a row for the report, one per extracted value, one per chat (record_type says which). */
export function reportCsv(data: { report: ExportedReport; chats: ChatMessage[] }): string {
  const columns = ['record_type', ...REPORT_COLUMNS, ...VALUE_COLUMNS.slice(1), 'message', 'response'];
  const rows: object[] = [{ record_type: 'report', ...reportRow(data.report), values: undefined }];
  for (const v of data.report.values ?? [])
    rows.push({ record_type: 'value', id: data.report.id, ...valueRow(v) });
  for (const c of data.chats)
    rows.push({
      record_type: 'chat',
      id: c.id,
      created_at: c.created_at,
      message: c.message,
      response: c.response,
    });
  return csv(rows, columns);
}

/**
 * The user's chats (of one report, in a date range) as JSON `{filename, export_data: {chats, total}}`
 * or as a CSV file, written batch by batch like the full export.
 */
export async function writeChatsExport(
  res: Response,
  deps: AppDeps,
  userId: number,
  q: { report_id?: number; date_from?: string; date_to?: string; format: 'json' | 'csv' },
  filename: string,
): Promise<void> {
  if (q.report_id) await ownReport(deps.db, userId, q.report_id);
  const batches = chatBatches(deps, userId, { ...rangeOf(q), reportId: q.report_id });
  res.status(200);
  res.setHeader('Cache-Control', 'no-store');
  if (q.format === 'csv') {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachment(filename));
    // A byte-order mark so Excel reads Hindi text as UTF-8.
    await writeChunk(res, '\uFEFF');
    for await (const chunk of csvStream(CHAT_COLUMNS, batches)) await writeChunk(res, String(chunk));
    res.end();
    return;
  }
  let total = 0;
  async function* counted() {
    for await (const rows of batches) {
      total += rows.length;
      yield rows;
    }
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  await writeChunk(res, `{"filename":${JSON.stringify(filename)},"export_data":`);
  await writeJsonObject(res, [
    ['chats', counted()],
    ['total', () => total],
  ]);
  await writeChunk(res, '}');
  res.end();
}
