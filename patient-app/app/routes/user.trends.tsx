import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { AnalyteTrend } from '@reportsaathi/contracts/user';
import { Pager } from '../components/pager';
import { TrendChart } from '../components/trend-chart';
import { ApiError } from '../utils/api.server';
import { requireUser, requireUserWith } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { safeRedirect } from '../utils/redirect';
import { formatDate } from '../utils/format';
import { labels } from '../utils/i18n';
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
      total_points: tr.total_points,
      sentence: language === 'hi' ? tr.sentence.hi : tr.sentence.en,
      points: tr.points.map((p) => ({
        report_id: p.report_id,
        date: p.date,
        date_source: p.date_source,
        value: p.value,
        ref_low: p.ref_low,
        ref_high: p.ref_high,
        original_value: p.original_value,
        original_unit: p.original_unit,
        out_of_range: p.out_of_range,
        entered_by_patient: p.entered_by_patient ?? false,
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

/**
 * The patient corrects a report's sample date (a report that prints none sits at its upload day, a
 * photo may have been read wrongly): the API checks the date and that the report is theirs.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/trends');
  const reportId = Number(form.get('report_id'));
  const date = form.get('intent') === 'reset' ? null : String(form.get('collected_on') ?? '');
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: date
      ? 'Report date saved: the trends now place it on that day'
      : 'The printed date applies again',
  };
  try {
    if (!Number.isInteger(reportId) || reportId < 1) throw new ApiError(400, 'Report not found');
    await api.user.setReportDate(reportId, date);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    flash = {
      kind: 'error',
      message: err.status === 0 ? 'Failed to save the date' : err.detail || 'Failed to save the date',
    };
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

const SOURCE_TEXT = {
  printed: 'sample date printed on the report',
  corrected: 'date you set',
  upload: 'upload date: the report prints no sample date',
} as const;

/**
 * The dates of the reports on this page's charts, each correctable through one form: a choice of
 * report and a date. One form for the page, not one per report, keeps a page of fifty reports
 * small and quick to render.
 */
function ReportDates({
  reports,
  back,
}: {
  reports: Array<{ report_id: number; date: string; date_source: keyof typeof SOURCE_TEXT }>;
  back: string;
}) {
  const anyCorrected = reports.some((r) => r.date_source === 'corrected');
  return (
    <section className="card" id="report-dates" aria-labelledby="report-dates-h">
      <h2 id="report-dates-h">Dates of these reports</h2>
      <p className="muted small">
        Each value sits at the date its sample was collected. If a report has no date printed, or it was read
        wrongly, choose it and set the right date.
      </p>
      <Form method="post" className="trend-date-form" aria-label="Correct a report's date">
        <input type="hidden" name="back" value={`${back}#report-dates`} />
        <label>
          Report{' '}
          <select name="report_id" required>
            {reports.map((r) => (
              <option key={r.report_id} value={r.report_id}>
                Report of {formatDate(r.date)} ({SOURCE_TEXT[r.date_source]})
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Sample date <input type="date" name="collected_on" required min="1990-01-01" />
        </label>{' '}
        <button type="submit" name="intent" value="save" className="btn btn-sm btn-outline">
          Save date
        </button>
        {anyCorrected ? (
          <button type="submit" name="intent" value="reset" className="btn btn-sm btn-outline" formNoValidate>
            Use the printed date
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
  const pageLink = (p: number) => `/user/trends${p > 1 ? `?page=${p}` : ''}`;
  return (
    <div className="section-stack">
      <h1>{t.nav.trends}</h1>
      <p className="muted">
        How each of your test values moved across your analysed reports, placed at the date each sample was
        collected. The shaded band is each report&apos;s own normal range. You can correct a report&apos;s
        date at the bottom of the page.
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
                <li key={`${p.report_id}-${i}`} className="trend-value">
                  <Link to={`/analysis/${p.report_id}`}>{formatDate(p.date)}</Link>: {p.value} {tr.unit}
                  {p.original_unit !== tr.unit ? ` (reported as ${p.original_value} ${p.original_unit})` : ''}
                  {p.out_of_range ? <span className="badge badge-red">out of range</span> : null}{' '}
                  {p.entered_by_patient ? (
                    <span className="badge badge-entered">{labels(language).fixValue.enteredByYou}</span>
                  ) : null}{' '}
                  <span className="muted small">({SOURCE_TEXT[p.date_source]})</span>
                </li>
              ))}
            </ul>
          </details>
        </section>
      ))}
      {totalPages > 1 ? (
        <Pager page={page} totalPages={totalPages} totalCount={totalCount} noun="trends" href={pageLink} />
      ) : null}
      {reports.length ? <ReportDates reports={reports} back={pageLink(page)} /> : null}
    </div>
  );
}
