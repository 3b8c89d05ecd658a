import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { ShareLink } from '@reportsaathi/contracts/share-links';
import { AnalysisSteps } from '../components/analysis-steps';
import { ChatTab } from '../components/analysis/chat-tab';
import { FeedbackButtons } from '../components/analysis/feedback-buttons';
import { SharePanel } from '../components/analysis/share-panel';
import { ListenButton } from '../components/listen-button';
import { StatusBadge } from '../components/status-badge';
import { toast } from '../components/toaster';
import { ResultsView } from '../components/results-view';
import { analysisAction, analysisLoader, parseReportId } from '../utils/analysis.server';
import { ANALYSIS_POLL_MS, ANALYSIS_VERSION_LABEL, DEFAULT_MODEL_LABEL } from '../utils/config';
import {
  confidenceLevel,
  formatConfidence,
  formatDate,
  formatDateTime,
  formatReportType,
} from '../utils/format';
import { labels } from '../utils/i18n';
import { say } from '../utils/messages';
import { usePageLang } from '../utils/use-lang';
import { progressTexts } from '../utils/progress-texts';
import { shareTexts, type ShareTexts } from '../utils/share-texts';
import { usePolling } from '../utils/use-polling';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.report ? `${d.report.original_filename} | ReportSaathi` : 'Report Analysis | ReportSaathi' },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  analysisLoader(request, context, params.id);

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  analysisAction(request, context, parseReportId(params.id));

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
      <SharePanel reportId={r.id} links={links} t={st} />
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
  // The value forms post here (a plain post); each shows the answer to itself (./analysis/value-fix).
  const fixing = { action: `/analysis/${r.id}` };
  // The two one-button forms (start, explain again) say a refusal here.
  const buttonError =
    actionData?.intent === 'analyze' || actionData?.intent === 'explain'
      ? actionData.result.error?.['']?.[0]
      : undefined;

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
        {buttonError ? (
          <div className="form-error" role="alert" style={{ marginTop: '1rem' }}>
            {say(lang, buttonError)}
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
