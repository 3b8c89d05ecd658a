import { z } from 'zod';
import { reportValue } from './report-value';

/**
 * Read-only links a patient gives a doctor for one report: `/s/{token}`, opened with a 6-digit PIN
 * shown once, for 1 hour to 30 days (7 days unless chosen), revocable.
 */
export const SHARE_EXPIRY_HOURS = { min: 1, max: 720, default: 168 } as const;
/** The choices the page offers (hours): 1 hour, 1 day, 7 days, 30 days. */
export const SHARE_EXPIRY_CHOICES = [1, 24, 168, 720] as const;

export const createShareLinkRequest = z.object({
  expires_in_hours: z.coerce
    .number({ message: 'Choose how long the link stays open' })
    .int('Choose how long the link stays open')
    .min(SHARE_EXPIRY_HOURS.min, 'A link stays open for at least 1 hour')
    .max(SHARE_EXPIRY_HOURS.max, 'A link stays open for at most 30 days')
    .default(SHARE_EXPIRY_HOURS.default),
  /**
   * What the doctor may see of who the patient is (decision 233): each off unless chosen. Age and
   * sex help read the ranges; the name, the age and the sex are taken as they are when the link is
   * made (name from the account, age and sex as the report printed them).
   */
  include_name: z.boolean().default(false),
  include_age: z.boolean().default(false),
  include_sex: z.boolean().default(false),
});
export type CreateShareLinkRequest = z.input<typeof createShareLinkRequest>;

/** A share token: 32 random bytes, base64url; anything else names nothing. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const shareTokenParams = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN) });

export const unlockShareRequest = z.object({
  pin: z.string({ message: 'Enter the 6-digit PIN' }).regex(/^\d{6}$/, 'Enter the 6-digit PIN'),
});

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

/** The 404 of a link the user does not own, or that does not exist. */
export const LINK_NOT_FOUND = 'Share link not found';

/** A link as its owner sees it (never the PIN; the link itself only while it is active). */
export const shareLink = z.object({
  id: z.number(),
  report_id: z.number(),
  report_name: z.string(),
  status: z.enum(SHARE_LINK_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  view_count: z.number().int(),
  last_viewed_at: z.string().nullable(),
  /** '/s/{token}' while active and readable; the page makes it absolute. */
  path: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;
export const shareLinksResponse = z.object({ links: z.array(shareLink) });

/** The answer to creating a link: the PIN appears here once and never again. */
export const createdShareLink = z.object({ link: shareLink, path: z.string(), pin: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLink>;

export const shareGrant = z.object({ grant: z.string(), expires_at: z.string() });
export type ShareGrant = z.infer<typeof shareGrant>;

/** One point of a shared value's trend: a date and a value, nothing that names another report. */
export const sharedTrendPoint = z.object({
  date: z.string(),
  value: z.number(),
  ref_low: z.number().nullable(),
  ref_high: z.number().nullable(),
  out_of_range: z.boolean(),
  /** The point of the shared report itself. */
  current: z.boolean(),
});
export type SharedTrendPoint = z.infer<typeof sharedTrendPoint>;

/**
 * A shared value: the shown value's fields a doctor needs (decision 170), picked from the one
 * shape so they cannot drift from it, and its trend.
 */
/** The fields of the shown value a shared page has. */
export const SHARED_VALUE_FIELDS = {
  canonical_id: true,
  name: true,
  value: true,
  qualifier: true,
  unit: true,
  ref_low: true,
  ref_high: true,
  ref_text: true,
  ref_source: true,
  flag: true,
  printed_red: true,
  uncertain: true,
  band: true,
} as const;

export const sharedValue = reportValue.pick(SHARED_VALUE_FIELDS).extend({
  /** The body system the test belongs to, and one line on what it measures (results view). */
  panel: z.string().nullable().optional(),
  about: z.string().nullable().optional(),
  /** On a Hindi page, the knowledge base's Hindi name of the test (see shownReportValue). */
  name_hi: z.string().nullable().optional(),
  /** The value's trend across the patient's reports, in this report's unit (2+ points). */
  trend: z.array(sharedTrendPoint),
});
export type SharedValue = z.infer<typeof sharedValue>;

/** Who the patient is, as far as they chose to show it when making the link. */
export const sharedPatient = z.object({
  name: z.string().nullable(),
  age: z.number().nullable(),
  sex: z.string().nullable(),
});
export type SharedPatient = z.infer<typeof sharedPatient>;

/** What a shared link shows: this report's values and explanation, nothing else of the account. */
export const sharedReport = z.object({
  /** null: the patient chose to show none of name, age and sex. */
  patient: sharedPatient.nullable(),
  /** The findings worded for a clinician ("The patient's haemoglobin is …"), out of range first. */
  clinician_findings: z.array(z.string()),
  report_type: z.string().nullable(),
  language: z.enum(['en', 'hi']),
  report_date: z.string(),
  summary: z.string().nullable(),
  key_findings: z.array(z.string()),
  recommendations: z.array(z.string()),
  values: z.array(sharedValue),
  expires_at: z.string(),
});
export type SharedReport = z.infer<typeof sharedReport>;
