import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { getFormProps } from '@conform-to/react';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  GUEST_POLL_MAX,
  GUEST_POLL_MS,
  type GuestRateLimits,
  type GuestReport,
  type GuestSession,
} from '@reportsaathi/contracts/guest';
import { asApiError } from '../utils/api-refusal';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnalysisStage } from '@reportsaathi/contracts/constants';
import { AnalysisSteps } from '../components/analysis-steps';
import { FilePicker } from '../components/file-picker';
import { ConfidenceLine, ResultsView } from '../components/results-view';
import { toast } from '../components/toaster';
import { apiBaseUrl } from '../utils/api.server';
import { formatDate, formatDateTime, formatMB, formatRemaining, formatReportType } from '../utils/format';
import { labels, type Lang } from '../utils/i18n';
import { guestTexts, type GuestTexts } from '../utils/guest-texts';
import { progressTexts } from '../utils/progress-texts';
import { say } from '../utils/messages';
import { uploadForm } from '../utils/upload-form';
import { useSchemaForm } from '../utils/use-schema-form';
import type { RootData } from '../root';
import {
  clearStoredSession,
  fileForm,
  guestApi,
  loadStoredSession,
  newUploadKey,
  storeSession,
} from '../utils/guest-api';

export const meta: MetaFunction = () => [
  { title: 'Free Report Analysis | ReportSaathi' },
  { name: 'description', content: 'Try a free analysis of your medical report. No account required.' },
];

export function loader({ context }: LoaderFunctionArgs) {
  // The browser calls the API on this same origin; only the path of the internal base URL is public.
  const publicBase = process.env.PUBLIC_API_URL || new URL(apiBaseUrl(context)).pathname;
  return { apiBase: publicBase.replace(/\/+$/, '') };
}

type Step = 'upload' | 'analyzing' | 'results';
const STEPS: Step[] = ['upload', 'analyzing', 'results'];

function message(err: unknown, fallback: string): string {
  const refused = asApiError(err);
  return refused && refused.status !== 0 && refused.message ? refused.message : fallback;
}

