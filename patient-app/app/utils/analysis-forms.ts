import { chatRequest, feedbackRequest } from '@reportsaathi/contracts/reports';
import { createShareLinkRequest } from '@reportsaathi/contracts/share-links';
import { z } from 'zod';

/** Which printed value a value form is about: its place in the report's list. */
const position = z
  .number({ error: 'Which value is unclear' })
  .int('Which value is unclear')
  .min(0, 'Which value is unclear')
  .max(9999, 'Which value is unclear');

/**
 * The analysis page's forms, each the API's own request schema without what the address already
 * says (the report id). They all post to /analysis/:id and the `intent` field tells them apart.
 */
export const analysisForms = {
  analyze: z.object({}),
  explain: z.object({}),
  share: createShareLinkRequest,
  // The value itself is the API's to judge (it answers why a value cannot be read).
  'enter-value': z.object({ position, value: z.string().default('') }),
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
