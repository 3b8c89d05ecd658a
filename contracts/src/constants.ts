/**
 * Messages and names with no zod dependency, so a browser bundle can import them without
 * pulling in the schemas (the admin login page stays small).
 */

/** Validation messages, word for word: the API answers them and the apps show them as they are. */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  fullNameRequired: 'Full name is required',
  fullNameMin: 'Full name must be at least 2 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  adminBoth: 'Please enter both username and password',
} as const;

/** A suspended or deactivated account, refused at sign-in and on every call. */
export const DEACTIVATED_ACCOUNT = 'Account is deactivated. Please contact support.';

/** Cookie and header names shared by the API and both apps. */
export const USER_COOKIE = 'token';
export const ADMIN_COOKIE = 'admin_token';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const USER_TOKEN_DAYS = 7;
export const ADMIN_TOKEN_DAYS = 1;

/** Shown to patients when maintenance starts without a message of its own. */
export const DEFAULT_MAINTENANCE_MESSAGE = 'System is under maintenance. Please try again later.';

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'deleted'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * Where a running analysis is (decision 246), in the engine's order: reading the file, finding the
 * results in its text, checking them, writing the explanation. Shown while status is 'processing'.
 */
export const ANALYSIS_STAGES = ['reading', 'finding', 'checking', 'explaining'] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];

export const REPORT_TYPES = ['blood_test', 'x_ray', 'mri', 'ct_scan', 'ultrasound', 'other'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The one answer for another user's, a deleted or a malformed report id: ids reveal nothing. */
export const REPORT_NOT_FOUND = 'Report not found';

/** The 404 of an analyte the user has no trend for (fewer than two analysed reports measure it). */
export const TREND_NOT_FOUND = 'No trend for this test yet: it needs values from two analysed reports';

/** The one answer for another user's, a deleted or a malformed chat id. */
export const CHAT_NOT_FOUND = 'Chat not found';

/** The back office's answer for a user id that names no account. */
export const USER_NOT_FOUND = 'User not found';
/** The 404 of a guest session id that is unknown, malformed or past its expiry. */
export const GUEST_SESSION_EXPIRED = 'Guest session not found or expired';

/** The one answer for a share token that opens nothing: unknown, expired, revoked or report deleted. */
export const LINK_UNAVAILABLE = 'This link has expired or was turned off. Ask the patient for a new one.';

/** The 404 of a session that is not the caller's, or not live. */
export const SESSION_NOT_FOUND = 'Session not found';
