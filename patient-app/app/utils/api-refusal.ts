import { ApiError } from '@reportsaathi/contracts/client';

/**
 * The API's refusal (its status, detail and field messages) out of a failure, or null when the
 * failure is something else (a redirect, a bug, a network error of the browser's own). The one
 * place in the patient app that tells an API answer from other failures; `submit.server.ts` builds
 * the actions' rules on it, and the guest analyser (which calls the API from the browser) reads it.
 */
export function asApiError(err: unknown): ApiError | null {
  return err instanceof ApiError ? err : null;
}
