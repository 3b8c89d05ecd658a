import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import type { ChatsExportResponse } from '@reportsaathi/contracts/user';
import { z } from 'zod';
import { ApiError } from '../utils/api.server';
import { apiRefusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { jsonDownload, streamDownload, today } from '../utils/download.server';
import { safeRedirect } from '../utils/redirect';

/**
 * File downloads of the panel (a resource route: no page of its own).
 * GET  ?what=report&id=&format=json|csv          one report with its analysis and chats
 * GET  ?what=chats&format=&report_id=&date_from=&date_to=   chat history
 * GET  ?what=fhir[&id=]                             FHIR R4 bundle of one report, or of the account
 * POST format, include_*, date_from, date_to       everything the user owns (JSON, or CSV files in a ZIP)
 * A failure goes back to the page it came from with the spec's message as a toast.
 */
function back(request: Request, url: URL, fallback: string): string {
  const from = url.searchParams.get('back');
  if (from) return safeRedirect(from, fallback);
  const ref = request.headers.get('Referer');
  if (ref) {
    try {
      const r = new URL(ref);
      if (r.host === url.host) return safeRedirect(r.pathname + r.search, fallback);
    } catch {
      // an unreadable Referer: use the fallback
    }
  }
  return fallback;
}

function failed(request: Request, to: string, message: string) {
  return redirect(to, {
    headers: { 'Set-Cookie': setFlashCookie(request, { kind: 'error', message }) },
  });
}

const detail = (err: unknown) => apiRefusal(err).detail;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const q = url.searchParams;
  const format = q.get('format') === 'csv' ? 'csv' : 'json';
  if (q.get('what') === 'fhir') {
    const raw = q.get('id');
    const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    const to = back(request, url, id ? `/analysis/${id}` : '/user/reports');
    try {
      return id
        ? streamDownload(await api.fhir.report.raw({ params: { id } }), `report_${id}_fhir_r4.json`)
        : streamDownload(await api.fhir.account.raw(), `health_record_fhir_r4_${today()}.json`);
    } catch (err) {
      return failed(request, to, `Failed to export the health record: ${detail(err)}`);
    }
  }
  if (q.get('what') === 'report') {
    const id = Number(q.get('id'));
    const to = back(request, url, '/user/reports');
    if (!Number.isInteger(id) || id <= 0)
      return failed(request, to, 'Failed to export report: Report not found');
    const opts = { include_analysis: true, include_chats: true };
    try {
      if (format === 'csv')
        return streamDownload(
          await api.userExport.report.raw({ params: { id }, query: { ...opts, format: 'csv' } }),
          `report_${id}_export.csv`,
        );
      const body = await api.userExport.report({ params: { id }, query: { ...opts, format: 'json' } });
      if (!body) throw new ApiError(500, 'The report export sent no answer');
      return jsonDownload(body.filename || `report_${id}_export.json`, body.export_data);
    } catch (err) {
      return failed(request, to, `Failed to export report: ${detail(err)}`);
    }
  }
  const to = back(request, url, '/user/chats');
  const rid = q.get('report_id');
  const opts = {
    report_id: rid && /^\d{1,10}$/.test(rid) ? Number(rid) : undefined,
    date_from: q.get('date_from') || undefined,
    date_to: q.get('date_to') || undefined,
  };
  const name = opts.report_id ? `chats_report_${opts.report_id}_export` : `chat_history_export_${today()}`;
  try {
    if (format === 'csv')
      return streamDownload(
        await api.userExport.chats.raw({ query: { ...opts, format: 'csv' } }),
        `${name}.csv`,
      );
    // The JSON form is an answer the schema leaves to the handler (the file form is the CSV).
    const res = await api.userExport.chats.raw({ query: { ...opts, format: 'json' } });
    const body = (await res.json()) as ChatsExportResponse;
    return jsonDownload(body.filename || `${name}.json`, body.export_data);
  } catch (err) {
    return failed(request, to, `Failed to export chats: ${detail(err)}`);
  }
}

/** An unticked box is absent from the post: it means false (the API's own default is true). */
const ticked = z.boolean().default(false);

/**
 * The profile page's export forms: "Export My Data" (`scope=all`: everything, as JSON) or the
 * chosen format, parts and dates. The dates are the API's to check (it answers the range rule).
 */
const exportForm = z.object({
  back: z.string().optional(),
  scope: z.literal('all').optional(),
  format: z.enum(['json', 'csv', 'fhir']).default('json'),
  include_analysis: ticked,
  include_chats: ticked,
  include_feedback: ticked,
  date_from: z.string().optional(),
  date_to: z.string().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const form = await request.formData();
  const to = safeRedirect(String(form.get('back') ?? ''), back(request, url, '/user/profile'));
  const submission = parseWithZod(form, { schema: exportForm });
  if (submission.status !== 'success') return failed(request, to, 'Failed to export data');
  const { scope, format, back: _back, ...parts } = submission.value;
  const full = scope === 'all';
  const input = full ? {} : parts;
  try {
    // The health-record standard: every analysed report as one FHIR R4 bundle.
    if (!full && format === 'fhir')
      return streamDownload(await api.fhir.account.raw(), `health_record_fhir_r4_${today()}.json`);
    if (!full && format === 'csv')
      return streamDownload(
        await api.userExport.data.raw({ body: { ...input, format: 'csv' } }),
        `user_data_export_${today()}.zip`,
      );
    // Streamed through as the API writes it: a large export is never held here either.
    const file = await api.userExport.data.raw({ body: { ...input, format: 'json', download: true } });
    return full
      ? streamDownload(file, `my_account_data_${today()}.json`, { rename: true })
      : streamDownload(file, `user_data_export_${today()}.json`);
  } catch (err) {
    const message = detail(err);
    return failed(request, to, message ? `Failed to export data: ${message}` : 'Failed to export data');
  }
}
