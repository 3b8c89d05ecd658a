import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { reportDateRequest } from '@reportsaathi/contracts/user';
import { z } from 'zod';
import { requireUser } from './auth.server';
import { setFlashCookie } from './cookies.server';
import { safeRedirect } from './redirect';
import { refusal } from './submit.server';

const reportId = z.number({ error: 'Report not found' }).int('Report not found').positive('Report not found');

/** "Use the printed date": the report only. */
const resetForm = z.object({ report_id: reportId, back: z.string().optional() });
/** A corrected date: the API's own rule for it (an empty field is the rule's "YYYY-MM-DD" message). */
const saveForm = resetForm.extend({
  collected_on: z
    .string({ error: 'Date must be written as YYYY-MM-DD' })
    .pipe(reportDateRequest.shape.collected_on.unwrap()),
});

/**
 * The patient corrects a report's sample date (a report that prints none sits at its upload day, a
 * photo may have been read wrongly), or lets the printed one apply again; the API checks that the
 * report is theirs. Back to the charts with a toast either way.
 */
export async function trendsDateAction(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const reset = form.get('intent') === 'reset';
  const submission = reset
    ? parseWithZod(form, { schema: resetForm })
    : parseWithZod(form, { schema: saveForm });
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/trends');
  let flash: { kind: 'success' | 'error'; message: string };
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).find((m) => m?.[0])?.[0];
    flash = { kind: 'error', message: first ?? 'Failed to save the date' };
  } else {
    const { value } = submission;
    const date =
      'collected_on' in value && typeof value.collected_on === 'string' ? value.collected_on : null;
    flash = {
      kind: 'success',
      message: date
        ? 'Report date saved: the trends now place it on that day'
        : 'The printed date applies again',
    };
    try {
      await api.trends.setReportDate({
        params: { id: submission.value.report_id },
        body: { collected_on: date },
      });
    } catch (err) {
      flash = { kind: 'error', message: refusal(err, 'Failed to save the date').message };
    }
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}
