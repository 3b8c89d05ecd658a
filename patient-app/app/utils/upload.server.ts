import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { UPLOAD_MESSAGES, UPLOAD_RULES } from '@reportsaathi/contracts/reports';
import { requireUser } from './auth.server';
import { setFlashCookie } from './cookies.server';
import { refusal } from './submit.server';
import { uploadForm } from './upload-form';

/** A refusal of the file, shown by the picker (the form's only field). */
function refused(message: string, status: number) {
  const result: SubmissionResult<string[]> = { status: 'error', error: { file: [message] } };
  return data({ result }, { status });
}

/**
 * /upload's action: the file checked by the form's schema (the browser ran the same one), sent to
 * the API, which checks the bytes again; its refusal (a renamed file, an empty one) is shown by
 * the picker too. The chosen file is never sent back into the page.
 */
export async function uploadAction(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context);
  // Refuse an oversized body before reading it (a multipart envelope adds a little over the file).
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (length > UPLOAD_RULES.maxBytes + 64 * 1024) return refused(UPLOAD_MESSAGES.tooLarge, 413);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused(UPLOAD_MESSAGES.noFile, 400);
  }
  const submission = parseWithZod(form, { schema: uploadForm });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['file'] }) }, { status: 400 });
  const { file, uploadKey: key } = submission.value;

  try {
    const body = new FormData();
    body.append('file', file, file.name);
    const created = await api.reports.upload({}, { form: body, idempotencyKey: key || undefined });
    return redirect(`/analysis/${created.id}`, {
      headers: {
        'Set-Cookie': setFlashCookie(request, { kind: 'success', message: 'Report uploaded successfully!' }),
      },
    });
  } catch (err) {
    const { status, message } = refusal(err, 'Failed to upload report');
    return refused(message, status);
  }
}
