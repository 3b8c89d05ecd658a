/**
 * Idempotent form submissions: the upload form carries a one-time key, and a second submission with
 * the same key (a double click, a resubmitted page) joins the first one instead of creating a second
 * report. In-flight promises are shared, so even two requests arriving together produce one upload.
 * Per process: behind a load balancer, sticky sessions or the API's own check would be needed.
 */
// @ts-nocheck

// 

const TTL_MS = 10 * 60 * 1000;
const MAX_KEYS = 5000;
const entries = new Map<string, { promise: Promise<unknown>; expires: number }>();

function sweep(now: number): void {
  for (const [key, entry] of entries) {
    if (entry.expires <= now || entries.size > MAX_KEYS) entries.delete(key);
  }
}

export function once<T>(key: string | null, run: () => Promise<T>): Promise<T> {
  if (!key || !/^[\w-]{8,80}$/.test(key)) return run();
  const now = Date.now();
  sweep(now);
  const found = entries.get(key);
  if (found) return found.promise as Promise<T>;
  const promise = run();
  entries.set(key, { promise, expires: now + TTL_MS });
  // A failed attempt may be retried with the same key.
  promise.catch(() => entries.delete(key));
  return promise;
}
