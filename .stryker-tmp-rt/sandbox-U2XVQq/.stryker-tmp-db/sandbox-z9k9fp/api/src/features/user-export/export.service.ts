// @ts-nocheck
// 
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
  type UserDataExport,
} from '@reportsaathi/contracts';
import type { Report, ReportValueRow, User } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import { toPublicUser } from '../auth/auth.service';
import { toChatMessage } from '../chats';
import {
  findUserReport,
  listValuesByReport,
  REPORT_NOT_FOUND,
  toReportListItem,
  toValueView,
} from '../reports';
import { subscriptionHistory, paymentHistory } from '../subscriptions';
import { exportChats, exportFeedback, exportReports, exportValues, type ExportRange } from './export.repo';
import { attachment } from '../../http/content-disposition';

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

/** Everything the user owns in one object; each part read by the user's id. */
export async function buildUserExport(
  deps: AppDeps,
  user: User,
  opts: Omit<DataExportRequest, 'format'>,
): Promise<UserDataExport> {
  const range = rangeOf(opts);
  const [reports, values, chats, feedback, subscriptions, payments] = await Promise.all([
    exportReports(deps.db, user.id, range),
    opts.include_analysis ? exportValues(deps.db, user.id, range) : Promise.resolve([]),
    opts.include_chats ? exportChats(deps.db, user.id, range) : Promise.resolve([]),
    opts.include_feedback ? exportFeedback(deps.db, user.id, range) : Promise.resolve([]),
    subscriptionHistory(deps.db, user.id),
    paymentHistory(deps.db, user.id),
  ]);
  const byReport = new Map<number, ReportValueRow[]>();
  for (const v of values) {
    const list = byReport.get(v.report_id);
    if (list) list.push(v);
    else byReport.set(v.report_id, [v]);
  }
  const profile = toPublicUser(user);
  return {
    export_info: {
      exported_at: new Date().toISOString(),
      format: 'json',
      date_from: opts.date_from ?? null,
      date_to: opts.date_to ?? null,
      include_analysis: opts.include_analysis,
      include_chats: opts.include_chats,
      include_feedback: opts.include_feedback,
    },
    profile,
    preferences: profile.preferences,
    retention: retentionOf(user),
    reports: reports.map((r) => reportView(r, byReport.get(r.id), opts.include_analysis)),
    chats: chats.map((c) => toChatMessage(c, c)),
    feedback: feedback.map(toFeedbackView),
    subscriptions,
    payments,
  };
}

// Cells starting with = + - @ are escaped, so a spreadsheet never runs a user's text as a formula.
const csv = (rows: object[], columns?: string[]) =>
  Papa.unparse(rows as Record<string, unknown>[], { escapeFormulae: true, columns, newline: '\r\n' });

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
  'flag',
];
const CHAT_COLUMNS = ['id', 'report_id', 'report_filename', 'message', 'response', 'created_at'];

function reportRow(r: ExportedReport) {
  return {
    ...r,
    key_findings: r.key_findings.join(' | '),
    recommendations: r.recommendations.join(' | '),
  };
}

/** The export as CSV files in a ZIP, streamed to the response (never one buffer of the whole). */
export async function sendUserExportZip(
  res: Response,
  data: UserDataExport,
  filename: string,
): Promise<void> {
  const zip = new JSZip();
  zip.file('profile.csv', csv([{ ...data.profile, preferences: JSON.stringify(data.preferences) }]));
  zip.file('reports.csv', csv(data.reports.map(reportRow), REPORT_COLUMNS));
  if (data.export_info.include_analysis)
    zip.file(
      'report_values.csv',
      csv(
        data.reports.flatMap((r) => (r.values ?? []).map((v) => ({ report_id: r.id, ...v }))),
        VALUE_COLUMNS,
      ),
    );
  if (data.export_info.include_chats) zip.file('chats.csv', csv(data.chats, CHAT_COLUMNS));
  if (data.export_info.include_feedback)
    zip.file(
      'feedback.csv',
      csv(data.feedback, ['id', 'report_id', 'chat_id', 'rating', 'comment', 'admin_response', 'created_at']),
    );
  zip.file('subscriptions.csv', csv(data.subscriptions));
  zip.file('payments.csv', csv(data.payments));
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
  const report = await findUserReport(deps.db, userId, reportId);
  if (!report) throw notFound(REPORT_NOT_FOUND);
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
  for (const v of data.report.values ?? []) rows.push({ record_type: 'value', id: data.report.id, ...v });
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

export async function buildChatsExport(
  deps: AppDeps,
  userId: number,
  q: { report_id?: number; date_from?: string; date_to?: string },
): Promise<ChatMessage[]> {
  if (q.report_id && !(await findUserReport(deps.db, userId, q.report_id))) throw notFound(REPORT_NOT_FOUND);
  const rows = await exportChats(deps.db, userId, { ...rangeOf(q), reportId: q.report_id });
  return rows.map((c) => toChatMessage(c, c));
}

export const chatsCsv = (chats: ChatMessage[]) => csv(chats, CHAT_COLUMNS);
