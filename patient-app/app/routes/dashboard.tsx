import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import type { ReportListItem } from '@reportsaathi/contracts/reports';
import { StatusBadge } from '../components/status-badge';
import { asPage, createApi } from '../utils/api.server';
import { apiRefusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { DASHBOARD_POLL_MS } from '../utils/config';
import { formatDate } from '../utils/format';
import { userTexts } from '../utils/user-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).home.title} | ReportSaathi` },
];

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The newest reports only, one page at a time (a patient may have thousands), and the counters
  // from the API's own aggregates; both asked for while the guard checks the session.
  const api = createApi(request, context);
  const pageNo = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1));
  const listing = Promise.all([
    api.reports.list({ query: { page: pageNo, limit: PAGE_SIZE } }).then(asPage),
    api.user.dashboardStats(),
  ])
    .then(([page, stats]) => ({ page, stats, loadError: null as string | null }))
    .catch((err: unknown) => {
      apiRefusal(err);
      return { page: null, stats: null, loadError: 'Failed to load reports' };
    });
  listing.catch(() => undefined); // the guard's redirect may win; never leave this rejection unhandled
  const { user } = await requireUser(request, context);
  const { page, stats, loadError } = await listing;
  const reports: ReportListItem[] = page?.reports ?? [];
  return {
    name: user.full_name || user.email,
    loadError,
    counters: {
      total: stats?.reports_uploaded ?? page?.total ?? 0,
      thisMonth: stats?.reports_this_month ?? 0,
      analyzed: stats?.reports_analyzed ?? 0,
    },
    page: pageNo,
    totalPages: page?.total_pages ?? 0,
    // Only what the list shows travels to the browser.
    reports: reports.map((r) => ({
      id: r.id,
      original_filename: r.original_filename,
      status: r.status,
      created_at: r.created_at,
    })),
  };
}

/**
 * While a shown report is still pending or processing, ask every 10 s for the running ones only
 * (not the whole list); when one shown here has finished or moved on, re-read this page once.
 */
function useRunningPoll(shown: { id: number; status: string }[]): void {
  const poll = useFetcher<{ running: { id: number; status: string }[] }>();
  const { revalidate, state } = useRevalidator();
  const running = shown.filter((r) => r.status === 'pending' || r.status === 'processing');
  const key = running.map((r) => `${r.id}:${r.status}`).join(',');
  useEffect(() => {
    if (!key) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden' || poll.state !== 'idle') return;
      poll.load('/dashboard/running');
    }, DASHBOARD_POLL_MS);
    return () => window.clearInterval(timer);
  }, [key, poll]);
  useEffect(() => {
    if (!poll.data || !key || state !== 'idle') return;
    const now = new Map(poll.data.running.map((r) => [r.id, r.status]));
    const changed = key.split(',').some((pair) => {
      const [id, status] = pair.split(':');
      return now.get(Number(id)) !== status;
    });
    if (changed) revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new poll answer should trigger this
  }, [poll.data]);
}

function DeleteButton({ id, filename }: { id: number; filename: string }) {
  const u = userTexts(usePageLang());
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    // Without JavaScript this GETs a confirmation page; with it, the browser's confirm dialog asks.
    <Form
      method="get"
      action={`/reports/${id}/delete`}
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!window.confirm(u.home.deleteQuestion)) return;
        fetcher.submit(null, { method: 'post', action: `/reports/${id}/delete` });
      }}
    >
      <button
        type="submit"
        className="btn btn-danger btn-sm"
        disabled={busy}
        aria-label={u.reports.deleteNamed(filename)}
      >
        {busy ? u.common.deleting : u.common.delete}
      </button>
    </Form>
  );
}

export default function Dashboard() {
  const { name, counters, reports, loadError, page, totalPages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const running = reports.some((r) => r.status === 'pending' || r.status === 'processing');
  useRunningPoll(reports);
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/dashboard';
  const lang = usePageLang();
  const u = userTexts(lang);
  const t = u.home;

  return (
    <div className="container page-pad">
      <div className="page-head">
        <div>
          <h1>{t.welcome(name)}</h1>
          <p className="muted">{t.intro}</p>
        </div>
        <Link to="/upload" className="btn btn-primary">
          {t.uploadNew}
        </Link>
      </div>

      <div className="stats" role="group" aria-label={t.counters}>
        <div className="card">
          <p className="stat-label">{t.total}</p>
          <p className="stat-value">{counters.total}</p>
        </div>
        <div className="card">
          <p className="stat-label">{t.thisMonth}</p>
          <p className="stat-value">{counters.thisMonth}</p>
        </div>
        <div className="card">
          <p className="stat-label">{t.analyzed}</p>
          <p className="stat-value">{counters.analyzed}</p>
        </div>
      </div>

      <section className="card" style={{ marginTop: '1.25rem' }} aria-labelledby="reports-title">
        <div className="page-head" style={{ marginBottom: 0 }}>
          <h2 id="reports-title">{t.yours}</h2>
          {loading ? (
            <span role="status">
              <span className="spinner" aria-hidden="true" /> <span className="muted">{t.loading}</span>
            </span>
          ) : running ? (
            <span className="muted small">{t.running}</span>
          ) : null}
        </div>
        {loadError ? (
          <div className="form-error" role="alert">
            {say(lang, loadError)}
          </div>
        ) : null}
        {reports.length === 0 && !loadError ? (
          <div className="empty">
            <h3>{t.none}</h3>
            <p className="muted">{t.uploadFirst}</p>
            <Link to="/upload" className="btn btn-primary">
              {t.uploadOne}
            </Link>
          </div>
        ) : (
          <ul className="report-list">
            {reports.map((r) => (
              <li key={r.id} className="report-item">
                <div>
                  <p className="report-name">{r.original_filename}</p>
                  <p className="muted small" style={{ margin: 0 }}>
                    {t.uploadedOn(formatDate(r.created_at, lang))}
                  </p>
                </div>
                <div className="report-actions">
                  <StatusBadge status={r.status} />
                  <Link
                    to={`/analysis/${r.id}`}
                    className="btn btn-outline btn-sm"
                    aria-label={t.viewNamed(r.original_filename)}
                  >
                    {t.view}
                  </Link>
                  <DeleteButton id={r.id} filename={r.original_filename} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {totalPages > 1 ? (
          <nav className="pager" aria-label={u.pager.label}>
            <p className="muted small">
              {u.pager.showing(page, totalPages, counters.total, u.pager.nouns.reports)} ·{' '}
              <Link to="/user/reports">{t.allInMyReports}</Link>
            </p>
            <div className="pager-links">
              {page > 1 ? (
                <Link to={`/dashboard?page=${page - 1}`} className="btn btn-outline btn-sm" rel="prev">
                  {u.pager.previous}
                </Link>
              ) : null}
              {page < totalPages ? (
                <Link to={`/dashboard?page=${page + 1}`} className="btn btn-outline btn-sm" rel="next">
                  {u.pager.next}
                </Link>
              ) : null}
            </div>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
