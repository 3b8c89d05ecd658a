import {
  anonymizeRequest,
  changePasswordForm,
  profileUpdateRequest,
  retentionSettings,
} from '@reportsaathi/contracts/user';
import { z } from 'zod';

/**
 * The profile page's forms, one per intent, each the API's own request schema (form-only fields
 * added in contracts: the password's confirmation). They all post to /user/profile, the address
 * the spec gives the page, and the `intent` field tells them apart.
 */
export const profileForms = {
  profile: profileUpdateRequest,
  password: changePasswordForm,
  // Unticked boxes are absent and read as false; the period is one of RETENTION_PERIODS.
  retention: retentionSettings,
  // With every box unticked the form is refused: the API's default ("all of them") is not what
  // a person who unticked everything asked for.
  anonymize: anonymizeRequest.extend({ data_types: anonymizeRequest.shape.data_types.unwrap() }),
  deactivate: z.object({}),
} as const;

export type ProfileIntent = keyof typeof profileForms;

/** A post to /user/profile: one of the forms, by its `intent`. */
export const profilePost = z.discriminatedUnion('intent', [
  profileForms.profile.extend({ intent: z.literal('profile') }),
  profileForms.password.safeExtend({ intent: z.literal('password') }),
  profileForms.retention.extend({ intent: z.literal('retention') }),
  profileForms.anonymize.extend({ intent: z.literal('anonymize') }),
  profileForms.deactivate.extend({ intent: z.literal('deactivate') }),
]);
export type ProfilePost = z.output<typeof profilePost>;
