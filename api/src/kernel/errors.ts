/**
 * The errors every layer may throw: an HTTP status and the `detail` the client sees. The HTTP
 * layer (http/errors.ts) turns them into `{"detail": ...}` answers.
 */
/** An error with the HTTP status and the `detail` the client sees. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    /** A stable machine-readable reason the apps act on (e.g. show the 2FA setup screen). */
    readonly code?: string,
    /** Extra response headers (Retry-After on 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string>) =>
  new AppError(400, detail, errors);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, detail);
export const forbidden = (detail = 'Permission denied') => new AppError(403, detail);
export const notFound = (detail = 'Not found') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const tooMany = (detail: string) => new AppError(429, detail);
