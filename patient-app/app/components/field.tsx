import type { InputHTMLAttributes } from 'react';
import { say } from '../utils/messages';
import { usePageLang } from '../utils/use-lang';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
}

/** A labelled input whose message is tied to it for screen readers. */
export function Field({ name, label, error, id, ...rest }: FieldProps) {
  const inputId = id ?? `f-${name}`;
  const errorId = `${inputId}-error`;
  // The schemas' and the API's field messages are English; shown in the page's language.
  const lang = usePageLang();
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {say(lang, error)}
        </p>
      ) : null}
    </div>
  );
}
