import { z } from 'zod';

import { ANALYSIS_STAGES, REPORT_STATUSES } from './constants';
import { optionalWholeParam } from './query-params';
import { shownReportValue } from './report-value';

// Defined in the zod-free constants module, so a page that only lists them ships no zod.
export {
  ANALYSIS_STAGES,
  CHAT_NOT_FOUND,
  REPORT_NOT_FOUND,
  REPORT_STATUSES,
  REPORT_TYPES,
  TREND_NOT_FOUND,
  type AnalysisStage,
  type ReportStatus,
  type ReportType,
} from './constants';

export {
  FLAGS,
  QUALIFIERS,
  REF_SOURCES,
  shownValue,
  type Flag,
  type Qualifier,
  type RefSource,
} from './shown-value';

export const FEEDBACK_RATINGS = ['helpful', 'not_helpful', 'irrelevant'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** An upload is one file, of these types, at most 10 MB. */
export const UPLOAD_RULES = {
  maxBytes: 10 * 1024 * 1024,
  minBytes: 1,
  extensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt'] as const,
  mimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const,
  accept: '.pdf,.png,.jpg,.jpeg,.txt,application/pdf,image/png,image/jpeg,text/plain',
} as const;
export type FileKind = 'pdf' | 'png' | 'jpg' | 'txt';

export const UPLOAD_MESSAGES = {
  noFile: 'Please select a file to upload',
  badType: 'File type must be one of application/pdf, image/png, image/jpeg, text/plain',
  tooLarge: `File is larger than ${UPLOAD_RULES.maxBytes} bytes`,
  tooSmall: `File is smaller than ${UPLOAD_RULES.minBytes} bytes`,
  tooMany: 'Too many files',
} as const;

/** Client-side check shared by both upload screens; the API checks again, by the bytes. */
export function checkUploadFile(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return UPLOAD_MESSAGES.noFile;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(UPLOAD_RULES.extensions as readonly string[]).includes(ext)) return UPLOAD_MESSAGES.badType;
  if (file.size > UPLOAD_RULES.maxBytes) return UPLOAD_MESSAGES.tooLarge;
  if (file.size < UPLOAD_RULES.minBytes) return UPLOAD_MESSAGES.tooSmall;
  return null;
}

export {
  enteredValueRequest,
  PATIENT_ENTERED_FIELDS,
  reportValue,
  reportValueParams,
  shownReportValue,
  type EnteredValueRequest,
  type PatientEnteredField,
  type ReportValue,
  type ShownReportValue,
} from './report-value';

/** The user's view of a report, plus the extracted values. */
export const userReport = z.object({
  id: z.number(),
  filename: z.string(),
  original_filename: z.string(),
  file_type: z.string(),
  file_size: z.number(),
  status: z.enum(REPORT_STATUSES),
  analysis_status: z.enum(REPORT_STATUSES),
  analysis_completed: z.boolean(),
  analysis_result: z.object({ summary: z.string() }).nullable(),
  summary: z.string().nullable(),
  confidence_score: z.number().nullable(),
  key_findings: z.array(z.string()),
  recommendations: z.array(z.string()),
  ai_model_version: z.string().nullable(),
  cache_hit: z.boolean(),
  report_type: z.string().nullable(),
  error_message: z.string().nullable(),
  language: z.enum(['en', 'hi']),
  created_at: z.string(),
  updated_at: z.string(),
  processing_started_at: z.string().nullable(),
  processing_completed_at: z.string().nullable(),
  processing_time_seconds: z.number().nullable(),
  /** While status is 'processing': the step the analysis is at (decision 246); null otherwise. */
  analysis_stage: z.enum(ANALYSIS_STAGES).nullable().optional(),
  /** The sample's day ('YYYY-MM-DD'): as printed, as the patient corrected it, or the upload's. */
  sample_date: z.string().optional(),
  /** The lab's name as printed on the report, when the engine read one. */
  lab_name: z.string().nullable().optional(),
  values: z.array(shownReportValue),
});
export type UserReport = z.infer<typeof userReport>;

export const uploadResponse = z.object({
  id: z.number(),
  report_id: z.number(),
  status: z.enum(REPORT_STATUSES),
});

export const chatRequest = z.object({
  report_id: z.coerce.number().int().positive('Report id must be a positive number'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message must be at most 2000 characters'),
});
export type ChatRequest = z.infer<typeof chatRequest>;

export const chatMessage = z.object({
  id: z.number(),
  report_id: z.number(),
  report_filename: z.string(),
  sender: z.literal('user'),
  message: z.string(),
  response: z.string().nullable(),
  ai_model_used: z.string().nullable(),
  user_feedback: z.enum(FEEDBACK_RATINGS).nullable(),
  timestamp: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const feedbackRequest = z.object({
  report_id: z.coerce.number().int().positive('Report id must be a positive number'),
  chat_id: z.coerce.number().int().positive().optional().nullable(),
  rating: z.enum(FEEDBACK_RATINGS, { error: 'Rating must be helpful, not_helpful or irrelevant' }),
  comment: z.string().trim().max(2000, 'Comment must be at most 2000 characters').optional().nullable(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;
/** POST /feedback: the stored rating. */
export const feedbackResponse = z.object({
  id: z.number().int().positive(),
  rating: z.enum(FEEDBACK_RATINGS),
  created_at: z.iso.datetime(),
  message: z.string(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponse>;

/** GET /reports: the user's reports, newest first (values omitted in the list). */
export const reportListItem = userReport.omit({ values: true });
export type ReportListItem = z.infer<typeof reportListItem>;
export const reportListResponse = z.object({ reports: z.array(reportListItem), total: z.number() });
export type ReportListResponse = z.infer<typeof reportListResponse>;

/** GET /chats/report/{id} */
export const chatListResponse = z.object({ chats: z.array(chatMessage) });

const LIVE_STATUSES = REPORT_STATUSES.filter((st) => st !== 'deleted');
/** GET /reports: optional paging, and a status list (e.g. pending,processing for polling). */
export const reportsPageQuery = z.object({
  page: optionalWholeParam('page', 1, 1_000_000),
  limit: optionalWholeParam('limit', 1, 100),
  status: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.split(',').map((x) => x.trim()) : undefined),
    z.array(z.enum(LIVE_STATUSES, { error: `status must be among: ${LIVE_STATUSES.join(', ')}` })).optional(),
  ),
});
/** Without page, limit or status the answer is the whole list; with them, one page. */
export const reportsPage = reportListResponse.extend({
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  total_pages: z.number().int().positive(),
});
export const uploadedReport = uploadResponse.extend({ message: z.string() });
export const analysisRequested = z.object({ id: z.number(), status: z.enum(REPORT_STATUSES) });
/** "Explain in हिन्दी / English" (decision 241). */
export const explainRequest = z.object({ language: z.enum(['en', 'hi']) }).strict();
export const explanationRequested = analysisRequested.extend({ language: z.enum(['en', 'hi']) });
