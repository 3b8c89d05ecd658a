import type { Submission, SubmissionResult } from '@conform-to/react';
import type { ApiError } from './api.server';
import { asApiError } from './api-refusal';

/** What a checked form answers with: conform's reply (values kept, messages by field). */
type Replying = Pick<Submission<unknown>, 'reply'>;

/**
 * The API's refusal (its status, detail, field messages) out of a failure. Anything that is not an
 * API answer — the redirect to /login a 401 throws, a bug — propagates, so a page never shows a
 * crash as a form message.
 */
export function apiRefusal(err: unknown): ApiError {
  const refused = asApiError(err);
  if (!refused) throw err;
  return refused;
}

/**
 * The API's refusal as the text to show: its `detail`; `fallback` when it never answered (status
 * 0: down, timed out); `failed` (default `fallback`) when it answered without a detail.
 */
export function refusal(
  err: unknown,
  fallback: string,
  failed = fallback,
): { status: number; message: string; error: ApiError } {
  const error = apiRefusal(err);
  const message = error.status === 0 ? fallback : error.detail || failed;
  // No answer at all is the gateway's failure, not the visitor's.
  return { status: error.status || 502, message, error };
}

export type Sent<T> =
  { ok: true; value: T } | { ok: false; status: number; reply: SubmissionResult<string[]>; error: ApiError };

/**
 * Sends a form that passed its schema to the API. A refusal becomes the form's reply: the detail
 * above the form, the API's own field messages beside their fields, the typed values kept except
 * `hideFields` (passwords are never sent back into the page).
 */
export async function submitToApi<T>(
  submission: Replying,
  send: () => Promise<T>,
  options: { fallback: string; failed?: string; hideFields?: string[] },
): Promise<Sent<T>> {
  try {
    return { ok: true, value: await send() };
  } catch (err) {
    const { status, message, error } = refusal(err, options.fallback, options.failed);
    const fieldErrors: Record<string, string[]> = {};
    for (const [name, text] of Object.entries(error.errors)) fieldErrors[name] = [text];
    return {
      ok: false,
      status,
      error,
      reply: submission.reply({ formErrors: [message], fieldErrors, hideFields: options.hideFields }),
    };
  }
}
