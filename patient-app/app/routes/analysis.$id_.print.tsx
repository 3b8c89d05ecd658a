import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import QRCode from 'qrcode';
import { ListenButton } from '../components/listen-button';
import { PrintButton } from '../components/print-button';
import { ResultsView } from '../components/results-view';
import printStylesUrl from '../styles/print.css?url';
import { apiRefusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { formatDate, formatDateTime, formatReportType } from '../utils/format';
import { labels } from '../utils/i18n';
import { shareTexts } from '../utils/share-texts';
import { doctorQuestions } from '../utils/doctor-questions';

/**
 * /analysis/{id}/print: the report on one A4 page for the doctor's desk (decision 129): patient,
 * dates, every value with its range and flag (out of range first), the short explanation, and a QR
 * code to the report's active share link when there is one. English or Hindi (?lang=); the report's
 * own text stays in the language it was analysed in.
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printStylesUrl }];

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `${shareTexts(d.lang).printTitle} | ReportSaathi` : 'Print | ReportSaathi' },
];

const notFound = () => new Response('Report not found', { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context, 'Please log in to view your reports');
  if (!/^\d{1,9}$/.test(params.id ?? '')) throw notFound();
  const id = Number(params.id);
  const [report, links] = await Promise.all([
    api.reports.get({ params: { id } }).catch((err: unknown) => {
      if (apiRefusal(err).status === 404) throw notFound();
      throw err;
    }),
    api.shareLinks.forReport({ params: { id } }).then(
      (r) => r.links,
      () => [],
    ),
  ]);
  if (report.status !== 'completed') throw notFound();
  const asked = new URL(request.url).searchParams.get('lang');
  const lang: 'en' | 'hi' = asked === 'hi' || asked === 'en' ? asked : report.language;
  // The newest active link that can still be drawn: the QR code opens it (the PIN is still needed).
  const active = links.find((l) => l.status === 'active' && l.path);
  const shareUrl = active?.path ? new URL(active.path, request.url).href : null;
  const qr = shareUrl
    ? await QRCode.toString(shareUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
    : null;
  return {
    lang,
    patient: user.full_name || user.email,
    report: {
      id: report.id,
      original_filename: report.original_filename,
      report_type: report.report_type,
      created_at: report.created_at,
      sample_date: report.sample_date ?? report.created_at,
      lab_name: report.lab_name ?? null,
      analysed_at: report.processing_completed_at,
      summary: report.summary,
      key_findings: report.key_findings,
      language: report.language,
      values: report.values,
    },
    qr,
    shareExpires: active?.expires_at ?? null,
    printedAt: new Date().toISOString(),
  };
}

export default function PrintSummary() {
  const { lang, patient, report, qr, shareExpires, printedAt } = useLoaderData<typeof loader>();
  const t = labels(lang);
  const st = shareTexts(lang);
  const explanation = [report.summary, ...report.key_findings].filter(Boolean).join('\n');
  const other = lang === 'hi' ? 'en' : 'hi';
  return (
    <div className="print-page" lang={lang}>
      <div className="print-toolbar">
        <Link to={`/analysis/${report.id}`}>← {t.back}</Link>
        <PrintButton label={st.printButton} />
        <Link to={`?lang=${other}`} lang={other} hrefLang={other}>
          {other === 'hi' ? 'हिन्दी' : 'English'}
        </Link>
        {explanation ? (
          <ListenButton text={explanation} lang={report.language} t={st} label={st.explanation} />
        ) : null}
      </div>
      <header className="print-head">
        <div>
          <h1>{st.printTitle}</h1>
          <dl className="print-meta">
            <dt>{st.patient}</dt>
            <dd>{patient}</dd>
            <dt>{t.reportType}</dt>
            <dd>{formatReportType(report.report_type, lang)}</dd>
            <dt>{st.source}</dt>
            <dd>{report.original_filename}</dd>
            {report.lab_name ? (
              <>
                <dt>{st.lab}</dt>
                <dd>{report.lab_name}</dd>
              </>
            ) : null}
            <dt>{st.sampleDate}</dt>
            <dd>{formatDate(report.sample_date, lang)}</dd>
            <dt>{st.analysed}</dt>
            <dd>{formatDate(report.analysed_at, lang)}</dd>
            <dt>{st.printed}</dt>
            <dd>{formatDateTime(printedAt, lang)}</dd>
          </dl>
        </div>
        {qr ? (
          <figure className="print-qr" data-share-qr>
            <div dangerouslySetInnerHTML={{ __html: qr }} role="img" aria-label={st.scanToOpen} />
            <figcaption>
              {st.scanToOpen}
              {shareExpires ? ` · ${st.expires} ${formatDate(shareExpires, lang)}` : ''}
            </figcaption>
          </figure>
        ) : null}
      </header>
      <ResultsView values={report.values} t={t} bySystem={false} />
      {explanation ? (
        <section lang={report.language}>
          <h2 lang={lang}>{st.explanation}</h2>
          {report.summary ? <p>{report.summary}</p> : null}
          {report.key_findings.length ? (
            <ul>
              {report.key_findings.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <section className="print-questions" aria-labelledby="questions-title">
        <h2 id="questions-title">{st.questionsTitle}</h2>
        <p className="small">{st.questionsHint}</p>
        {doctorQuestions(report.values, lang).map((q, i) => (
          <div key={i} className="print-question-group" data-finding={q.finding ?? ''}>
            {q.finding ? <h3>{q.finding}</h3> : null}
            <ul>
              {q.questions.map((text, j) => (
                <li key={j}>☐ {text}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <p className="print-foot">{st.disclaimer}</p>
    </div>
  );
}