function Stepper({ step, g }: { step: Step; g: GuestTexts }) {
  const current = STEPS.indexOf(step);
  return (
    <ol className="stepper" aria-label={g.progress}>
      {STEPS.map((s, i) => (
        <li
          key={s}
          className={i < current ? 'done' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          {i + 1}. {g.steps[s]}
        </li>
      ))}
    </ol>
  );
}

function WhyRegister({ g }: { g: GuestTexts }) {
  return (
    <aside className="card" aria-labelledby="why-title">
      <h2 id="why-title">{g.whyRegister}</h2>
      <ul>
        {g.why.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      <Link to="/register" className="btn btn-outline">
        {g.registerMore}
      </Link>
    </aside>
  );
}

function Results({ report, onAnother, lang }: { report: GuestReport; onAnother: () => void; lang: Lang }) {
  const t = labels(lang);
  const g = guestTexts(lang);
  return (
    <section aria-labelledby="results-title">
      <div className="card">
        <h2 id="results-title" style={{ marginTop: 0 }}>
          {g.results}
        </h2>
        <dl className="meta-list">
          <dt>{g.file}</dt>
          <dd>{report.original_filename}</dd>
          <dt>{g.reportType}</dt>
          <dd style={{ textTransform: 'capitalize' }}>{formatReportType(report.report_type, lang)}</dd>
          <dt>{g.fileSize}</dt>
          <dd>{formatMB(report.file_size)}</dd>
          <dt>{g.analyzed}</dt>
          <dd>{formatDate(report.completed_at ?? report.created_at, lang)}</dd>
        </dl>
        <ConfidenceLine score={report.confidence_score} t={t} label={g.confidence} />
      </div>
      <ResultsView values={report.values} t={t} />
      <div className="card">
        <h3 style={{ marginTop: 0 }}>{g.summary}</h3>
        <p className="result-text">{report.summary ?? g.noSummary}</p>
      </div>
      {report.key_findings.length > 0 ? (
        <div className="card">
          <h3 style={{ marginTop: 0 }}>{g.keyFindings}</h3>
          <ul className="findings">
            {report.key_findings.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.recommendations.length > 0 ? (
        <div className="card">
          <h3 style={{ marginTop: 0 }}>{g.recommendations}</h3>
          <ul className="recs">
            {report.recommendations.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="btn-row" style={{ marginTop: '1rem' }}>
        <Link to="/register" className="btn btn-primary">
          {g.registerFree}
        </Link>
        <button type="button" className="btn btn-outline" onClick={onAnother}>
          {g.another}
        </button>
      </div>
      <div className="disclaimer-box" role="note">
        <strong>{g.disclaimerTitle}</strong> {g.disclaimer}
      </div>
    </section>
  );
}

export default function Analyze() {
  const { apiBase } = useLoaderData<typeof loader>();
  const api = useRef(guestApi(apiBase)).current;
  const lang: Lang = useRouteLoaderData<RootData>('root')?.lang ?? 'en';
  const g = guestTexts(lang);
  const m = g.messages;
  const [hydrated, setHydrated] = useState(false);
  const [session, setSession] = useState<GuestSession | null>(null);
  const [limits, setLimits] = useState<GuestRateLimits | null>(null);
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  // One key per chosen file: pressing the button again for it returns the same report.
  const uploadKey = useMemo(() => (file ? newUploadKey() : ''), [file]);
  // The same form schema as /upload's, run here only in the browser (the guest's file goes
  // straight to the API): a refused file is said by the picker as soon as it is chosen.
  const [form, fields] = useSchemaForm(uploadForm, null, 'guest-upload', 'onInput');
  const fileError = fields.file.errors?.[0];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<GuestReport | null>(null);
  // The running analysis's step as the last poll read it (decision 246); null while queued.
  const [stage, setStage] = useState<AnalysisStage | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [pickerKey, setPickerKey] = useState(0);
  const polling = useRef<number | null>(null);

  /** After creating, uploading or analyzing: re-read session and limits; a failed refresh drops the session. */
  const refresh = useCallback(
    async (s: GuestSession) => {
      try {
        const [fresh, l] = await Promise.all([
          api.session({ params: { sid: s.session_id } }),
          api.rateLimits({ params: { sid: s.session_id } }),
        ]);
        storeSession(fresh);
        setSession(fresh);
        setLimits(l);
        return fresh;
      } catch {
        clearStoredSession();
        setSession(null);
        setLimits(null);
        return null;
      }
    },
    [api],
  );

  const ensureSession = useCallback(async () => {
    const stored = loadStoredSession();
    if (stored && (await refresh(stored))) return;
    try {
      const created = await api.createSession();
      storeSession(created);
      setSession(created);
      await refresh(created);
    } catch {
      setError(m.createFailed);
    }
  }, [api, refresh, m]);

  useEffect(() => {
    setHydrated(true);
    void ensureSession();
    const clock = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      window.clearInterval(clock);
      if (polling.current) window.clearTimeout(polling.current);
    };
  }, [ensureSession]);

  /** Re-read the report every 5 s, at most 60 times; a failed read counts as an attempt. */
  const poll = useCallback(
    (s: GuestSession, rid: number) => {
      let attempts = 0;
      const tick = async () => {
        attempts += 1;
        try {
          const r = await api.report({ params: { sid: s.session_id, rid } });
          setStage(r.status === 'processing' ? (r.analysis_stage ?? null) : null);
          if (r.status === 'completed') {
            setReport(r);
            setStep('results');
            toast('success', lang === 'hi' ? 'विश्लेषण पूरा हुआ!' : 'Analysis completed!');
            void refresh(s);
            return;
          }
          if (r.status === 'failed') {
            setFailedId(rid);
            setError(m.analysisFailed);
            setStep('upload');
            void refresh(s);
            return;
          }
        } catch {
          // counted below like any other attempt
        }
        if (attempts >= GUEST_POLL_MAX) {
          setError(m.timeout);
          return;
        }
        polling.current = window.setTimeout(() => void tick(), GUEST_POLL_MS);
      };
      polling.current = window.setTimeout(() => void tick(), GUEST_POLL_MS);
    },
    [api, refresh, lang, m],
  );

  /**
   * A reload while an analysis runs comes back to it (decision 246): the session's newest report,
   * if still pending or processing, is followed again with its step, instead of an empty upload.
   */
  const resumed = useRef(false);
  useEffect(() => {
    if (!session || resumed.current) return;
    resumed.current = true;
    void api
      .reports({ params: { sid: session.session_id } })
      .then(({ reports }) => {
        const running = reports.find((r) => r.status === 'pending' || r.status === 'processing');
        if (!running || polling.current) return;
        setStage(running.status === 'processing' ? (running.analysis_stage ?? null) : null);
        setStep('analyzing');
        poll(session, running.id);
      })
      .catch(() => undefined); // nothing to resume: the upload form stays
  }, [api, session, poll]);

  async function uploadAndAnalyze() {
    setError(null);
    setFailedId(null);
    if (!session) {
      setError(m.noSession);
      return;
    }
    if (!file) return; // the button waits for a file; the form's schema has checked it
    setBusy(true);
    try {
      const { report_id } = await api.upload(
        { params: { sid: session.session_id }, query: { language: lang } },
        { form: fileForm(file), idempotencyKey: uploadKey },
      );
      toast('success', m.uploaded);
      // The upload queues the analysis at once; this page follows it.
      toast('info', m.analysisStarted);
      setStage(null);
      setStep('analyzing');
      const fresh = (await refresh(session)) ?? session;
      poll(fresh, report_id);
    } catch (err) {
      setError(message(err, m.uploadFailed));
      void refresh(session);
    } finally {
      setBusy(false);
    }
  }

  /** Retry a failed analysis (POST .../analyze), within the daily analysis limit. */
  async function retry() {
    if (!session || failedId === null) {
      setError(m.noSession);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.analyze({ params: { sid: session.session_id, rid: failedId } });
      toast('info', m.analysisStarted);
      setStage(null);
      setStep('analyzing');
      const fresh = (await refresh(session)) ?? session;
      poll(fresh, failedId);
      setFailedId(null);
    } catch (err) {
      setError(message(err, m.analysisFailed));
    } finally {
      setBusy(false);
    }
  }

  function another() {
    if (polling.current) window.clearTimeout(polling.current);
    setReport(null);
    setFile(null);
    form.reset();
    setError(null);
    setFailedId(null);
    setStep('upload');
    setPickerKey((k) => k + 1);
  }

  // At the day's limit the button is disabled, with when it opens again (issue 33), instead of a refusal.
  const limitReached = limits !== null && (!limits.can_upload || !limits.can_analyze);

  const errorBox = error ? (
    <div className="form-error" role="alert" style={{ marginTop: '1rem' }}>
      {say(lang, error)}
      {failedId !== null ? (
        <div style={{ marginTop: '0.5rem' }}>
          <button type="button" className="btn btn-sm" onClick={() => void retry()} disabled={busy}>
            {g.retry}
          </button>
        </div>
      ) : null}
    </div>
  ) : null;

  return (
    <div className="container page-pad">
      <h1>{g.title}</h1>
      <p className="muted">{g.intro}</p>
      <Stepper step={step} g={g} />

      <div className="card limits" aria-live="polite">
        <span>
          {g.analysesLeft} <strong>{limits ? limits.analyses_remaining : '…'}</strong>
        </span>
        <span>
          {g.uploadsLeft} <strong>{limits ? limits.uploads_remaining : '…'}</strong>
        </span>
        <span>
          {g.expiresIn} <strong>{session ? formatRemaining(session.expires_at, now, lang) : '…'}</strong>
        </span>
      </div>

      {/* On the upload step the message sits under the button, inside the card: one that arrives while
          the page loads (no session could be made) then moves nothing on screen (no layout shift). */}
      {step !== 'upload' ? errorBox : null}

      <div className="grid" style={{ marginTop: '1rem', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {step === 'results' && report ? (
          <Results report={report} onAnother={another} lang={lang} />
        ) : step === 'analyzing' ? (
          <div className="card">
            <p style={{ marginTop: 0 }}>
              <span className="spinner" aria-hidden="true" /> {g.analyzing}
            </p>
            <AnalysisSteps stage={stage} t={progressTexts(lang)} />
          </div>
        ) : (
          <div className="card">
            <noscript>
              <p className="form-info">
                {g.needsJs} <a href="/register">{g.register}</a> {g.needsJsEnd}
              </p>
            </noscript>
            <form
              {...getFormProps(form)}
              onSubmit={(e) => {
                // conform checks the file (and stops a refused one); a good one is sent from here.
                getFormProps(form).onSubmit(e);
                if (e.defaultPrevented) return;
                e.preventDefault();
                void uploadAndAnalyze();
              }}
            >
              <FilePicker
                key={pickerKey}
                lang={lang}
                disabled={busy || !hydrated}
                field={fields.file}
                onRemove={() => form.reset({ name: fields.file.name })}
                onChange={(f) => {
                  setFile(f);
                  setError(null);
                  setStep('upload');
                }}
              />
              <div className="btn-row" style={{ marginTop: '1rem' }}>
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={busy || !hydrated || !file || !!fileError || limitReached}
                >
                  {busy ? (
                    <>
                      <span className="spinner" aria-hidden="true" /> {g.uploading}
                    </>
                  ) : (
                    g.uploadButton
                  )}
                </button>
                <Link to="/register" className="btn btn-outline">
                  {g.registerMore}
                </Link>
              </div>
            </form>
            {limitReached ? (
              <p className="form-info" role="status" style={{ marginTop: '1rem' }}>
                {g.limitReached} {limits?.resets_at ? g.resetsAt(formatDateTime(limits.resets_at, lang)) : ''}
              </p>
            ) : null}
            {errorBox}
          </div>
        )}
        <WhyRegister g={g} />
      </div>
    </div>
  );
}
