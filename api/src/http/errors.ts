import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { StorageUnavailable } from '../storage/storage';
import { AppError, notFound } from '../kernel/errors';

/** Express 4 does not catch rejected promises: every async handler goes through this. */
export function route(
  fn: (...args: Parameters<RequestHandler>) => Promise<unknown> | unknown,
): RequestHandler {
  return (req, res, next) => {
    Promise.resolve(fn(req, res, next)).catch(next);
  };
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.baseUrl}${req.path}`));
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** The one error handler: `{"detail": ...}` with the right status, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (err instanceof AppError) {
      if (err.headers) res.set(err.headers);
      res.status(err.status).json({
        detail: err.detail,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.code ? { code: err.code } : {}),
      });
      return;
    }
    const bp = err as BodyParserError;
    if (bp.type === 'entity.parse.failed') {
      res.status(400).json({ detail: 'Malformed JSON in request body' });
      return;
    }
    if (bp.type === 'entity.too.large') {
      res.status(413).json({ detail: 'Request body is too large' });
      return;
    }
    if (bp.type === 'encoding.unsupported' || bp.type === 'charset.unsupported') {
      res.status(415).json({ detail: 'Unsupported request body encoding' });
      return;
    }
    const status = bp.status ?? bp.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ detail: err instanceof Error ? err.message : 'Bad request' });
      return;
    }
    if (isDiskFull(err)) {
      // Someone must free space: an error for the operator, a plain answer for the user. The
      // upload's partial file is removed and no report row exists (decision 098).
      logger.error({ err: { message: (err as Error).message }, reqId: req.id }, 'no space left on a disk');
      res.set('Retry-After', '60').status(507).json({ detail: STORAGE_FULL });
      return;
    }
    if (err instanceof StorageUnavailable) {
      logger.warn({ err: { message: err.message }, reqId: req.id }, 'file storage unavailable');
      res.set('Retry-After', '5').status(503).json({ detail: STORAGE_UNAVAILABLE });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or unreachable: say so, and let the client retry; the pool
      // reconnects by itself once it is back (docs/decisions/094).
      logger.warn(
        { err: { message: (err as Error).message, code: (err as { code?: string }).code }, reqId: req.id },
        'database unavailable',
      );
      res.set('Retry-After', '5').status(503).json({ detail: DATABASE_UNAVAILABLE });
      return;
    }
    // The error's kind, message and stack only: a database error's other fields (detail,
    // parameters) can carry the values of the request (an e-mail, a search).
    const e = err as Error & { code?: unknown };
    logger.error(
      { err: { type: e?.name, message: e?.message, stack: e?.stack, code: e?.code }, reqId: req.id },
      'unhandled error',
    );
    res.status(500).json({ detail: 'Internal server error' });
  };
}

export const STORAGE_FULL =
  'The server has no space left to store files, so nothing was saved. Please try again later.';

/** No space left where the product writes: its file storage (ENOSPC, a quota: EDQUOT) or PostgreSQL's disk (53100). */
function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

export const STORAGE_UNAVAILABLE =
  'The service is briefly unavailable: file storage cannot be reached. Please try again in a minute.';

export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable: its database cannot be reached. Please try again in a minute.';

/** Connection-level failures (the server down, restarting, or refusing), not a query's own error. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03', // admin_shutdown, crash_shutdown, cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const cause = (err as { errors?: unknown[] }).errors; // AggregateError from a dual-stack connect
  if (Array.isArray(cause) && cause.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}
