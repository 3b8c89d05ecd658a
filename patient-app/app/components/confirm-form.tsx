import { Form, useFetcher } from '@remix-run/react';
import { usePageLang } from '../utils/use-lang';
import { userTexts } from '../utils/user-texts';

/**
 * A destructive button: with JavaScript the browser's confirm dialog asks `question` and the post
 * goes straight to `action`; without it the button GETs `confirmUrl`, a page that asks the same.
 */
export function ConfirmButton({
  action,
  confirmUrl,
  question,
  title,
  label,
  ariaLabel,
  back,
  className = 'btn btn-danger btn-sm',
}: {
  action: string;
  confirmUrl: string;
  question: string;
  /** The dialog's title, shown above the question (the browser's dialog has no title bar of its own). */
  title?: string;
  label: string;
  ariaLabel?: string;
  back: string;
  className?: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  const deleting = userTexts(usePageLang()).common.deleting;
  return (
    <Form
      method="get"
      action={confirmUrl}
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!window.confirm(title ? `${title}\n\n${question}` : question)) return;
        fetcher.submit({ back }, { method: 'post', action });
      }}
    >
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className} disabled={busy} aria-label={ariaLabel}>
        {busy ? deleting : label}
      </button>
    </Form>
  );
}
