import type { Flag } from '@reportsaathi/contracts';
import type { ExtractedValue, UnreadValue } from '../types';

/**
 * One verdict per row (decision 190). A row is either
 *  - read: its value is trusted, and `flag` is ours, computed from the range shown beside it;
 *  - read with no range (decision 249): its value is trusted, but there is nothing to judge it by
 *    (no range printed or read whole, no mark of the lab's, and the knowledge base's range could be
 *    applied only by guessing a unit several scales allow): no flag of ours, never "normal"; its
 *    `flag` field holds 'normal' and `ref_source` 'none'; or
 *  - "check it": its value is not trusted, so no flag of ours; only the lab's own printed mark is
 *    quoted ("the report marks it high"), and its `flag` field holds nothing but that mark's
 *    direction (or normal), never a critical.
 * This module is the one place that decides which; explain/ words it, and the summary, key
 * findings, the table, the chat and the share and print pages all read it from here.
 */
export type Verdict =
  | { kind: 'read'; flag: Flag }
  | { kind: 'no_range' }
  | { kind: 'check'; mark: 'high' | 'low' | null; printed: string | null };

/** What the verdict is decided from: the row's trust, flags and where its range came from. */
export type VerdictInput = Pick<ExtractedValue, 'uncertain' | 'flag' | 'flag_printed'> &
  Partial<Pick<ExtractedValue, 'ref_source' | 'value'>>;

/** The direction a lab's printed mark gives (H, HH, High, ↑ / L, LL, Low, ↓), or null. */
export function printedDirection(printed: string | null | undefined): 'high' | 'low' | null {
  if (!printed) return null;
  const p = printed.toLowerCase();
  if (/\b(h|hh|high)\b|↑|▲|^\+$/.test(p)) return 'high';
  if (/\b(l|ll|low)\b|↓|▼|^-$/.test(p)) return 'low';
  return null;
}

/** The `flag` a "check it" row carries: the lab's mark, quoted, or normal (none of ours). */
export function checkItFlag(printed: string | null | undefined): Flag {
  return printedDirection(printed) ?? 'normal';
}

export function verdictOf(v: VerdictInput): Verdict {
  if (v.uncertain) return { kind: 'check', mark: printedDirection(v.flag_printed), printed: v.flag_printed };
  // 'normal' with nothing it was judged against is no verdict: a number with no range.
  if (v.flag === 'normal' && v.ref_source === 'none' && typeof v.value === 'number')
    return { kind: 'no_range' };
  return { kind: 'read', flag: v.flag };
}

/** The row is read, and its flag is anything but normal. */
export function readAndFlagged(v: VerdictInput): boolean {
  const verdict = verdictOf(v);
  return verdict.kind === 'read' && verdict.flag !== 'normal';
}

/**
 * "All within range" may be said only when there is something to say it of, every
 * result-looking line was read (no unread test, no unread line) and every row is read, judged
 * against a range and normal (a row with no range to compare against is not "within range").
 */
export function allReadAndNormal(
  values: VerdictInput[],
  unread: UnreadValue[] = [],
  unreadLines: string[] = [],
): boolean {
  if (values.length === 0 || unread.length > 0 || unreadLines.length > 0) return false;
  return values.every((v) => {
    const verdict = verdictOf(v);
    return verdict.kind === 'read' && verdict.flag === 'normal';
  });
}

/**
 * The ways a result can contradict itself, for the eval and the tests: a "check it" row carrying
 * a flag other than its lab's mark, and a test shown both as "check it" and as read and flagged.
 */
export function selfContradictions(values: ExtractedValue[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    if (v.uncertain && v.flag !== checkItFlag(v.flag_printed))
      out.push(`${v.canonical_id}: "check it" carrying the flag ${v.flag}`);
  }
  const checked = new Set(values.filter((v) => v.uncertain).map((v) => v.canonical_id));
  for (const v of values) {
    if (checked.has(v.canonical_id) && readAndFlagged(v))
      out.push(`${v.canonical_id}: both "check it" and read as ${v.flag}`);
  }
  return out;
}
