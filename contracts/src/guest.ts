import { z } from 'zod';
import { GUEST_SESSION_EXPIRED } from './constants';
import { positiveId } from './endpoint';
import { ANALYSIS_STAGES, REPORT_STATUSES, shownReportValue } from './reports';

/** Guest free analyzer: its calls and its messages. */
export const GUEST_MESSAGES = {
  noSession: 'No guest session available',
  createFailed: 'Failed to create session. Please try again.',
  uploadLimit: (n: number) => `Upload limit reached. You can upload ${n} more files today.`,
  analysisLimit: (n: number) => `Analysis limit reached. You can analyze ${n} more reports today.`,
  uploadFailed: 'Failed to upload and analyze report',
  analysisFailed: 'Analysis failed. Please try again.',
  timeout: 'Analysis is taking longer than expected. Please check back later.',
  resultsFailed: 'Failed to get analysis results',
  uploaded: 'File uploaded successfully!',
  analysisStarted: 'Analysis started! This may take 1-2 minutes...',
  sessionExpired: GUEST_SESSION_EXPIRED,
} as const;

export const GUEST_POLL_MS = 5000;
export const GUEST_POLL_MAX = 60;

export const guestSession = z.object({
  session_id: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type GuestSession = z.infer<typeof guestSession>;

export const guestRateLimits = z.object({
  can_upload: z.boolean(),
  can_analyze: z.boolean(),
  uploads_remaining: z.number(),
  analyses_remaining: z.number(),
  uploads_limit: z.number(),
  analyses_limit: z.number(),
  /** When the day's allowance starts again (midnight in India), for "you can try again after …". */
  resets_at: z.string().optional(),
});
export type GuestRateLimits = z.infer<typeof guestRateLimits>;

/** The language the explanation is written in: the one the guest reads the site in (decision 221). */
export const guestUploadQuery = z.object({ language: z.enum(['en', 'hi']).optional() });

export const guestUploadResponse = z.object({ report_id: z.number(), message: z.string() });

export const guestReport = z.object({
  id: z.number(),
  original_filename: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** While status is 'processing': the step the analysis is at (decision 246); null otherwise. */
  analysis_stage: z.enum(ANALYSIS_STAGES).nullable().optional(),
  summary: z.string().nullable(),
  key_findings: z.array(z.string()),
  recommendations: z.array(z.string()),
  confidence_score: z.number().nullable(),
  report_type: z.string().nullable(),
  file_size: z.number(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  values: z.array(shownReportValue),
});
export type GuestReport = z.infer<typeof guestReport>;

/** A guest session id is a UUID; anything else cannot name a session. */
export const guestSessionParams = z.object({ sid: z.string().regex(/^[0-9a-f-]{36}$/i) });
export const guestReportParams = guestSessionParams.extend({ rid: positiveId });
export const guestAnalysisRequested = z.object({
  report_id: z.number(),
  status: z.enum(REPORT_STATUSES),
  message: z.string(),
});
export const guestReportList = z.object({ reports: z.array(guestReport) });
