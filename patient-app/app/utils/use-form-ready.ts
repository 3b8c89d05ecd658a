import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a form has what its submit button needs, read from the form's own fields rather than
 * from React state. On a slow phone a visitor can type and tick before the page's JavaScript
 * arrives; state set up at hydration would not know, and the button would stay disabled beside a
 * filled form. So the fields are left uncontrolled, read once when the page hydrates and again on
 * every change. Until then the answer is true: without JavaScript the server checks the form.
 *
 * `isReady` must be stable (a module-level function or a useCallback).
 */
export function useFormReady(isReady: (form: HTMLFormElement) => boolean) {
  const ref = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(true);
  const check = useCallback(() => {
    if (ref.current) setReady(isReady(ref.current));
  }, [isReady]);
  useEffect(check, [check]);
  return { ref, ready, check };
}

/** The text of a form's field by name ('' when absent). */
export function fieldText(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
}

/** Whether a form's checkbox by name is ticked. */
export function isTicked(form: HTMLFormElement, name: string): boolean {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement && field.checked;
}
