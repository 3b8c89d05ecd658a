import { z } from 'zod';

/** Account security: two-factor sign-in, sessions, IP rules, security events (user and admin). */

/** A 6-digit code from an authenticator app (spaces the app shows between groups are dropped). */
export const totpCodeField = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * The current password, asked again before a security-sensitive change (turning two-factor
 * sign-in on or off, the e-mail one signs in with): a stolen session alone cannot make it.
 */
export const currentPasswordField = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(256, 'Password must be at most 256 characters');

/** Turning two-factor sign-in on: a code of the new secret and the current password. */
export const twoFactorEnableRequest = z.object({ token: totpCodeField, password: currentPasswordField });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequest>;

/** Turning two-factor sign-in off needs the current password (a code alone is not enough). */
export const twoFactorDisableRequest = z.object({ password: currentPasswordField });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequest>;

/** The second step of a sign-in: the challenge from the first step and a code or a recovery code. */
export const twoFactorLoginRequest = z
  .object({
    challenge: z.string({ error: 'Sign-in challenge is missing' }).min(1).max(200),
    code: z.string().max(40).optional(),
    recovery_code: z.string().max(40).optional(),
  })
  .refine((v) => (v.code ?? v.recovery_code ?? '').trim() !== '', {
    message: 'Enter the 6-digit code from your authenticator app',
    path: ['code'],
  });
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequest>;

/** The first step's answer when the account has two-factor sign-in on. */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  expires_at: z.string(),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const twoFactorSetup = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** A PNG of the otpauth URI as a data: URL, for an <img>. */
  qr_code: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  pending_setup: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_remaining: z.number().int().nonnegative(),
  /** Admins only: whether the system requires two-factor sign-in for every admin. */
  required: z.boolean().optional(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorEnabled = z.object({
  enabled: z.literal(true),
  recovery_codes: z.array(z.string()),
  message: z.string(),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabled>;
export const twoFactorDisabled = z.object({ enabled: z.literal(false), message: z.string() });

export const sessionInfo = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.object({ sessions: z.array(sessionInfo) });
/** A session id is a UUID; anything else names no session. */
export const sessionParams = z.object({ id: z.uuid() });
export const sessionRevoked = z.object({ message: z.string(), current: z.boolean() });
export const otherSessionsRevoked = z.object({
  message: z.string(),
  revoked: z.number().int().nonnegative(),
});

export const IP_RULE_KINDS = ['allow', 'block'] as const;
export type IpRuleKind = (typeof IP_RULE_KINDS)[number];

export const ipRestrictionCreate = z.object({
  ip_cidr: z
    .string({ error: 'IP address or CIDR range is required' })
    .trim()
    .min(1, 'IP address or CIDR range is required')
    .max(64, 'Invalid IP address or CIDR range'),
  // "deny" is accepted as another word for block.
  kind: z
    .enum(['allow', 'block', 'deny'], { error: "Rule kind must be 'allow' or 'block'" })
    .transform((k): IpRuleKind => (k === 'deny' ? 'block' : k)),
  description: z.string().trim().max(500).optional(),
  expires_at: z.iso.datetime({ offset: true, error: 'expires_at must be an ISO date-time' }).optional(),
});
export type IpRestrictionCreate = z.input<typeof ipRestrictionCreate>;

/**
 * An edit of a rule: any of its range, kind, note, active flag and expiry. `expires_at: null`
 * (or '') removes the expiry, `description: ''` the note.
 */
export const ipRestrictionUpdate = z
  .object({
    ip_cidr: ipRestrictionCreate.shape.ip_cidr.optional(),
    kind: ipRestrictionCreate.shape.kind.optional(),
    description: z.string().trim().max(500).nullable().optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    expires_at: z
      .union([z.literal('').transform(() => null), z.null(), ipRestrictionCreate.shape.expires_at.unwrap()])
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type IpRestrictionUpdate = z.input<typeof ipRestrictionUpdate>;

export const ipRestriction = z.object({
  id: z.number().int().positive(),
  ip_cidr: z.string(),
  kind: z.enum(IP_RULE_KINDS),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_by: z.number().int().positive().nullable(),
  created_by_username: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type IpRestriction = z.infer<typeof ipRestriction>;
export const ipRestrictionList = z.object({ items: z.array(ipRestriction), total: z.number().int() });

export const SECURITY_EVENT_TYPES = [
  'login_success',
  'login_failed',
  'account_locked',
  'account_unlocked',
  'two_factor_challenge_failed',
  'two_factor_code_reused',
  'two_factor_setup_started',
  'two_factor_enabled',
  'two_factor_enable_failed',
  'two_factor_disabled',
  'two_factor_disable_failed',
  'recovery_code_used',
  'two_factor_required_refused',
  'password_changed',
  'password_change_failed',
  'permission_denied',
  'ip_blocked',
  'ip_rule_created',
  'ip_rule_updated',
  'ip_rule_deleted',
  'ip_rule_refused',
  'session_revoked',
  'sessions_revoked',
  'session_revoke_refused',
  'rate_limited',
  'password_reset_requested',
  'password_reset',
  'email_change_requested',
  'email_changed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

const tally = z.number().int().nonnegative();

export const securityEvent = z.object({
  id: z.number().int().positive(),
  event_type: z.string(),
  severity: z.enum(SECURITY_SEVERITIES),
  user_id: z.number().int().positive().nullable(),
  user_email: z.string().nullable(),
  admin_id: z.number().int().positive().nullable(),
  admin_username: z.string().nullable(),
  ip_address: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;

export const loginAttempt = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['user', 'admin']),
  identifier: z.string(),
  ip_address: z.string().nullable(),
  success: z.boolean(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LoginAttempt = z.infer<typeof loginAttempt>;

/** A page of a staff security list: its items and the paging fields. */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: tally, page: tally, limit: tally, total_pages: tally });
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
}

export const securityStats = z.object({
  days: tally,
  since: z.string(),
  total_events: tally,
  events_by_type: z.record(z.string(), tally),
  events_by_severity: z.record(z.string(), tally),
  login_attempts: z.object({ total: tally, failed: tally, succeeded: tally }),
  locked_accounts: tally,
  blocked_requests: tally,
  active_ip_rules: tally,
  admins_with_2fa: tally,
  admins_total: tally,
  daily: z.array(
    z.object({ date: z.string(), failed_logins: tally, successful_logins: tally, events: tally }),
  ),
});
export type SecurityStats = z.infer<typeof securityStats>;

export const unlockAccountRequest = z.object({
  kind: z.enum(['user', 'admin'], { error: "kind must be 'user' or 'admin'" }),
  identifier: z.string().trim().min(1, 'identifier is required').max(254),
});

/** The 403 answer's `code` when an admin must set up two-factor sign-in before anything else. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';
