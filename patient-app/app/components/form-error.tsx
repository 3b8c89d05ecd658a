import { say } from '../utils/messages';
import { formError } from '../utils/use-schema-form';
import { usePageLang } from '../utils/use-lang';

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
