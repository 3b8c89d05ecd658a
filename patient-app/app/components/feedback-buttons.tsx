import { useActionData, useFetcher } from '@remix-run/react';
import type { Labels } from '../utils/i18n';

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
      <button
        type="submit"
        name="rating"
        value="helpful"
        className="btn btn-sm"
        disabled={fetcher.state !== 'idle'}
      >
        {t.helpful}
      </button>
      <button
        type="submit"
        name="rating"
        value="not_helpful"
        className="btn btn-sm"
        disabled={fetcher.state !== 'idle'}
      >
        {t.notHelpful}
      </button>
      <button
        type="submit"
        name="rating"
        value="irrelevant"
        className="btn btn-sm"
        disabled={fetcher.state !== 'idle'}
      >
        {t.irrelevant}
      </button>
      {result?.error ? (
        <span className="field-error" role="alert">
          {result.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
