import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ActivityBadge } from '../components/activity-badge';
import { Icon, activityIcon } from '../components/icon';
import { requireUserWith } from '../utils/auth.server';
import { formatDate, formatDateTime, formatDuration, formatReportType } from '../utils/format';
import { section } from '../utils/load.server';
import type { DashboardStats } from '@reportsaathi/contracts/user';
import { panelLabels } from '../utils/panel-i18n';

export const meta: MetaFunction = () => [{ title: 'My Dashboard | ReportSaathi' }];

const FAILED = 'Failed to load dashboard data';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const {
    user,
    data: [stats, activity, actions],
  } = await requireUserWith(request, context, (api) =>
    Promise.all([
      section(api.user.dashboardStats(), FAILED),
      section(api.user.recentActivity(10), FAILED),
      section(api.user.quickActions(), FAILED),
    ]),
  );
  return {
    user: {
      full_name: user.full_name || user.email,
      email: user.email,
      created_at: user.created_at,
      language: user.preferences.language,
    },
    stats: stats.data,
    activity: (activity.data?.activities ?? []).slice(0, 10),
    actions: actions.data?.actions ?? [],
    error: stats.error ?? activity.error ?? actions.error,
  };
}

function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
    </div>
  );
}

export default function UserDashboard() {
  const { user, stats, activity, actions, error } = useLoaderData<typeof loader>();
  const t = panelLabels(user.language);
  const s: Partial<DashboardStats> = stats ?? {};
  return (
    <div>
      <div className="page-head">
        <div>
          <h1>
            {t.welcomeBack}
            {user.full_name}
          </h1>
          <p className="muted">{t.dashboardSubtitle}</p>
        </div>
        <Link to="/upload" className="btn btn-primary">
          {t.uploadNew}
        </Link>
      </div>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}

      <div className="grid grid-4 stat-grid" role="group" aria-label="Your statistics">
        <StatCard label="Reports Uploaded" value={s.reports_uploaded ?? 0} />
        <StatCard label="Reports Analyzed" value={s.reports_analyzed ?? 0} />
        <StatCard label="Chat Conversations" value={s.chat_conversations ?? 0} />
        <StatCard label="Storage Used" value={s.storage_used || '0 MB'} />
        <StatCard label="This Month" value={`${s.reports_this_month ?? 0} reports`} />
        <StatCard
          label="Avg Processing"
          value={s.average_processing_time || formatDuration(s.average_processing_seconds)}
        />
        <StatCard
          label="Most Used Type"
          value={
            s.most_used_report_type && s.most_used_report_type !== 'N/A'
              ? formatReportType(s.most_used_report_type)
              : 'N/A'
          }
        />
        <StatCard label="Feedback Given" value={s.total_feedback_given ?? 0} />
      </div>

      <div className="grid grid-2 panel-columns">
        <section className="card" aria-labelledby="qa-title">
          <h2 id="qa-title">{t.quickActions}</h2>
          <ul className="quick-actions">
            {actions.map((a) => (
              <li key={a.url + a.title}>
                <Link to={a.url} className="quick-action">
                  <span className="quick-icon">
                    <Icon name={a.icon} />
                  </span>
                  <span>
                    <strong>{a.title}</strong>
                    {typeof a.count === 'number' ? (
                      <span className="badge count-badge">{a.count}</span>
                    ) : null}
                    <span className="muted small block">{a.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="ra-title">
          <h2 id="ra-title">{t.recentActivity}</h2>
          {activity.length === 0 ? (
            <p className="muted">{t.noActivity}</p>
          ) : (
            <ul className="activity-list">
              {activity.map((a, i) => (
                <li key={`${a.timestamp}-${i}`} className="activity-item">
                  <span className={`activity-icon activity-${a.type}`}>
                    <Icon name={activityIcon(a.type)} size={18} />
                  </span>
                  <span className="activity-text">
                    <span>{a.description}</span>
                    <span className="muted small block">{formatDateTime(a.timestamp)}</span>
                  </span>
                  {a.status ? <ActivityBadge status={a.status} /> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="ai-title" style={{ marginTop: '1rem' }}>
        <h2 id="ai-title">{t.accountInfo}</h2>
        <dl className="meta-list">
          <dt>Full name</dt>
          <dd>{user.full_name}</dd>
          <dt>Email address</dt>
          <dd>{user.email}</dd>
          <dt>Account created</dt>
          <dd>{formatDate(s.account_created ?? user.created_at)}</dd>
          <dt>Current plan</dt>
          <dd>{s.plan || 'Free'}</dd>
        </dl>
        <div className="btn-row">
          <Link to="/user/profile" className="btn btn-outline btn-sm">
            Edit Profile
          </Link>
          <Link to="/user/subscription" className="btn btn-outline btn-sm">
            Manage Subscription
          </Link>
        </div>
      </section>
    </div>
  );
}
