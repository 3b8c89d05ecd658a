import { useActionData } from '@remix-run/react';
import type { ProfileIntent } from '../../utils/profile-forms';
import type { profileAction } from '../../utils/profile.server';
import { say } from '../../utils/messages';
import { formError } from '../../utils/use-schema-form';
import { usePageLang } from '../../utils/use-lang';

/**
 * The reply to one of /user/profile's forms: all post to the page, so each shows only the answer
 * to its own intent.
 */
export function useProfileReply(intent: ProfileIntent) {
  const answer = useActionData<typeof profileAction>();
  return answer && 'intent' in answer && answer.intent === intent ? answer.result : null;
}

/** A form's own message (an API refusal), in the page's language. */
export function FormError({ form }: { form: { errors?: string[] } }) {
  const lang = usePageLang();
  const message = formError(form);
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {say(lang, message)}
    </div>
  );
}
