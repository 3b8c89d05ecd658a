import { z } from 'zod';
import { ADMIN_ROLES } from './permissions';
import { MESSAGES } from './constants';

export * from './constants';

export const PASSWORD_MIN = 6;
export const FULL_NAME_MIN = 2;

// A standard e-mail pattern: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .max(254, MESSAGES.emailInvalid)
  .transform((e) => e.toLowerCase());

export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordMin)
  .max(256, 'Password must be at most 256 characters');

export const fullNameField = z
  .string({ error: MESSAGES.fullNameRequired })
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .min(FULL_NAME_MIN, MESSAGES.fullNameMin)
  .max(200, 'Full name must be at most 200 characters');

export const loginRequest = z.object({ email: emailField, password: passwordField });
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z.object({
  email: emailField,
  password: passwordField,
  full_name: fullNameField,
  /** The language of the confirmation mail and the account's starting language. */
  language: z.enum(['en', 'hi']).optional(),
  /**
   * Consent is given, never assumed (DPDP Act 2023; decision 231): both start off unless the
   * person ticks them on the form.
   */
  allow_data_for_training: z.boolean().optional(),
  share_usage_analytics: z.boolean().optional(),
  /** The guest session this person used before registering: its analyses move into the account. */
  guest_session_id: z.string().uuid().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The register form adds a confirmation field that never reaches the API. */
export const registerForm = registerRequest
  .extend({
    confirm_password: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.passwordsMismatch,
    path: ['confirm_password'],
  });

export const adminLoginRequest = z.object({
  username: z.string({ error: MESSAGES.adminBoth }).trim().min(1, MESSAGES.adminBoth),
  password: z.string({ error: MESSAGES.adminBoth }).min(1, MESSAGES.adminBoth),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const userPreferences = z.object({
  theme: z.enum(['light', 'dark', 'auto']).default('light'),
  language: z.enum(['en', 'hi']).default('en'),
  timezone: z.string().default('Asia/Kolkata'),
  email_notifications: z.boolean().default(true),
  push_notifications: z.boolean().default(false),
  report_completion_notify: z.boolean().default(true),
  marketing_emails: z.boolean().default(false),
  data_retention_days: z.number().int().default(365),
  auto_delete_old_reports: z.boolean().default(false),
  allow_data_for_training: z.boolean().default(false),
  profile_visibility: z.enum(['private', 'public']).default('private'),
  share_usage_analytics: z.boolean().default(false),
});
export type UserPreferences = z.infer<typeof userPreferences>;
export const DEFAULT_PREFERENCES: UserPreferences = userPreferences.parse({});

export const publicUser = z.object({
  id: z.number(),
  email: z.string(),
  full_name: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  preferences: userPreferences,
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const loginResponse = z.object({ token: z.string(), user: publicUser });
export type LoginResponse = z.infer<typeof loginResponse>;

export const adminRole = z.enum(ADMIN_ROLES);

export const adminMe = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  role: z.string(),
  permissions: z.array(z.string()),
  last_login: z.string().nullable(),
});
export type AdminMe = z.infer<typeof adminMe>;

export const adminLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  admin: adminMe,
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;
