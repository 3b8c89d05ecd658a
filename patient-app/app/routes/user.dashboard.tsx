import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ActivityBadge } from '../components/activity-badge';
import { Icon, activityIcon } from '../components/icon';
import { requireUserWith } from '../utils/auth.server';
import { formatDate, formatDateTime, formatDuration, formatReportType } from '../utils/format';
import { section } from '../utils/load.server';
import type { DashboardStats } from '@reportsaathi/contracts/user';
import { panelLabels } from '../utils/panel-i18n';
import { userTexts } from '../utils/user-texts';
import { say } from '../utils/messages';
import { planName } from '../utils/plan-names';
import { metaLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).dashboard.title} | ReportSaathi` },
];

const FAILED = 'Failed to load dashboard data';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const {
    user,
    data: [stats, activity, actions],
  } = await requireUserWith(request, context, (api) =>
    Promise.all([
      section(api.user.dashboardStats(), FAILED),
      section(api.user.recentActivity({ query: { limit: 10 } }), FAILED),
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
  const u = userTexts(user.language);
  const d = u.dashboard;
  const s: Partial<DashboardStats> = stats ?? {};
  const lang = user.language === 'hi' ? 'hi' : 'en';
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
          {say(user.language, error)}
        </div>
      ) : null}

      <div className="grid grid-4 stat-grid" role="group" aria-label={d.stats}>
        <StatCard label={d.uploaded} value={s.reports_uploaded ?? 0} />
        <StatCard label={d.analyzed} value={s.reports_analyzed ?? 0} />
        <StatCard label={d.chats} value={s.chat_conversations ?? 0} />
        <StatCard label={d.storage} value={s.storage_used || '0 MB'} />
        <StatCard label={d.thisMonth} value={d.reportsCount(s.reports_this_month ?? 0)} />
        <StatCard
          label={d.avgProcessing}
          value={s.average_processing_time || formatDuration(s.average_processing_seconds)}
        />
        <StatCard
          label={d.mostUsedType}
          value={
            s.most_used_report_type && s.most_used_report_type !== 'N/A'
              ? formatReportType(s.most_used_report_type, lang)
              : u.common.notAvailable
          }
        />
        <StatCard label={d.feedback} value={s.total_feedback_given ?? 0} />
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
                    <strong>{say(user.language, a.title)}</strong>
                    {typeof a.count === 'number' ? (
                      <span className="badge count-badge">{a.count}</span>
                    ) : null}
                    <span className="muted small block">{say(user.language, a.description)}</span>
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
                    <span>{say(user.language, a.description)}</span>
                    <span className="muted small block">{formatDateTime(a.timestamp, lang)}</span>
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
          <dt>{d.fullName}</dt>
          <dd>{user.full_name}</dd>
          <dt>{d.email}</dt>
          <dd>{user.email}</dd>
          <dt>{d.created}</dt>
          <dd>{formatDate(s.account_created ?? user.created_at, lang)}</dd>
          <dt>{d.plan}</dt>
          <dd>{s.plan ? planName(s.plan, lang) : u.common.free}</dd>
        </dl>
        <div className="btn-row">
          <Link to="/user/profile" className="btn btn-outline btn-sm">
            {d.editProfile}
          </Link>
          <Link to="/user/subscription" className="btn btn-outline btn-sm">
            {d.manageSubscription}
          </Link>
        </div>
      </section>
    </div>
  );
}
