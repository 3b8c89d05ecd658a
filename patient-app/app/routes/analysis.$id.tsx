import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRouteError,
} from '@remix-run/react';
import { chatRequest, feedbackRequest, type ChatMessage } from '@reportsaathi/contracts/reports';
import { useEffect, useRef } from 'react';
import type { ShareLink } from '@reportsaathi/contracts/share-links';
import { AnalysisSteps } from '../components/analysis-steps';
import { ChatText } from '../components/chat-text';
import { FeedbackButtons } from '../components/feedback-buttons';
import { ListenButton } from '../components/listen-button';
import { SharePanel, type CreatedLink } from '../components/share-panel';
import { StatusBadge } from '../components/status-badge';
import { toast } from '../components/toaster';
import { ResultsView } from '../components/results-view';
import { ApiError, createApi } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { ANALYSIS_POLL_MS, ANALYSIS_VERSION_LABEL, DEFAULT_MODEL_LABEL } from '../utils/config';
import {
  confidenceLevel,
  formatConfidence,
  formatDate,
  formatDateTime,
  formatReportType,
  formatTime,
} from '../utils/format';
import { labels } from '../utils/i18n';
import { say } from '../utils/messages';
import { usePageLang } from '../utils/use-lang';
import { progressTexts } from '../utils/progress-texts';
import { shareTexts, type ShareTexts } from '../utils/share-texts';
import { usePolling } from '../utils/use-polling';
import { fieldText, useFormReady } from '../utils/use-form-ready';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.report ? `${d.report.original_filename} | ReportSaathi` : 'Report Analysis | ReportSaathi' },
];

const notFound = () => new Response('Report not found', { status: 404 });

