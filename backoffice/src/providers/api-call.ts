import type { HttpError } from '@refinedev/core';
import type { ApiClient } from '@reportsaathi/contracts/client';
import { api, ApiError, sessionEpoch } from './http';

/** A failed call as Refine expects it, tagged with the sign-in it was sent under (see http.ts). */
export function toHttpError(error: unknown, epoch: number): HttpError {
  if (error instanceof ApiError) {
    return {
      name: 'ApiError',
      message: error.detail,
      statusCode: error.status,
      errors: error.errors,
      sessionEpoch: epoch,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { name: 'Error', message, statusCode: 0, sessionEpoch: epoch };
}

/**
 * Every API call of the back office: a typed contracts-client call (`c => c.adminUsers.suspend(...)`),
 * its failure in the one shape Refine's auth provider reads (so a 401 signs out the same way
 * whichever screen or hook made the call).
 */
export async function apiCall<T>(call: (client: ApiClient) => Promise<T>): Promise<T> {
  const epoch = sessionEpoch();
  try {
    return await call(api);
  } catch (error) {
    throw toHttpError(error, epoch);
  }
}
