import { chatRequest, enteredValueRequest, feedbackRequest } from '@reportsaathi/contracts/reports';
import { createShareLinkRequest } from '@reportsaathi/contracts/share-links';
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';

/** Which printed value a value form is about: its place in the report's list. */
const position = z
  .number({ error: 'Which value is unclear' })
  .int('Which value is unclear')
  .min(0, 'Which value is unclear')
  .max(9999, 'Which value is unclear');

/**
 * The analysis page's forms, each the API's own request schema without what the address already
 * says (the report id). They all post to /analysis/:id and the `intent` field tells them apart;
 * the browser checks each form by its own schema before it is sent (conform), the action by the
 * union below.
 */
export const analysisForms = {
  analyze: z.object({}),
  explain: z.object({}),
  share: createShareLinkRequest,
  // Something must be typed; whether it reads as a number is the API's to judge (its own reader).
  'enter-value': enteredValueRequest.extend({ position }),
  'undo-value': z.object({ position }),
  chat: chatRequest.pick({ message: true }),
  feedback: feedbackRequest.omit({ report_id: true }),
} as const;

export type AnalysisIntent = keyof typeof analysisForms;

export const analysisPost = z.discriminatedUnion('intent', [
  analysisForms.analyze.extend({ intent: z.literal('analyze') }),
  analysisForms.explain.extend({ intent: z.literal('explain') }),
  analysisForms.share.extend({ intent: z.literal('share') }),
  analysisForms['enter-value'].extend({ intent: z.literal('enter-value') }),
  analysisForms['undo-value'].extend({ intent: z.literal('undo-value') }),
  analysisForms.chat.extend({ intent: z.literal('chat') }),
  analysisForms.feedback.extend({ intent: z.literal('feedback') }),
]);

export type AnalysisPost = z.output<typeof analysisPost>;

/** A link just made: the absolute URL and the PIN, shown this once. */
export interface CreatedLink {
  url: string;
  pin: string;
}

/**
 * The answer to one of the page's forms: which form (`intent`, and for the forms drawn once per
 * value or per chat answer, `position` or `chat_id`), conform's reply (messages by field, the
 * API's refusal for the whole form), and what a success shows (`created`: the new share link;
 * `done`: feedback taken).
 */
export interface AnalysisReply {
  intent: string;
  result: SubmissionResult<string[]>;
  position: number | null;
  chat_id: number | null;
  created?: CreatedLink | null;
  done?: boolean;
}
