// @ts-nocheck
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { TrendChart } from '../components/trend-chart';
import { requireUser } from '../utils/auth.server';
import { formatDate } from '../utils/format';
import { section } from '../utils/load.server';
import { panelLabels } from '../utils/panel-i18n';

export const meta: MetaFunction = () => [{ title: 'My Health Trends | ReportSaathi' }];

/** Every analyte the user has in two or more analysed reports, as a chart and one sentence. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  const focus = new URL(request.url).searchParams.get('analyte')?.slice(0, 60) ?? null;
  const res = await section(api.user.trends(), 'Failed to load trends');
  const trends = res.data?.trends ?? [];
  // The analyte asked for (from a value row of a report) comes first.
  trends.sort((a, b) => Number(b.analyte === focus) - Number(a.analyte === focus));
  return { trends, focus, language: user.preferences.language, error: res.error };
}

export default function Trends() {
  const { trends, focus, language, error } = useLoaderData<typeof loader>();
  const t = panelLabels(language);
  const missing = focus && !trends.some((x) => x.analyte === focus);
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
            {language === 'hi' ? tr.sentence.hi : tr.sentence.en}
          </p>
          <TrendChart trend={tr} />
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
    </div>
  );
}
