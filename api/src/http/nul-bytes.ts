import { badRequest } from '../kernel/errors';

export const NUL_REFUSED = 'Text must not contain NUL characters';

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in a request would surface as a
 * database error. One rule at the edge: any string in params, query or body holding one is a 400.
 */
export function rejectNulBytes(...inputs: unknown[]): void {
  const stack: unknown[] = [...inputs];
  let visited = 0;
  while (stack.length) {
    const v = stack.pop();
    if (++visited > 100_000) return; // the JSON size limit bounds this; a guard against pathological shapes
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw badRequest(NUL_REFUSED);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (k.includes('\u0000')) throw badRequest(NUL_REFUSED);
        stack.push(x);
      }
    }
  }
}
