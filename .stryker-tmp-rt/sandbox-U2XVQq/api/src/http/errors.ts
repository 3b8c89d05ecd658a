// @ts-nocheck
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

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
    logger.error({ err, reqId: req.id }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error' });
  };
}
