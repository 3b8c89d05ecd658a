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
