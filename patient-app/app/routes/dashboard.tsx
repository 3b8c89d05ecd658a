import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReportListItem } from '@reportsaathi/contracts/reports';
import { StatusBadge } from '../components/status-badge';
import { ApiError, createApi } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { DASHBOARD_POLL_MS } from '../utils/config';
import { formatDate, sameMonth } from '../utils/format';
import { usePolling } from '../utils/use-polling';

export const meta: MetaFunction = () => [{ title: 'Dashboard | ReportSaathi' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Ask for the list while the guard checks the session: one round trip instead of two.
  const listing = createApi(request, context)
    .reports.list()
    .then((r) => ({ reports: r.reports, loadError: null as string | null }))
    .catch((err: unknown) => {
      if (err instanceof ApiError)
        return { reports: [] as ReportListItem[], loadError: 'Failed to load reports' };
      throw err;
    });
  listing.catch(() => undefined); // the guard's redirect may win; never leave this rejection unhandled
  const { user } = await requireUser(request, context);
  const { reports, loadError } = await listing;
  const now = new Date();
  return {
    name: user.full_name || user.email,
    loadError,
    counters: {
      total: reports.length,
      thisMonth: reports.filter((r) => sameMonth(r.created_at, now)).length,
      analyzed: reports.filter((r) => r.status === 'completed').length,
    },
    // Only what the list shows travels to the browser.
    reports: reports.map((r) => ({
      id: r.id,
      original_filename: r.original_filename,
      status: r.status,
      created_at: r.created_at,
    })),
  };
}

function DeleteButton({ id, filename }: { id: number; filename: string }) {
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
        if (!window.confirm('Are you sure you want to delete this report?')) return;
        fetcher.submit(null, { method: 'post', action: `/reports/${id}/delete` });
      }}
    >
      <button
        type="submit"
        className="btn btn-danger btn-sm"
        disabled={busy}
        aria-label={`Delete ${filename}`}
      >
        {busy ? 'Deleting…' : 'Delete'}
      </button>
    </Form>
  );
}

export default function Dashboard() {
  const { name, counters, reports, loadError } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const running = reports.some((r) => r.status === 'pending' || r.status === 'processing');
  usePolling(running, DASHBOARD_POLL_MS);
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/dashboard';

  return (
    <div className="container page-pad">
      <div className="page-head">
        <div>
          <h1>Welcome back, {name}</h1>
          <p className="muted">Your reports and their analyses, newest first.</p>
        </div>
        <Link to="/upload" className="btn btn-primary">
          Upload New Report
        </Link>
      </div>

      <div className="stats" role="group" aria-label="Report counters">
        <div className="card">
          <p className="stat-label">Total Reports</p>
          <p className="stat-value">{counters.total}</p>
        </div>
        <div className="card">
          <p className="stat-label">This Month</p>
          <p className="stat-value">{counters.thisMonth}</p>
        </div>
        <div className="card">
          <p className="stat-label">Analyzed</p>
          <p className="stat-value">{counters.analyzed}</p>
        </div>
      </div>

      <section className="card" style={{ marginTop: '1.25rem' }} aria-labelledby="reports-title">
        <div className="page-head" style={{ marginBottom: 0 }}>
          <h2 id="reports-title">Your Reports</h2>
          {loading ? (
            <span role="status">
              <span className="spinner" aria-hidden="true" /> <span className="muted">Loading…</span>
            </span>
          ) : running ? (
            <span className="muted small">Analysis in progress; this list refreshes itself.</span>
          ) : null}
        </div>
        {loadError ? (
          <div className="form-error" role="alert">
            {loadError}
          </div>
        ) : null}
        {reports.length === 0 && !loadError ? (
          <div className="empty">
            <h3>No reports yet</h3>
            <p className="muted">Upload your first medical report to get a plain-language explanation.</p>
            <Link to="/upload" className="btn btn-primary">
              Upload a Report
            </Link>
          </div>
        ) : (
          <ul className="report-list">
            {reports.map((r) => (
              <li key={r.id} className="report-item">
                <div>
                  <p className="report-name">{r.original_filename}</p>
                  <p className="muted small" style={{ margin: 0 }}>
                    Uploaded {formatDate(r.created_at)}
                  </p>
                </div>
                <div className="report-actions">
                  <StatusBadge status={r.status} />
                  <Link
                    to={`/analysis/${r.id}`}
                    className="btn btn-outline btn-sm"
                    aria-label={`View ${r.original_filename}`}
                  >
                    View
                  </Link>
                  <DeleteButton id={r.id} filename={r.original_filename} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
