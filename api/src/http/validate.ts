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

// Id path parameters are defined once, with the endpoint table.
export { idParams, positiveId } from '@reportsaathi/contracts';
