// @ts-nocheck
// 
import { Form, useFetcher } from '@remix-run/react';

/**
 * A destructive button: with JavaScript the browser's confirm dialog asks `question` and the post
 * goes straight to `action`; without it the button GETs `confirmUrl`, a page that asks the same.
 */
export function ConfirmButton({
  action,
  confirmUrl,
  question,
  label,
  ariaLabel,
  back,
  className = 'btn btn-danger btn-sm',
}: {
  action: string;
  confirmUrl: string;
  question: string;
  label: string;
  ariaLabel?: string;
  back: string;
  className?: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <Form
      method="get"
      action={confirmUrl}
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!window.confirm(question)) return;
        fetcher.submit({ back }, { method: 'post', action });
      }}
    >
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className} disabled={busy} aria-label={ariaLabel}>
        {busy ? 'Deleting…' : label}
      </button>
    </Form>
  );
}
