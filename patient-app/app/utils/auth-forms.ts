import { z } from 'zod';

/**
 * The sign-in's second step (decision on two-factor sign-in): one field takes the 6-digit code or a
 * recovery code, the API tells them apart. The challenge comes back from the password step in a
 * hidden field, so the step needs no script.
 */
export const CODE_REQUIRED = 'Enter the 6-digit code or a recovery code';
export const secondFactorForm = z.object({
  challenge: z.string().min(1),
  email: z.string().optional(),
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40, CODE_REQUIRED),
});
