import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses input with a contracts schema. On failure: 400 with the first message as `detail`
 * and one message per field in `errors` (the messages of SPEC §5, defined in contracts/).
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

/** A positive integer route parameter; anything else is treated as "not found". */
export function idParam(value: string | undefined, notFoundDetail: string): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new AppError(404, notFoundDetail);
  const id = Number(value);
  if (id <= 0) throw new AppError(404, notFoundDetail);
  return id;
}
