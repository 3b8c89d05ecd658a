// @ts-nocheck
import { z } from 'zod';

/** Every API error: {"detail": "..."}; validation errors add per-field messages. */
export const errorResponse = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
