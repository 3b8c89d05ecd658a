import { z } from 'zod';
import { AppError } from '../kernel/errors';

/**
 * Parses input with a contracts schema. On failure: 400 with the first message as `detail`
 * and one message per field in `errors` (the validation messages, defined once in contracts/).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    errors[field] ??= issue.message;
  }
  throw new AppError(400, result.error.issues[0]?.message ?? 'Invalid request', errors);
}

/** A positive integer id as a path parameter ("abc", "0", "-1" cannot name anything). */
export const positiveId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .refine((n) => n > 0);

/** Path parameters that are all positive integer ids: `params: idParams('id')`. */
export function idParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, positiveId]))) as z.ZodObject<
    Record<K, typeof positiveId>
  >;
}
