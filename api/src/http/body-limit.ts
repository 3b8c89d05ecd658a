import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { UPLOAD_RULES } from '@reportsaathi/contracts';

/**
 * One body-size policy for every surface (decision 210): the API, the patient app's actions and
 * loaders, the share page, the back office's pages and the uploads, whether the body declares its
 * length or comes chunked. A body past its limit is answered 413 and the connection closed before
 * another byte is read: a declared Content-Length is refused at once, and a chunked body is counted
 * as it arrives, at the one place every reader (express.json, multer, Remix's request stream,
 * Node's own discarding of an unread body) takes its bytes from — the request's push().
 */
const KB = 1024;
/** Multipart envelope around a file: boundaries, headers, the form's small fields. */
const ENVELOPE = 64 * KB;
/** The back office's max_upload_mb setting may go up to 100 (settings.defaults.ts); multer applies the setting. */
const API_UPLOAD_CAP = 100 * KB * KB + ENVELOPE;

export const BODY_LIMITS = {
  /** JSON to /api/v1 (express.json's limit too). */
  api: 1024 * KB,
  /** The two upload routes of the API, streamed to disk by multer. */
  apiUpload: API_UPLOAD_CAP,
  /** The patient app's upload page, which holds the form in memory: the product's 10 MB rule. */
  pageUpload: UPLOAD_RULES.maxBytes + ENVELOPE,
  /** Every other page: sign-in, the share page's PIN, settings forms, a 5000-character note. */
  page: 64 * KB,
} as const;

const API_UPLOAD = /^\/api\/v1\/(reports\/upload|guest\/session\/[^/]+\/upload)\/?(\?|$)/;

/** The limit of one request, by where it goes. */
export function bodyLimitFor(method: string | undefined, url: string): number {
  if (url.startsWith('/api/'))
    return method === 'POST' && API_UPLOAD.test(url) ? BODY_LIMITS.apiUpload : BODY_LIMITS.api;
  if (method === 'POST' && /^\/upload\/?(\?|$)/.test(url)) return BODY_LIMITS.pageUpload;
  return BODY_LIMITS.page;
}

const BOUND = Symbol('body-bound');
const OVER = Symbol('body-over-limit');

/**
 * After the 413, what is still in flight is read and dropped for a moment (never kept), up to
 * LINGER_BYTES or LINGER_MS, then the connection is cut. Cutting at once makes the kernel answer
 * the unread bytes with a reset, and a client still sending then loses the 413 (nginx's
 * lingering close, for the same reason).
 */
const LINGER_BYTES = 4 * KB * KB;
const LINGER_MS = 2000;

type Bounded = IncomingMessage & { [BOUND]?: true; [OVER]?: true };

/** True once a request went past its limit (its 413 is sent; later errors of its readers are noise). */
export function wentOverLimit(req: IncomingMessage): boolean {
  return (req as Bounded)[OVER] === true;
}

/**
 * The bound, as the first middleware of a surface. Installed once per request (the API router is
 * mounted inside the one-process server, which bounds first).
 */
export function boundRequestBody(limitFor = bodyLimitFor): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const r = req as unknown as Bounded;
    if (r[BOUND]) return next();
    r[BOUND] = true;
    const limit = limitFor(req.method, req.originalUrl ?? req.url);
    const tooLarge = () =>
      Object.assign(new Error(`Request body is too large (at most ${Math.floor(limit / KB)} kB here)`), {
        status: 413,
        type: 'entity.too.large',
      });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      refuse(req, res, tooLarge());
      return;
    }
    let received = 0;
    let dropped = 0;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (r[OVER]) {
        // Past the limit: nothing more reaches a reader. The sender's end, or too much more, cuts
        // the connection, and the reader fails instead of taking a truncated body as whole.
        dropped += chunk === null ? 0 : (chunk as Buffer).length;
        if (chunk === null || dropped > LINGER_BYTES) req.destroy(tooLarge());
        return true;
      }
      if (chunk === null) return push(chunk);
      received += (chunk as Buffer).length;
      if (received <= limit) return push(chunk, encoding);
      refuse(req, res, tooLarge());
      return true;
    };
    next();
  };
}

function refuse(req: Request, res: Response, error: Error): void {
  (req as unknown as Bounded)[OVER] = true;
  const socket = req.socket;
  if (res.headersSent) {
    // The answer is out already (a redirect that did not read the body): just stop the sender.
    req.destroy(error);
    return;
  }
  const api = (req.originalUrl ?? req.url).startsWith('/api/');
  res.writeHead(413, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  // Node closes a Connection: close socket at once when the answer is written; here it only
  // half-closes, and the connection is cut after the lingering moment.
  socket.destroySoon = () => socket.end();
  res.end(api ? JSON.stringify({ detail: error.message }) : `413 ${error.message}`);
  res.once('finish', () => setTimeout(() => req.destroy(error), LINGER_MS).unref());
  // The 413 is the answer. A reader that then fails and tries an answer of its own (Express's
  // final handler writes one after reading to the end) must not throw on headers already sent.
  const ignored = () => res;
  Object.assign(res, {
    writeHead: ignored,
    setHeader: ignored,
    removeHeader: () => undefined,
    appendHeader: ignored,
    write: () => true,
    end: ignored,
  });
}
