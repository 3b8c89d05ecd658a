import { useActionData } from '@remix-run/react';
import type { ProfileIntent } from '../../utils/profile-forms';
import type { profileAction } from '../../utils/profile.server';

export { FormError } from '../form-error';

/**
 * The reply to one of /user/profile's forms: all post to the page, so each shows only the answer
 * to its own intent.
 */
export function useProfileReply(intent: ProfileIntent) {
  const answer = useActionData<typeof profileAction>();
  return answer && 'intent' in answer && answer.intent === intent ? answer.result : null;
}
