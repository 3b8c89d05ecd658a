import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { AnalyteTrend } from '@reportsaathi/contracts/user';
import { Pager } from '../components/pager';
import { TrendChart } from '../components/trend-chart';
import { valueListMarkup } from '../components/trend-values';
import { requireUserWith } from '../utils/auth.server';
import { formatDate, formatNumber } from '../utils/format';
import { section } from '../utils/load.server';
import { trendsDateAction } from '../utils/trends.server';
import { panelLabels } from '../utils/panel-i18n';

import { trendTexts, type TrendTexts } from '../utils/trend-texts';
import { say } from '../utils/messages';
import { metaLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${panelLabels(metaLang(matches)).nav.trends} | ReportSaathi` },
];

/**
 * A page of analytes (the API's default 10, most measured first), each chart holding the latest 24
 * points (decision 064). An analyte asked for from a value row of a report is fetched on its own
 * and shown first, on whichever page it would fall.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const focus = /^[a-z0-9_]{1,64}$/.test(url.searchParams.get('analyte') ?? '')
    ? url.searchParams.get('analyte')
    : null;
  const asked = Number(url.searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 1_000_000 ? asked : 1;
  const {
    user,
    data: [res, focused],
  } = await requireUserWith(request, context, (api) =>
    Promise.all([
      section(api.trends.list({ query: { page } }), 'Failed to load trends'),
      focus ? api.trends.get({ params: { analyte: focus } }).catch(() => null) : null,
    ]),
  );
  const listed = res.data?.trends ?? [];
  const all: AnalyteTrend[] = focused ? [focused, ...listed.filter((x) => x.analyte !== focus)] : listed;
  const language = user.preferences.language;
  return {
    // Only what the page shows goes into the page's data (the browser parses all of it while it
    // hydrates): the name and sentence in the user's language, and per point the chart's fields,
    // plus the list's where they say something (a point printed in another unit, a value the patient
    // typed). Where a point's date comes from is its report's, sent once in `reports`.
    trends: all.map((tr) => ({
      analyte: tr.analyte,
      // The card's title and the chart's: the analyte's name in the page's language.
      name: language === 'hi' ? tr.name_hi : tr.name,
      unit: tr.unit,
      total_points: tr.total_points,
      sentence: language === 'hi' ? tr.sentence.hi : tr.sentence.en,
      points: tr.points.map((p) => ({
        report_id: p.report_id,
        date: p.date,
        value: p.value,
        ref_low: p.ref_low,
        ref_high: p.ref_high,
        out_of_range: p.out_of_range,
        ...(p.printed ? { printed: `${formatNumber(p.printed.value)} ${p.printed.unit}` } : {}),
        ...(p.entered_by_patient ? { entered: true } : {}),
      })),
    })),
    // Each report on the page's charts once, latest sample first, with where its date comes from.
    reports: [
      ...new Map(
        all
          .flatMap((tr) => tr.points)
          .map((p) => [p.report_id, { report_id: p.report_id, date: p.date, date_source: p.date_source }]),
      ).values(),
    ].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.report_id - a.report_id)),
    focus,
    missing: Boolean(focus && !focused),
    page: res.data?.page ?? page,
    totalPages: res.data?.total_pages ?? 0,
    totalCount: res.data?.total_count ?? 0,
    language,
    error: res.error,
  };
}

/** The sample-date form's post (trends.server.ts). */
export const action = ({ request, context }: ActionFunctionArgs) => trendsDateAction(request, context);

type DateSource = 'printed' | 'corrected' | 'upload';

/**
 * The dates of the reports on this page's charts, each correctable through one form: a choice of
 * report and a date. One form for the page, not one per report, keeps a page of fifty reports
 * small and quick to render.
 */
function ReportDates({
  reports,
  back,
  tt,
  lang,
}: {
  reports: Array<{ report_id: number; date: string; date_source: DateSource }>;
  back: string;
  tt: TrendTexts;
  lang: 'en' | 'hi';
}) {
  const anyCorrected = reports.some((r) => r.date_source === 'corrected');
  return (
    <section className="card" id="report-dates" aria-labelledby="report-dates-h">
      <h2 id="report-dates-h">{tt.dates}</h2>
      <p className="muted small">{tt.datesHint}</p>
      <Form method="post" className="trend-date-form" aria-label={tt.correct}>
        <input type="hidden" name="back" value={`${back}#report-dates`} />
        <label>
          {tt.report}{' '}
          <select name="report_id" required>
            {reports.map((r) => (
              <option key={r.report_id} value={r.report_id}>
                {tt.reportOf(formatDate(r.date, lang), tt.sources[r.date_source])}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {tt.sampleDate} <input type="date" name="collected_on" required min="1990-01-01" />
        </label>{' '}
        <button type="submit" name="intent" value="save" className="btn btn-sm btn-outline">
          {tt.save}
        </button>
        {anyCorrected ? (
          <button type="submit" name="intent" value="reset" className="btn btn-sm btn-outline" formNoValidate>
            {tt.usePrinted}
          </button>
        ) : null}
      </Form>
    </section>
  );
}

export default function Trends() {
  const { trends, reports, focus, missing, page, totalPages, totalCount, language, error } =
    useLoaderData<typeof loader>();
  const t = panelLabels(language);
  const tt = trendTexts(language);
  const lang = language === 'hi' ? 'hi' : 'en';
  const pageLink = (p: number) => `/user/trends${p > 1 ? `?page=${p}` : ''}`;
  const sources = new Map(reports.map((r) => [r.report_id, r.date_source]));
  return (
    <div className="section-stack">
      <h1>{t.nav.trends}</h1>
      <p className="muted">{tt.intro}</p>
      {error ? (
        <div className="form-error" role="alert">
          {say(language, error)}
        </div>
      ) : null}
      {missing ? (
        <div className="form-info" role="status">
          {tt.onlyOne}
        </div>
      ) : null}
      {trends.length === 0 && !error ? (
        <div className="card empty">
          <h2>{tt.none}</h2>
          <p className="muted">{tt.noneHint}</p>
          <Link to="/upload" className="btn btn-primary">
            {tt.upload}
          </Link>
        </div>
      ) : null}
      {trends.map((tr) => (
        <section
          key={tr.analyte}
          id={`trend-${tr.analyte}`}
          className={`card trend-card${tr.analyte === focus ? ' trend-focus' : ''}`}
          aria-labelledby={`trend-h-${tr.analyte}`}
        >
          <h2 id={`trend-h-${tr.analyte}`}>
            {tr.name}
            {/* A test measured without a unit (urine pH, specific gravity): no empty "()". */}
            {tr.unit ? <span className="muted small"> ({tr.unit})</span> : null}
          </h2>
          <p className="trend-sentence" lang={language === 'hi' ? 'hi' : 'en'}>
            {tr.sentence}
          </p>
          <TrendChart trend={tr} listed />
          {tr.total_points > tr.points.length ? (
            <p className="muted small">{tt.latest(tr.points.length, tr.total_points)}</p>
          ) : null}
          <details>
            <summary>{tt.values}</summary>
            {/* Up to 240 lines a page that never change: one piece of markup a list (decision 264). */}
            <ul
              className="hit-list"
              dangerouslySetInnerHTML={{ __html: valueListMarkup(tr.points, tr.unit, sources, tt, lang) }}
            />
          </details>
        </section>
      ))}
      {totalPages > 1 ? (
        <Pager page={page} totalPages={totalPages} totalCount={totalCount} noun="trends" href={pageLink} />
      ) : null}
      {reports.length ? <ReportDates reports={reports} back={pageLink(page)} tt={tt} lang={lang} /> : null}
    </div>
  );
}
