import { Typography, type TableProps } from 'antd';
import {
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
  type SecurityEvent,
} from '@reportsaathi/contracts/security';
import { Badge, type Tone } from '../../components/badges';
import { formatDateTime } from '../../format';
import { SecurityLogTab, type LogFilter } from './log-tab';

const SEVERITY_TONES: Record<string, Tone> = {
  low: 'grey',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};
const humanize = (s: string) => s.replace(/_/g, ' ');
const FILTERS: LogFilter[] = [
  {
    field: 'event_type',
    label: 'Event type',
    width: 260,
    options: [
      { value: 'all', label: 'All events' },
      ...SECURITY_EVENT_TYPES.map((t) => ({ value: t, label: humanize(t) })),
    ],
  },
  {
    field: 'severity',
    label: 'Severity',
    width: 160,
    options: [
      { value: 'all', label: 'All severities' },
      ...SECURITY_SEVERITIES.map((s) => ({ value: s, label: s })),
    ],
  },
];

/** Who: the user's e-mail or the admin's username, else the ids the row holds. */
function who(e: SecurityEvent): string {
  if (e.admin_username) return `admin ${e.admin_username}`;
  if (e.user_email) return e.user_email;
  if (e.admin_id) return `admin #${e.admin_id}`;
  if (e.user_id) return `user #${e.user_id}`;
  return '—';
}

/** Security events, newest first, filtered by type and severity (the `security-events` resource). */
export function EventsTab() {
  const columns: TableProps<SecurityEvent>['columns'] = [
    { key: 'created_at', title: 'When', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
    { key: 'event_type', title: 'Event', dataIndex: 'event_type', render: (v: string) => humanize(v) },
    {
      key: 'severity',
      title: 'Severity',
      dataIndex: 'severity',
      render: (v: string) => <Badge tone={SEVERITY_TONES[v] ?? 'grey'}>{v}</Badge>,
    },
    { key: 'who', title: 'Account', render: (_, e) => who(e) },
    { key: 'ip', title: 'IP address', dataIndex: 'ip_address', render: (v: string | null) => v ?? '—' },
    {
      key: 'details',
      title: 'Details',
      dataIndex: 'details',
      render: (d: Record<string, unknown>) =>
        Object.keys(d ?? {}).length ? (
          <Typography.Text code style={{ fontSize: 12 }}>
            {JSON.stringify(d)}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <SecurityLogTab<SecurityEvent>
      resource="security-events"
      filters={FILTERS}
      columns={columns}
      emptyText="No security events"
    />
  );
}
