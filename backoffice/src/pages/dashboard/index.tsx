import type { CSSProperties, ReactNode } from 'react';
import { useGetIdentity, useNavigation } from '@refinedev/core';
import { Alert, Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import type { AdminRecentActivity, RecentActivityItem } from '@reportsaathi/contracts/admin';
import type { AdminStats, ServiceHealth } from '@reportsaathi/contracts/client';
import type { Permission } from '@reportsaathi/contracts/permissions';
import { PageHeader } from '../../components/page-header';
import { roleCan } from '../../providers/access-control';
import { formatDateTime } from '../../format';
import { useApiQuery } from '../../hooks/use-api-query';

/** The admin dashboard: stats cards per permission, recent activity. */
export const STATS_ERROR = 'Failed to load dashboard statistics';

/**
 * GET /api/v1/admin/stats: "users, reports, chats, admins" blocks. Field names are
 * this page's reading of the dashboard's cards; every field is optional so a block the role may
 * not see, or a field the API does not send, shows a dash instead of breaking the page.
 */
export type { AdminStats };

type StatCard = { title: string; value: number | undefined; suffix?: string; precision?: number };

function sum(...values: (number | undefined)[]): number | undefined {
  return values.every((v) => v === undefined) ? undefined : values.reduce<number>((a, v) => a + (v ?? 0), 0);
}

function successRate(reports: NonNullable<AdminStats['reports']>): number | undefined {
  if (typeof reports.success_rate === 'number') return reports.success_rate;
  if (!reports.total || reports.completed === undefined) return reports.total === 0 ? 0 : undefined;
  return (reports.completed / reports.total) * 100;
}

/** The System Overview cards, each group only with its permission (a card the role may not see is not drawn). */
export function overviewCards(stats: AdminStats | undefined, role: string | undefined) {
  const groups: { permission: Permission; title: string; cards: StatCard[] }[] = [
    {
      permission: 'view_users',
      title: 'Users',
      cards: [
        { title: 'Total Users', value: stats?.users?.total },
        { title: 'Active Users', value: stats?.users?.active },
        { title: 'Verified Users', value: stats?.users?.verified },
        { title: 'New This Week', value: stats?.users?.new_this_week },
      ],
    },
    {
      permission: 'view_reports',
      title: 'Reports',
      cards: [
        { title: 'Total Reports', value: stats?.reports?.total },
        { title: 'Completed', value: stats?.reports?.completed },
        { title: 'Processing', value: sum(stats?.reports?.pending, stats?.reports?.processing) },
        {
          title: 'Success Rate',
          value: stats?.reports ? successRate(stats.reports) : undefined,
          suffix: '%',
          precision: 1,
        },
      ],
    },
    {
      permission: 'view_chats',
      title: 'Chats',
      cards: [
        { title: 'Total Chats', value: stats?.chats?.total },
        { title: 'Satisfaction Rate', value: stats?.chats?.satisfaction_rate, suffix: '%', precision: 1 },
      ],
    },
    {
      permission: 'view_admins',
      title: 'Admins',
      cards: [
        { title: 'Total Admins', value: stats?.admins?.total },
        { title: 'Active Admins', value: stats?.admins?.active },
      ],
    },
  ];
  return groups.filter((group) => roleCan(role, [group.permission]));
}

// antd's preset tags (green-7 on green-1 ...) are below 4.5:1; the darkest shades pass.
const TONE = {
  healthy: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  monitoring: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  down: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
  unknown: { color: '#262626', background: '#fafafa', borderColor: '#d9d9d9' },
} satisfies Record<string, CSSProperties>;

type StatusRow = { name: string; state: string; style: CSSProperties };

/**
 * The System Status rows, from the health check: the database as the API found it, the API by
 * whether it answered, background jobs watched ('Monitoring') while the API is up.
 */
export function statusRows(
  health: ServiceHealth | undefined,
  failed: boolean,
  loading: boolean,
): StatusRow[] {
  if (loading && !health) {
    return ['Database Connection', 'API Services', 'Background Jobs'].map((name) => ({
      name,
      state: 'Checking…',
      style: TONE.unknown,
    }));
  }
  const apiUp = Boolean(health) && !failed;
  const databaseUp = health?.database === 'ok';
  return [
    {
      name: 'Database Connection',
      state: databaseUp ? 'Healthy' : 'Unhealthy',
      style: databaseUp ? TONE.healthy : TONE.down,
    },
    {
      name: 'API Services',
      state: apiUp ? 'Healthy' : 'Unavailable',
      style: apiUp ? TONE.healthy : TONE.down,
    },
    {
      name: 'Background Jobs',
      state: apiUp ? 'Monitoring' : 'Unknown',
      style: apiUp ? TONE.monitoring : TONE.unknown,
    },
  ];
}

const ACTIVITY_LABELS: Record<RecentActivityItem['type'], string> = {
  registration: 'New user',
  upload: 'Report',
  chat: 'Chat',
  admin_action: 'Admin action',
};

/** The blocks of GET /admin/recent-activity (each only with its permission) as one newest-first list. */
export function mergeActivity(answer: AdminRecentActivity | undefined, limit = 10): RecentActivityItem[] {
  if (!answer) return [];
  const all = [
    ...(answer.registrations ?? []),
    ...(answer.uploads ?? []),
    ...(answer.chats ?? []),
    ...(answer.admin_actions ?? []),
  ];
  return all.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, limit);
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section style={{ marginBottom: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Space>
      {children}
    </section>
  );
}

/** /admin/dashboard. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const { data: admin } = useGetIdentity<AdminMe | null>();
  const { list } = useNavigation();
  const query = useApiQuery(['admin-stats'], (c) => c.adminOverview.stats());
  const activityQuery = useApiQuery(['recent-activity', 10], (c) =>
    c.adminOverview.recentActivity({ query: { limit: 10 } }),
  );
  const healthQuery = useApiQuery(['health'], (c) => c.health.live());
  const stats = query.data;
  const groups = overviewCards(stats, admin?.role);
  const activity = mergeActivity(activityQuery.data);
  const health = healthQuery.data;
  const rows = statusRows(health, healthQuery.isError, healthQuery.isLoading);
  const refreshAll = () => {
    void query.refetch();
    void activityQuery.refetch();
    void healthQuery.refetch();
  };

  return (
    <div>
      <PageHeader
        title="Admin Dashboard"
        subtitle={<Typography.Text type="secondary">System overview and quick actions</Typography.Text>}
      >
        <Button
          icon={<ReloadOutlined spin={query.isFetching} />}
          onClick={refreshAll}
          aria-busy={query.isFetching}
        >
          Refresh
        </Button>
      </PageHeader>

      {query.isError && (
        <Alert type="error" showIcon message={STATS_ERROR} role="alert" style={{ marginBottom: 16 }} />
      )}

      {/* Without figures (the call failed) the cards would only repeat the error: leave them out. */}
      {groups.length > 0 && !(query.isError && !stats) && (
        <Section title="System Overview">
          {groups.map((group) => (
            <Row gutter={[16, 16]} key={group.permission} style={{ marginBottom: 16 }}>
              {group.cards.map((card) => (
                <Col xs={12} lg={6} key={card.title}>
                  <Card size="small" loading={query.isLoading}>
                    <Statistic
                      title={card.title}
                      value={card.value ?? '—'}
                      precision={card.value === undefined ? undefined : card.precision}
                      suffix={card.value === undefined ? undefined : card.suffix}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
          ))}
        </Section>
      )}

      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Section title="System Status">
            <Card size="small">
              {/* A plain list: antd's List would pull Pagination and Select into this chunk. */}
              <ul aria-label="System Status" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {rows.map((row, index) => (
                  <li
                    key={row.name}
                    style={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      alignItems: 'center',
                      padding: '12px 0',
                      borderTop: index === 0 ? undefined : '1px solid #f0f0f0',
                    }}
                  >
                    <Typography.Text>{row.name}</Typography.Text>
                    <Tag style={{ ...row.style, marginInlineEnd: 0 }}>{row.state}</Tag>
                  </li>
                ))}
              </ul>
            </Card>
          </Section>
        </Col>
        <Col xs={24} lg={12}>
          <Section title="Quick Actions">
            <Card size="small">
              <Space direction="vertical" style={{ width: '100%' }}>
                <Button block type="primary" onClick={() => navigate('/users')}>
                  Manage Users
                </Button>
                <Button block onClick={() => list('reports')}>
                  View Reports
                </Button>
                <Button block onClick={() => list('audit')}>
                  Audit Logs
                </Button>
              </Space>
            </Card>
          </Section>
        </Col>
      </Row>

      <Section title="Recent Activity">
        <Card size="small" loading={activityQuery.isLoading}>
          {activityQuery.isError ? (
            // antd's danger text colour is under 4.5:1 on white; red-8 passes.
            <Typography.Text style={{ color: '#a8071a' }} role="alert">
              Failed to load recent activity
            </Typography.Text>
          ) : activity.length === 0 ? (
            <Typography.Text type="secondary">No recent activity found.</Typography.Text>
          ) : (
            <ul aria-label="Recent Activity" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {activity.map((item, index) => (
                <li
                  key={`${item.type}-${item.id}`}
                  style={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: 12,
                    flexWrap: 'wrap',
                    padding: '10px 0',
                    borderTop: index === 0 ? undefined : '1px solid #f0f0f0',
                  }}
                >
                  <span>
                    <Tag style={{ ...TONE.monitoring }}>{ACTIVITY_LABELS[item.type] ?? item.type}</Tag>
                    <Typography.Text>{item.title}</Typography.Text>
                    {item.user_email ? (
                      <Typography.Text type="secondary"> · {item.user_email}</Typography.Text>
                    ) : null}
                  </span>
                  <Typography.Text type="secondary">
                    {item.status ? `${item.status} · ` : ''}
                    {formatDateTime(item.created_at)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </Section>
    </div>
  );
}
