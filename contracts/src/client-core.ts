/** What every part of the API client shares: its options, a call's options and the error a failed call throws. */

/** A failed call: the server's `detail` (its user-facing message), or a transport message when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: Record<string, string>;
  /** A machine-readable reason some answers carry (e.g. 'two_factor_setup_required'). */
  readonly code: string | null;
  constructor(
    status: number,
    detail: string,
    errors: Record<string, string> = {},
    code: string | null = null,
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.code = code;
  }
  /** The name Refine's HttpError uses for the status. */
  get statusCode(): number {
    return this.status;
  }
}

export interface ApiClientOptions {
  /** e.g. 'http://127.0.0.1:3000/api/v1' on a server, '/api/v1' in a browser. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; browsers leave it out and use the httpOnly cookie. */
  token?: string | null;
  /** Browser mode: send cookies, and the CSRF header on POST/PUT/PATCH/DELETE. */
  browser?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Called when a call made with credentials answers 401 (the session ended); it may throw
   * (a redirect). Not called for the login and registration calls, where 401 is an answer.
   */
  onUnauthorized?: () => void;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  json?: unknown;
  form?: FormData;
  /** A 401 here is a normal answer (wrong password), not an ended session. */
  anonymous?: boolean;
  /** Answer the Response itself on success (files), unread. */
  raw?: boolean;
  /** Extra headers for this call (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** An endpoint's path with its `:name` parameters filled in (each encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** A query string of the given values, leaving out empty ones (the panels send only set filters). */
export function queryString(params: object = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
