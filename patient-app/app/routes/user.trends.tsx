import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { AnalyteTrend } from '@reportsaathi/contracts/user';
import { Pager } from '../components/pager';
import { TrendChart } from '../components/trend-chart';
import { requireUserWith } from '../utils/auth.server';
import { formatDate } from '../utils/format';
import { section } from '../utils/load.server';
import { panelLabels } from '../utils/panel-i18n';

export const meta: MetaFunction = () => [{ title: 'My Health Trends | ReportSaathi' }];

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
      section(api.user.trends({ page }), 'Failed to load trends'),
      focus ? api.user.trend(focus).catch(() => null) : null,
    ]),
  );
  const listed = res.data?.trends ?? [];
  const all: AnalyteTrend[] = focused ? [focused, ...listed.filter((x) => x.analyte !== focus)] : listed;
  const language = user.preferences.language;
  return {
    // Only what the page shows goes into the page's data (the browser parses all of it while it
    // hydrates): the sentence in the user's language, and per point the chart's and the list's fields.
    trends: all.map((tr) => ({
      analyte: tr.analyte,
      name: tr.name,
      unit: tr.unit,
      ref_low: tr.ref_low,
      ref_high: tr.ref_high,
      total_points: tr.total_points,
      sentence: language === 'hi' ? tr.sentence.hi : tr.sentence.en,
      points: tr.points.map((p) => ({
        report_id: p.report_id,
        date: p.date,
        value: p.value,
        original_value: p.original_value,
        original_unit: p.original_unit,
        out_of_range: p.out_of_range,
      })),
    })),
    focus,
    missing: Boolean(focus && !focused),
    page: res.data?.page ?? page,
    totalPages: res.data?.total_pages ?? 0,
    totalCount: res.data?.total_count ?? 0,
    language,
    error: res.error,
  };
}

export default function Trends() {
  const { trends, focus, missing, page, totalPages, totalCount, language, error } =
    useLoaderData<typeof loader>();
  const t = panelLabels(language);
  const pageLink = (p: number) => `/user/trends${p > 1 ? `?page=${p}` : ''}`;
  return (
    <div className="section-stack">
      <h1>{t.nav.trends}</h1>
      <p className="muted">
        How each of your test values moved across your analysed reports. The shaded band is the normal range.
      </p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {missing ? (
        <div className="form-info" role="status">
          This test appears in only one analysed report so far; a trend needs at least two.
        </div>
      ) : null}
      {trends.length === 0 && !error ? (
        <div className="card empty">
          <h2>No trends yet</h2>
          <p className="muted">
            Upload and analyse two or more reports with the same tests to see how they change.
          </p>
          <Link to="/upload" className="btn btn-primary">
            Upload Report
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
            {tr.name} <span className="muted small">({tr.unit})</span>
          </h2>
          <p className="trend-sentence" lang={language === 'hi' ? 'hi' : 'en'}>
            {tr.sentence}
          </p>
          <TrendChart trend={tr} />
          {tr.total_points > tr.points.length ? (
            <p className="muted small">
              The chart shows your latest {tr.points.length} of {tr.total_points} results; the sentence
              compares the first with the latest.
            </p>
          ) : null}
          <details>
            <summary>Values</summary>
            <ul className="hit-list">
              {tr.points.map((p, i) => (
                <li key={`${p.report_id}-${i}`}>
                  <Link to={`/analysis/${p.report_id}`}>{formatDate(p.date)}</Link>: {p.value} {tr.unit}
                  {p.original_unit !== tr.unit ? ` (reported as ${p.original_value} ${p.original_unit})` : ''}
                  {p.out_of_range ? <span className="badge badge-red">out of range</span> : null}
                </li>
              ))}
            </ul>
          </details>
        </section>
      ))}
      {totalPages > 1 ? (
        <Pager page={page} totalPages={totalPages} totalCount={totalCount} noun="trends" href={pageLink} />
      ) : null}
    </div>
  );
}
