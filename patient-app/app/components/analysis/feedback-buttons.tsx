import { getFormProps } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { analysisForms, type AnalysisReply } from '../../utils/analysis-forms';
import type { Labels } from '../../utils/i18n';
import { say } from '../../utils/messages';
import { usePageLang } from '../../utils/use-lang';
import { formError, useSchemaForm } from '../../utils/use-schema-form';
import { useAnalysisReply } from './reply';

// The three feedback ratings (helpful, not_helpful, irrelevant) and their label keys.
const RATINGS = [
  ['helpful', 'helpful'],
  ['not_helpful', 'notHelpful'],
  ['irrelevant', 'irrelevant'],
] as const;

/**
 * Rate the analysis (no chatId) or one AI answer: helpful, not helpful or irrelevant, the pressed
 * button's value. Checked by the API's feedback schema in the browser and in the analysis route's
 * action, which calls POST /feedback/; works as a plain form without JavaScript.
 */
export function FeedbackButtons({ t, chatId, prompt }: { t: Labels; chatId?: number; prompt: string }) {
  const lang = usePageLang();
  const fetcher = useFetcher<AnalysisReply>();
  // Without JavaScript the form posts as a page and the answer arrives as the page's action data.
  const fromPage = useAnalysisReply('feedback', { chat_id: chatId ?? null });
  const reply = (fetcher.data as AnalysisReply | undefined) ?? fromPage;
  const id = `feedback-${chatId ?? 'analysis'}`;
  const [form, fields] = useSchemaForm(analysisForms.feedback, reply?.result, id);
  if (reply?.done) {
    return (
      <p className="feedback muted" role="status">
        {t.thanks}
      </p>
    );
  }
  const error = fields.rating.errors?.[0] ?? formError(form);
  return (
    <fetcher.Form method="post" className="feedback" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="feedback" />
      {chatId ? <input type="hidden" name={fields.chat_id.name} value={chatId} /> : null}
      <span className="muted">{prompt}</span>
      {RATINGS.map(([value, label]) => (
        <button
          key={value}
          type="submit"
          name={fields.rating.name}
          value={value}
          className="btn btn-sm"
          disabled={fetcher.state !== 'idle'}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {t[label]}
        </button>
      ))}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {say(lang, error)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
