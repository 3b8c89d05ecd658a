// @ts-nocheck
import type { ZodType } from 'zod';

/**
 * An antd Form rule from a contracts schema field, so a form refuses exactly what the API refuses,
 * with the same message (one place for each rule).
 */
export function zodRule(schema: ZodType) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
