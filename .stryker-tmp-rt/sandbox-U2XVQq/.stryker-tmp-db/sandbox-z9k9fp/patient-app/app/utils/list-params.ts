/**
 * The panel lists keep their filters, sort and page in the URL, so a filtered view can be
 * bookmarked, shared and paged without JavaScript. Only known names pass through.
 */
// @ts-nocheck

// 

export function pickParams(search: URLSearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = (search.get(n) ?? '').trim();
    if (v) out[n] = v.slice(0, 200);
  }
  return out;
}

export function withParams(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function pageNumber(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** Same column: flip the order; a new column starts descending (default created_at desc). */
export function nextSort(
  current: { sort_by: string; sort_order: string },
  column: string,
): { sort_by: string; sort_order: 'asc' | 'desc' } {
  if (current.sort_by === column)
    return { sort_by: column, sort_order: current.sort_order === 'desc' ? 'asc' : 'desc' };
  return { sort_by: column, sort_order: 'desc' };
}
