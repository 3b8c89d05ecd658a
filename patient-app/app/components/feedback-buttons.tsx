import { useActionData, useFetcher } from '@remix-run/react';
import type { Labels } from '../utils/i18n';

// The three feedback ratings (helpful, not_helpful, irrelevant) and their label keys.
const RATINGS = [
  ['helpful', 'helpful'],
  ['not_helpful', 'notHelpful'],
  ['irrelevant', 'irrelevant'],
] as const;

interface FeedbackResult {
  intent?: string;
  ok?: boolean;
  error?: string | null;
  chat_id?: number | null;
}

/**
 * Rate the analysis (no chatId) or one AI answer: helpful, not helpful or irrelevant. Posts to the
 * analysis route's action, which calls POST /feedback/; works as a plain form without JavaScript.
 */
export function FeedbackButtons({ t, chatId, prompt }: { t: Labels; chatId?: number; prompt: string }) {
  const fetcher = useFetcher<FeedbackResult>();
  // Without JavaScript the form posts as a page and the answer arrives as the page's action data.
  const posted = useActionData<FeedbackResult>();
  const fromPage =
    posted?.intent === 'feedback' && (posted.chat_id ?? null) === (chatId ?? null) ? posted : undefined;
  const result = fetcher.data ?? fromPage;
  const done = result?.intent === 'feedback' && result.ok;
  if (done) {
    return (
      <p className="feedback muted" role="status">
        {t.thanks}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="feedback">
      <input type="hidden" name="intent" value="feedback" />
      {chatId ? <input type="hidden" name="chat_id" value={chatId} /> : null}
      <span className="muted">{prompt}</span>
      {RATINGS.map(([value, label]) => (
        <button
          key={value}
          type="submit"
          name="rating"
          value={value}
          className="btn btn-sm"
          disabled={fetcher.state !== 'idle'}
        >
          {t[label]}
        </button>
      ))}
      {result?.error ? (
        <span className="field-error" role="alert">
          {result.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
