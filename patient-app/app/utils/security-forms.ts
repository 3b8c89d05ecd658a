import { twoFactorDisableRequest, twoFactorEnableRequest } from '@reportsaathi/contracts';
import { z } from 'zod';

/**
 * /user/security's forms, one per intent, all posting to the page. Enabling echoes the setup (the
 * secret and its QR) so that a wrong code need not start the setup again.
 */
export const securityForms = {
  setup: z.object({}),
  enable: twoFactorEnableRequest.extend({
    secret: z.string().optional(),
    qr_code: z.string().optional(),
  }),
  disable: twoFactorDisableRequest,
  revoke: z.object({ session_id: z.string().min(1) }),
  revoke_others: z.object({}),
} as const;

export type SecurityIntent = keyof typeof securityForms;

export const securityPost = z.discriminatedUnion('intent', [
  securityForms.setup.extend({ intent: z.literal('setup') }),
  securityForms.enable.extend({ intent: z.literal('enable') }),
  securityForms.disable.extend({ intent: z.literal('disable') }),
  securityForms.revoke.extend({ intent: z.literal('revoke') }),
  securityForms.revoke_others.extend({ intent: z.literal('revoke_others') }),
]);