function parseId(raw: string | undefined): number {
  // A non-numeric id is simply a report that does not exist.
  if (!raw || !/^\d{1,12}$/.test(raw)) throw notFound();
  return Number(raw);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const tab = new URL(request.url).searchParams.get('tab') === 'chat' ? 'chat' : 'analysis';
  // What the last value form did (decision 243): said once, above the values.
  const valueDone =
    ({ saved: 'saved', undone: 'undone' } as const)[new URL(request.url).searchParams.get('value') ?? ''] ??
    null;
  // Ask for the report while the guard checks the session: one round trip instead of two.
  const fetching = /^\d{1,12}$/.test(params.id ?? '')
    ? createApi(request, context)
        .reports.get({ params: { id } })
        .then((report) => ({ report, failure: null as ApiError | null }))
        .catch((err: unknown) => {
          if (err instanceof ApiError) return { report: null, failure: err };
          throw err;
        })
    : null;
  fetching?.catch(() => undefined); // the guard's redirect may win; never leave this rejection unhandled
  const { user, api } = await requireUser(request, context, 'Please log in to view your reports');
  parseId(params.id);
  // The report's share links, asked beside the report (an analysed report's analysis tab shows them).
  const linking =
    tab === 'analysis'
      ? api.shareLinks.forReport({ params: { id } }).then(
          (r) => r.links,
          () => [] as ShareLink[],
        )
      : Promise.resolve([] as ShareLink[]);
  const { report, failure } = await fetching!;
  const shareLinks = await linking;
  if (failure?.status === 404) throw notFound();
  if (!report)
    return {
      lang: user.preferences.language,
      tab,
      report: null,
      chats: [],
      shareLinks,
      error: 'Failed to load report',
      valueDone,
    };
  // The chat history is fetched only while the chat tab is open.
  let chats: ChatMessage[] = [];
  let error: string | null = null;
  if (tab === 'chat') {
    try {
      chats = (await api.chats.list({ params: { id } })).chats;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      error = err.detail;
    }
  }
  return { lang: user.preferences.language, tab, report, chats, shareLinks, error, valueDone };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context, 'Please log in to view your reports');
  const id = parseId(params.id);
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'analyze') {
    try {
      await api.reports.analyze({ params: { id } });
      return { intent, ok: true, error: null };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return data(
        { intent, ok: false, error: err.detail || 'Analysis failed' },
        { status: err.status || 502 },
      );
    }
  }

  // "Explain in हिन्दी / English": the stored analysis worded again in the screen's language (decision 241).
  if (intent === 'explain') {
    try {
      await api.reports.explain({
        params: { id },
        body: { language: user.preferences.language === 'hi' ? 'hi' : 'en' },
      });
      return { intent, ok: true, error: null };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return data(
        { intent, ok: false, error: err.detail || 'Failed to explain the analysis' },
        { status: err.status || 502 },
      );
    }
  }

  if (intent === 'share') {
    try {
      const made = await api.shareLinks.create({
        params: { id },
        body: {
          expires_in_hours: Number(form.get('expires_in_hours')) || undefined,
          // Who the patient is: shown only when ticked (decision 233).
          include_name: form.get('include_name') === 'on',
          include_age: form.get('include_age') === 'on',
          include_sex: form.get('include_sex') === 'on',
        },
      });
      const created: CreatedLink = { url: new URL(made.path, request.url).href, pin: made.pin };
      return { intent, ok: true, error: null, created };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return data(
        { intent, ok: false, error: err.detail || 'Failed to create the link', created: null },
        { status: err.status || 502 },
      );
    }
  }

  // The patient's own value in place of a misread one, and its undoing (decision 243): plain posts,
  // then back to the value (post/redirect/get), with or without JavaScript.
  if (intent === 'enter-value' || intent === 'undo-value') {
    const raw = String(form.get('position') ?? '');
    const position = /^\d{1,4}$/.test(raw) ? Number(raw) : -1;
    if (position < 0)
      return data({ intent, ok: false, error: 'Which value is unclear', position: null }, { status: 400 });
    try {
      if (intent === 'enter-value')
        await api.reports.enterValue({
          params: { id, position },
          body: { value: String(form.get('value') ?? '') },
        });
      else await api.reports.undoEnteredValue({ params: { id, position } });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return data({ intent, ok: false, error: err.detail, position }, { status: err.status || 502 });
    }
    const done = intent === 'enter-value' ? 'saved' : 'undone';
    return redirect(`/analysis/${id}?value=${done}#value-${position}`);
  }

  if (intent === 'chat') {
    const parsed = chatRequest.safeParse({ report_id: id, message: form.get('message') ?? '' });
    if (!parsed.success) {
      return data(
        { intent, ok: false, error: parsed.error.issues[0]?.message ?? 'Message is required' },
        { status: 400 },
      );
    }
    try {
      await api.chats.send({ body: { report_id: id, message: parsed.data.message } });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return data(
        { intent, ok: false, error: err.detail || 'Failed to send message' },
        { status: err.status || 502 },
      );
    }
    // Post/redirect/get: the input is cleared and the history re-read, with or without JavaScript.
    return redirect(`/analysis/${id}?tab=chat`);
  }

  if (intent === 'feedback') {
    const chatId = Number(form.get('chat_id')) || null; // which answer the result belongs to
    const parsed = feedbackRequest.safeParse({
      report_id: id,
      chat_id: form.get('chat_id') || undefined,
      rating: form.get('rating'),
    });
    if (!parsed.success) {
      return data(
        { intent, ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid feedback', chat_id: chatId },
        { status: 400 },
      );
    }
    try {
      await api.feedback.create({ body: { ...parsed.data, comment: parsed.data.comment ?? undefined } });
      return { intent, ok: true, error: null, chat_id: chatId };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return data({ intent, ok: false, error: err.detail, chat_id: chatId }, { status: err.status || 502 });
    }
  }
  return data({ intent: 'unknown', ok: false, error: 'Unknown action' }, { status: 400 });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Report = NonNullable<LoaderData['report']>;
type Labels = ReturnType<typeof labels>;

function resultText(r: Report): string | null {
  // The result as text, or its summary field, or formatted JSON.
  if (r.analysis_result && typeof r.analysis_result === 'object') {
    const summary = (r.analysis_result as { summary?: unknown }).summary;
    if (typeof summary === 'string' && summary) return summary;
    return JSON.stringify(r.analysis_result, null, 2);
  }
  return r.summary;
}

/** What the patient can do with an analysed report: the record file, the printout, a link for a doctor. */
function RecordActions({ report: r, links, st }: { report: Report; links: ShareLink[]; st: ShareTexts }) {
  const actionData = useActionData<typeof action>();
  const share = actionData?.intent === 'share' ? actionData : null;
  return (
    <>
      <section className="card record-actions" aria-label={st.shareTitle}>
        <div className="row-actions">
          <a
            className="btn btn-outline btn-sm"
            href={`/user/export?what=fhir&id=${r.id}&back=/analysis/${r.id}`}
            download
          >
            {st.fhir}
          </a>
          <a className="btn btn-outline btn-sm" href={`/analysis/${r.id}/print`}>
            {st.print}
          </a>
        </div>
      </section>
      <SharePanel
        reportId={r.id}
        links={links}
        created={share && 'created' in share ? (share.created ?? null) : null}
        error={share?.error ?? null}
        t={st}
      />
    </>
  );
}

/** `lang`: the screen's language (the user's choice); Listen speaks the report's own language. */
function AnalysisTab({
  report: r,
  t,
  links,
  lang,
}: {
  report: Report;
  t: Labels;
  links: ShareLink[];
  lang: 'en' | 'hi';
}) {
  const st = shareTexts(lang);
  const pt = progressTexts(lang);
  const spoken = r.language === 'hi' ? 'hi' : 'en';
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const starting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'analyze';
  const explaining = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'explain';
  const running = r.status === 'pending' || r.status === 'processing';
  const completed = r.status === 'completed';
  const text = completed ? resultText(r) : null;
  const level = confidenceLevel(r.confidence_score);
  const { valueDone } = useLoaderData<typeof loader>();
  // The value forms post here; a refusal is shown under the form of the value it was for.
  const fixError =
    actionData &&
    (actionData.intent === 'enter-value' || actionData.intent === 'undo-value') &&
    !actionData.ok
      ? 'position' in actionData && typeof actionData.position === 'number'
        ? { position: actionData.position, message: actionData.error ?? '' }
        : null
      : null;
  const fixing = { action: `/analysis/${r.id}`, error: fixError };

  return (
    <div>
      <section className="card" aria-label={t.tabAnalysis}>
        <dl className="meta-list">
          <dt>{t.fileName}</dt>
          <dd>{r.original_filename}</dd>
          <dt>{t.status}</dt>
          <dd>
            <StatusBadge status={r.status} label={t.statuses[r.status] ?? t.statuses.pending} />
          </dd>
          <dt>{t.confidence}</dt>
          <dd>
            <span className={`badge badge-${level}`}>{formatConfidence(r.confidence_score)}</span>{' '}
            <span className="small">{t.confidenceMeans[level]}</span>
          </dd>
          <dt>{t.reportType}</dt>
          <dd style={{ textTransform: 'capitalize' }}>{formatReportType(r.report_type, lang)}</dd>
          <dt>{t.uploaded}</dt>
          <dd>{formatDate(r.created_at, lang)}</dd>
        </dl>
        {running ? (
          <div className="form-info" style={{ marginTop: '1rem' }}>
            <p style={{ margin: 0 }}>
              <span className="spinner" aria-hidden="true" /> {t.analyzing}
            </p>
            {/* The step the worker is at (decision 246), as the server read it: the 5 s polling
                brings the next one; a reload shows it too. */}
            <AnalysisSteps stage={r.status === 'processing' ? r.analysis_stage : null} t={pt} />
            {/* Without JavaScript (no polling) the page reloads itself while the analysis runs. */}
            <noscript>
              <meta httpEquiv="refresh" content="5" />
              <p style={{ margin: '0.5rem 0 0' }}>
                <a href={`/analysis/${r.id}`}>{pt.refresh}</a>
              </p>
            </noscript>
          </div>
        ) : null}
        {r.status === 'failed' ? (
          <div className="form-error" role="alert" style={{ marginTop: '1rem' }}>
            {t.analysisFailed}
            {r.error_message ? `: ${say(lang, r.error_message)}` : ''}
          </div>
        ) : null}
        {(actionData?.intent === 'analyze' || actionData?.intent === 'explain') && actionData.error ? (
          <div className="form-error" role="alert" style={{ marginTop: '1rem' }}>
            {say(lang, actionData.error)}
          </div>
        ) : null}
        {/* The explanation was written in the other language: offer it in this one, from the stored
            values (decision 241). */}
        {completed && r.language !== lang ? (
          <Form method="post" className="explain-again" style={{ marginTop: '1rem' }}>
            <input type="hidden" name="intent" value="explain" />
            <span className="small">{t.explainedIn}</span>{' '}
            <button type="submit" className="btn btn-outline btn-sm" disabled={explaining}>
              {explaining ? t.explaining : t.explainAgain}
            </button>
          </Form>
        ) : null}
        {/* No action while the work runs: the page follows it by itself (issue 33). */}
        {!completed && !running ? (
          <Form method="post" style={{ marginTop: '1rem' }}>
            <input type="hidden" name="intent" value="analyze" />
            <button type="submit" className="btn btn-primary" disabled={starting}>
              {starting ? t.starting : t.startAnalysis}
            </button>
          </Form>
        ) : null}
      </section>

      {completed && text ? (
        <>
          <section className="card" aria-labelledby="results-title">
            <h2 id="results-title" style={{ marginTop: 0, marginBottom: '0.25rem' }}>
              {t.results}
            </h2>
            <p className="tech-line">
              {t.version} {ANALYSIS_VERSION_LABEL} · {t.model}: {r.ai_model_version || DEFAULT_MODEL_LABEL} ·{' '}
              {t.cache}: {r.cache_hit ? t.cacheHit : t.cacheMiss} · {t.created}:{' '}
              {formatDateTime(r.processing_completed_at ?? r.updated_at, lang)}
            </p>
            <p className="result-text" lang={spoken}>
              {text}
            </p>
            <ListenButton text={text} lang={spoken} t={st} label={t.results} />
            <FeedbackButtons t={t} prompt={t.wasHelpful} />
          </section>
          {valueDone ? (
            <p className="notice notice-success" role="status">
              {valueDone === 'saved' ? t.fixValue.saved : t.fixValue.undone}
            </p>
          ) : null}
          <ResultsView values={r.values} t={t} trendLinks fixing={fixing} />
          {r.key_findings.length > 0 ? (
            <section className="card" aria-labelledby="findings-title">
              <h2 id="findings-title">{t.keyFindings}</h2>
              <ListenButton text={r.key_findings.join('\n')} lang={spoken} t={st} label={t.keyFindings} />
              <ul className="findings" lang={spoken}>
                {r.key_findings.map((f, i) => (
                  <li key={i}>{f}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {r.recommendations.length > 0 ? (
            <section className="card" aria-labelledby="recs-title">
              <h2 id="recs-title">{t.recommendations}</h2>
              <ul className="recs" lang={spoken}>
                {r.recommendations.map((f, i) => (
                  <li key={i}>{f}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <RecordActions report={r} links={links} st={st} />
        </>
      ) : (
        <section className="card empty">
          <h2>{t.noAnalysis}</h2>
          <p className="muted">{running ? t.analyzing : t.noAnalysisHint}</p>
        </section>
      )}
      <div className="disclaimer-box" role="note">
        {t.disclaimer}
      </div>
    </div>
  );
}

/** A message is sent only when it has more than whitespace. */
const hasMessage = (form: HTMLFormElement) => fieldText(form, 'message').trim() !== '';

function ChatTab({
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
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const lang = usePageLang();
  const panel = useRef<HTMLDivElement>(null);
  // Read from the field itself, so a message typed before the page hydrated can be sent; before
  // hydration the button stays usable (without JavaScript the server refuses blank messages).
  const form = useFormReady(hasMessage);
  const sending = fetcher.state !== 'idle';
  // fetcher.data with JavaScript; actionData when the form was posted without it.
  const result = fetcher.data ?? actionData;
  const sendError = result && result.intent === 'chat' ? result.error : null;
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
        ref={form.ref}
        onChange={form.check}
        onSubmit={(e) => {
          // Whitespace-only messages are not sent.
          if (!hasMessage(e.currentTarget) || sending) {
            e.preventDefault();
            return;
          }
          // Clear the input as soon as the message leaves (after the form data is taken); the
          // history reloads after.
          const sent = e.currentTarget;
          window.setTimeout(() => {
            sent.reset();
            form.check();
          }, 0);
        }}
      >
        <input type="hidden" name="intent" value="chat" />
        <label htmlFor="chat-message" className="visually-hidden">
          {t.chatLabel}
        </label>
        <input
          id="chat-message"
          name="message"
          className="input"
          placeholder={t.chatPlaceholder}
          autoComplete="off"
          maxLength={2000}
        />
        <button type="submit" className="btn btn-primary" disabled={sending || !form.ready}>
          {sending ? t.sending : t.send}
        </button>
      </fetcher.Form>
      {sendError ? (
        <p className="field-error" role="alert">
          {say(lang, sendError)}
        </p>
      ) : null}
    </section>
  );
}

export default function Analysis() {
  const { report, chats, tab, lang, error, shareLinks } = useLoaderData<typeof loader>();
  const t = labels(lang);
  const status = report?.status;
  usePolling(status === 'pending' || status === 'processing', ANALYSIS_POLL_MS);

  // Tell the patient when a running analysis finishes ('Analysis completed!' / 'Analysis failed').
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was !== 'pending' && was !== 'processing') return;
    // English here; the toaster shows them in the page's language (utils/messages.ts).
    if (status === 'completed') toast('success', 'Analysis completed!');
    if (status === 'failed') toast('error', report?.error_message || 'Analysis failed');
  }, [status, report?.error_message]);

  if (!report) {
    return (
      <div className="container narrow page-pad">
        <div className="form-error" role="alert">
          {say(lang, error) ?? t.loadFailed}
        </div>
        <Link to="/dashboard">{t.back}</Link>
      </div>
    );
  }

  return (
    <div className="container page-pad" lang={lang}>
      <p className="small">
        <Link to="/dashboard">← {t.back}</Link>
      </p>
      <h1>{t.title}</h1>
      <p className="muted" style={{ wordBreak: 'break-word' }}>
        {report.original_filename}
      </p>
      <nav className="tabs" aria-label={t.title}>
        <Link
          to={`/analysis/${report.id}`}
          className="tab"
          aria-current={tab === 'analysis' ? 'page' : undefined}
          preventScrollReset
        >
          {t.tabAnalysis}
        </Link>
        <Link
          to={`/analysis/${report.id}?tab=chat`}
          className="tab"
          aria-current={tab === 'chat' ? 'page' : undefined}
          preventScrollReset
        >
          {t.tabChat}
        </Link>
      </nav>
      {tab === 'chat' ? (
        <ChatTab reportId={report.id} chats={chats} t={t} error={error} />
      ) : (
        <AnalysisTab report={report} t={t} links={shareLinks} lang={lang === 'hi' ? 'hi' : 'en'} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const t = labels(usePageLang());
  return (
    <div className="container narrow page-pad">
      <div className="card empty">
        <h1>{missing ? t.notFoundTitle : t.loadFailed}</h1>
        <p className="muted">{missing ? t.notFoundText : t.tryAgain}</p>
        <Link to="/dashboard" className="btn btn-primary">
          {t.back}
        </Link>
      </div>
    </div>
  );
}
