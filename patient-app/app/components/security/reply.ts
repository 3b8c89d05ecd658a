import { useActionData } from '@remix-run/react';
import type { SecurityIntent } from '../../utils/security-forms';
import type { securityAction } from '../../utils/security.server';

/** The reply to one of /user/security's forms: all post to the page, each shows its own answer only. */
export function useSecurityReply(intent: SecurityIntent) {
  const answer = useActionData<typeof securityAction>();
  return answer && 'intent' in answer && answer.intent === intent ? answer.result : null;
}
