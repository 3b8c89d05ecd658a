import { badRequest } from '../kernel/errors';

export const NUL_REFUSED = 'Text must not contain NUL characters';
export const INVALID_UNICODE = 'Text must be valid Unicode (a lone UTF-16 surrogate was sent)';

/**
 * Text the database cannot take is refused at the edge, one rule for every route: any string (or
 * object key) in params, query or body holding
 * - a NUL: PostgreSQL cannot store U+0000 in text;
 * - a lone UTF-16 surrogate ("\ud800" in JSON): not Unicode at all; written into a jsonb column
 *   (security events, audit details) PostgreSQL refuses the escape, which surfaced as a 500.
 * Either is a 400 before any handler runs.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function rejectInvalidText(...inputs: unknown[]): void {
  const stack: unknown[] = [...inputs];
  let visited = 0;
  const check = (s: string) => {
    if (s.includes('\u0000')) throw badRequest(NUL_REFUSED);
    if (LONE_SURROGATE.test(s)) throw badRequest(INVALID_UNICODE);
  };
  while (stack.length) {
    const v = stack.pop();
    if (++visited > 100_000) return; // the JSON size limit bounds this; a guard against pathological shapes
    if (typeof v === 'string') check(v);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        check(k);
        stack.push(x);
      }
    }
  }
}

/** The route table's name for the same rule (it began with NUL bytes alone). */
export const rejectNulBytes = rejectInvalidText;
