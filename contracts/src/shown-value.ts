/**
 * How a result reads on every surface (the analysis page, the printout, the shared page, the
 * exports), with no zod dependency so a page can import it (decision 170).
 */

/** A value's flag, computed from its range (the lab's own mark is `flag_printed`). */
export const FLAGS = ['low', 'normal', 'high', 'critical_low', 'critical_high', 'abnormal'] as const;
export type Flag = (typeof FLAGS)[number];

/** The mark of a censored result: '<0.5' is the value 0.5 with the qualifier '<'. */
export const QUALIFIERS = ['<', '>'] as const;
export type Qualifier = (typeof QUALIFIERS)[number];

/** Where a value's range came from: the report, or the knowledge base when the report printed none. */
export const REF_SOURCES = ['report', 'knowledge_base', 'none'] as const;
export type RefSource = (typeof REF_SOURCES)[number];

/**
 * A result as the report printed it: '<0.5', '>2000', '14.2', 'Nil'. A censored value is never
 * shown without its mark: '<0.5' read as '0.5' is another result.
 */
export function shownValue(v: { value: number | string; qualifier?: string | null }): string {
  return `${v.qualifier ?? ''}${String(v.value)}`;
}
