import { z } from 'zod';

/**
 * The query values every paged call shares, defined with the endpoint table so an entry's query
 * schema and the API's list queries give the same answers ('limit must be at most 50'). A value
 * out of range is a 400 that says what is allowed, never a silent clamp.
 */

/** '' and missing are the same: clients send empty filters. */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A whole number within min..max, with the messages every endpoint answers (`limit must be at most 50`). */
export const wholeIn = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** A whole-number query value within min..max (page, limit, days…); missing or empty: `fallback`. */
export const wholeParam = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, wholeIn(name, min, max).default(fallback));

/** The page number of every paged call: 1 when missing, whole, at least 1. */
export const pageParam = wholeParam('page', 1, 1_000_000, 1);

/**
 * The one list-query convention of the API: page + limit (or the `per_page` / `offset` names a
 * call uses), sort_by from a named list of columns, sort_order, a literal search and a date range.
 * Limits are capped (100 unless a call says otherwise); a value out of range is a 400 that says
 * what is allowed, never a silent clamp, so a client sees its mistake.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;

type SortOrder = 'asc' | 'desc';

export interface ListQuery<S extends string = string> {
  page: number;
  limit: number;
  offset: number;
  sort_by: S;
  sort_order: SortOrder;
  /** Trimmed; undefined when empty. Match it with `containsText`, which is literal. */
  search?: string;
  /** Inclusive start of the day (UTC midnight of date_from), when given. */
  from?: Date;
  /** Exclusive end: the day after date_to, so a date_to of today includes all of today. */
  to?: Date;
}

export interface ListQueryOptions<S extends string> {
  /** The query key of the page size: 'limit' (default) or 'per_page'. */
  limitKey?: 'limit' | 'per_page';
  /** Pages by `offset` (skip) instead of `page`. */
  offsetPaging?: boolean;
  defaultLimit?: number;
  maxLimit?: number;
  defaultSort?: S;
  defaultOrder?: SortOrder;
  /** The query keys of the date range: ['date_from','date_to'] (default) or e.g. ['start_date','end_date']. */
  dateKeys?: readonly [string, string];
}

/** A whole-number query value, optional: missing or empty means none. */
export const optionalWholeParam = (name: string, min: number, max: number) =>
  z.preprocess(emptyToUndefined, wholeIn(name, min, max).optional());

const DATE_RE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date (YYYY-MM-DD) or ISO timestamp; a day alone means that whole day. */
export const dateParam = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(DATE_RE, `${name} must be a date like 2026-01-31`)
      .refine((s) => !Number.isNaN(Date.parse(s)), `${name} is not a valid date`)
      .optional(),
  );

function dayStart(s: string): Date {
  return new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
}
function dayEndExclusive(s: string): Date {
  if (s.length !== 10) return new Date(s);
  const d = dayStart(s);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** A boolean query flag: 'true' / 'false' (and 1/0); empty means "any". */
export const boolParam = (name: string) =>
  z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      if (e === undefined || e === 'all') return undefined;
      if (e === 'true' || e === '1' || e === true) return true;
      if (e === 'false' || e === '0' || e === false) return false;
      return e;
    },
    z.boolean({ message: `${name} must be true or false` }).optional(),
  );

/** An optional enum filter ('' and 'all' mean "any"). */
export const enumParam = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.preprocess(
    (v) => (v === 'all' ? undefined : emptyToUndefined(v)),
    z.enum(values, { message: `${name} must be one of: ${values.join(', ')}` }).optional(),
  );

/** An optional positive integer filter (an id); anything else is a 400. */
export const idFilter = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .positive(`${name} must be a positive number`)
      .max(2_147_483_647, `${name} is too large`)
      .optional(),
  );

export const searchParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v)),
  z.string().max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
);

type ExtraOut<E extends z.ZodRawShape> = { [K in keyof E]: z.output<E[K]> };

/**
 * The list-query schema of one call: `listQuery(['created_at','email'], {...}, { status: ... })`.
 * Its output is a ListQuery plus the extra filters.
 */
export function listQuery<
  const S extends readonly [string, ...string[]],
  E extends z.ZodRawShape = Record<never, z.ZodType>,
>(sorts: S, options: ListQueryOptions<S[number]> = {}, extra: E = {} as E) {
  const limitKey = options.limitKey ?? 'limit';
  const maxLimit = options.maxLimit ?? MAX_PAGE_SIZE;
  const [fromKey, toKey] = options.dateKeys ?? ['date_from', 'date_to'];
  const defaultSort = options.defaultSort ?? (sorts.includes('created_at') ? 'created_at' : sorts[0]);
  const shape: Record<string, z.ZodType> = {
    page: pageParam,
    offset: wholeParam('offset', 0, 100_000_000, 0),
    [limitKey]: wholeParam(limitKey, 1, maxLimit, options.defaultLimit ?? DEFAULT_PAGE_SIZE),
    sort_by: z.preprocess(
      emptyToUndefined,
      z
        .enum(sorts, { message: `sort_by must be one of: ${sorts.join(', ')}` })
        .default(defaultSort as S[number]),
    ),
    sort_order: z.preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() || undefined : emptyToUndefined(v)),
      z
        .enum(['asc', 'desc'], { message: 'sort_order must be asc or desc' })
        .default(options.defaultOrder ?? 'desc'),
    ),
    search: searchParam,
    [fromKey]: dateParam(fromKey),
    [toKey]: dateParam(toKey),
    ...extra,
  };
  return z
    .object(shape)
    .refine(
      (q: Record<string, unknown>) => {
        const from = q[fromKey] as string | undefined;
        const to = q[toKey] as string | undefined;
        return !from || !to || dayStart(from) < dayEndExclusive(to);
      },
      { message: `${fromKey} must not be after ${toKey}`, path: [fromKey] },
    )
    .transform((q: Record<string, unknown>): ListQuery<S[number]> & ExtraOut<E> => {
      const limit = q[limitKey] as number;
      const page = options.offsetPaging ? Math.floor((q.offset as number) / limit) + 1 : (q.page as number);
      const offset = options.offsetPaging ? (q.offset as number) : (page - 1) * limit;
      const from = q[fromKey] as string | undefined;
      const to = q[toKey] as string | undefined;
      const rest = Object.fromEntries(Object.keys(extra).map((k) => [k, q[k]])) as ExtraOut<E>;
      const list: ListQuery<S[number]> = {
        page,
        limit,
        offset,
        sort_by: q.sort_by as S[number],
        sort_order: q.sort_order as SortOrder,
        search: q.search as string | undefined,
        from: from ? dayStart(from) : undefined,
        to: to ? dayEndExclusive(to) : undefined,
      };
      return { ...rest, ...list };
    });
}
