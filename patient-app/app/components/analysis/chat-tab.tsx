import { getFormProps } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import type { ChatMessage } from '@reportsaathi/contracts/reports';
import { useEffect, useRef } from 'react';
import { analysisForms, type AnalysisReply } from '../../utils/analysis-forms';
import { formatTime } from '../../utils/format';
import type { Labels } from '../../utils/i18n';
import { say } from '../../utils/messages';
import { fieldText, useFormReady } from '../../utils/use-form-ready';
import { usePageLang } from '../../utils/use-lang';
import { formError, useSchemaForm } from '../../utils/use-schema-form';
import { ChatText } from '../chat-text';
import { toast } from '../toaster';
import { FeedbackButtons } from './feedback-buttons';
import { useAnalysisReply } from './reply';

/** A message is sent only when it has more than whitespace. */
const hasMessage = (form: HTMLFormElement) => fieldText(form, 'message').trim() !== '';

/**
 * The chat tab: the history and the question form, checked by the API's chat schema in the browser
 * and in the action (a blank or too long message is said by its field). Sent through a fetcher
 * with JavaScript; a page post without it. Either way the action answers post/redirect/get.
 */
export function ChatTab({
  reportId,
  chats,
  t,
  error,
}: {
  reportId: number;
  chats: ChatMessage[];
  t: Labels;
  error: string | null;
}) {
  const fetcher = useFetcher<AnalysisReply>();
  const fromPage = useAnalysisReply('chat');
  const lang = usePageLang();
  const panel = useRef<HTMLDivElement>(null);
  // fetcher.data with JavaScript; the page's answer when the form was posted without it.
  const reply = (fetcher.data as AnalysisReply | undefined) ?? fromPage;
  const [form, fields] = useSchemaForm(analysisForms.chat, reply?.result, 'analysis-chat');
  // Read from the field itself, so a message typed before the page hydrated can be sent; before
  // hydration the button stays usable (without JavaScript the server refuses blank messages).
  const ready = useFormReady(hasMessage);
  const sending = fetcher.state !== 'idle';
  const sendError = formError(form);
  const messageError = fields.message.errors?.[0];
  const pendingText = sending ? String(fetcher.formData?.get('message') ?? '') : '';

  useEffect(() => {
    panel.current?.scrollTo({ top: panel.current.scrollHeight });
  }, [chats.length, pendingText]);

  useEffect(() => {
    if (sendError) toast('error', sendError);
  }, [sendError]);

  return (
    <section className="card" aria-labelledby="chat-title">
      <h2 id="chat-title" style={{ marginTop: 0 }}>
        {t.chatTitle}
      </h2>
      <div className="chat-panel" ref={panel} role="log" aria-label={t.tabChat} tabIndex={0}>
        {chats.length === 0 && !pendingText ? <p className="muted empty">{t.chatEmpty}</p> : null}
        {chats.map((c) => (
          <div key={c.id} style={{ display: 'contents' }}>
            <div className="chat-bubble chat-user">
              <span className="visually-hidden">{t.you}: </span>
              {c.message}
              <time className="chat-time" dateTime={c.created_at}>
                {formatTime(c.created_at)}
              </time>
            </div>
            <div className="chat-bubble chat-ai">
              <span className="visually-hidden">{t.ai}: </span>
              {c.response ? <ChatText text={c.response} /> : t.pendingAnswer}
              <time className="chat-time" dateTime={c.timestamp}>
                {formatTime(c.timestamp)}
              </time>
              {c.response && !c.user_feedback ? (
                <FeedbackButtons t={t} chatId={c.id} prompt={t.wasAnswerHelpful} />
              ) : null}
            </div>
          </div>
        ))}
        {pendingText ? (
          <div className="chat-bubble chat-user" aria-busy="true">
            {pendingText}
            <span className="chat-time">{t.sending}</span>
          </div>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {say(lang, error)}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action={`/analysis/${reportId}?tab=chat`}
        className="chat-form"
        ref={ready.ref}
        onChange={ready.check}
        {...getFormProps(form)}
        onSubmit={(e) => {
          if (sending) {
            e.preventDefault();
            return;
          }
          // The schema first: a refused message stays, with its reason by the field.
          getFormProps(form).onSubmit(e);
          if (e.defaultPrevented) return;
          // Clear the input as soon as the message leaves (after the form data is taken); the
          // history reloads after.
          const sent = e.currentTarget;
          window.setTimeout(() => {
            sent.reset();
            ready.check();
          }, 0);
        }}
      >
        <input type="hidden" name="intent" value="chat" />
        <label htmlFor="chat-message" className="visually-hidden">
          {t.chatLabel}
        </label>
        <input
          id="chat-message"
          name={fields.message.name}
          className="input"
          placeholder={t.chatPlaceholder}
          autoComplete="off"
          maxLength={2000}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'chat-message-error' : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={sending || !ready.ready}>
          {sending ? t.sending : t.send}
        </button>
      </fetcher.Form>
      {messageError ? (
        <p className="field-error" id="chat-message-error" role="alert">
          {say(lang, messageError)}
        </p>
      ) : null}
      {sendError ? (
        <p className="field-error" role="alert">
          {say(lang, sendError)}
        </p>
      ) : null}
    </section>
  );
}
