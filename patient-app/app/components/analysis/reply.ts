import { useActionData } from '@remix-run/react';
import type { AnalysisIntent, AnalysisReply } from '../../utils/analysis-forms';

/** Which form an answer is for: the forms drawn once per value or per chat answer say which. */
export interface ReplyFor {
  position?: number;
  chat_id?: number | null;
}

/** Whether an answer of /analysis/:id's action is this form's. */
export function isReplyFor(
  answer: AnalysisReply | null | undefined,
  intent: AnalysisIntent,
  which: ReplyFor = {},
): answer is AnalysisReply {
  if (!answer || answer.intent !== intent) return false;
  if (which.position !== undefined && answer.position !== which.position) return false;
  if (which.chat_id !== undefined && (answer.chat_id ?? null) !== (which.chat_id ?? null)) return false;
  return true;
}

/**
 * The page's answer to one of /analysis/:id's forms (a page post: a form posted without
 * JavaScript, or a plain one). All post to the page, so each shows only the answer to itself.
 */
export function useAnalysisReply(intent: AnalysisIntent, which: ReplyFor = {}): AnalysisReply | null {
  const answer = useActionData<AnalysisReply>() as AnalysisReply | undefined;
  return isReplyFor(answer, intent, which) ? answer : null;
}
