import { useState } from 'react';
import { useList, type CrudFilter } from '@refinedev/core';
import { Alert, Select, Space, Table, Typography, type TableProps } from 'antd';
import {
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
  type SecurityEvent,
} from '@reportsaathi/contracts/security';
import { ListPagination } from '../../components/list-pagination';
import { Badge, type Tone } from '../../components/badges';
import { errorMessage, formatDateTime } from '../../format';

const PAGE_SIZE = 20;
const SEVERITY_TONES: Record<string, Tone> = {
  low: 'grey',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};
const humanize = (s: string) => s.replace(/_/g, ' ');

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
  const [page, setPage] = useState(1);
  const [type, setType] = useState('all');
  const [severity, setSeverity] = useState('all');
  const filters: CrudFilter[] = [
    { field: 'event_type', operator: 'eq', value: type },
    { field: 'severity', operator: 'eq', value: severity },
  ];
  const { result, query } = useList<SecurityEvent>({
    resource: 'security-events',
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters,
    sorters: [{ field: 'created_at', order: 'desc' }],
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const total = result.total ?? 0;

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
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="Event type"
          value={type}
          style={{ width: 260 }}
          onChange={(v: string) => {
            setType(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'All events' },
            ...SECURITY_EVENT_TYPES.map((t) => ({ value: t, label: humanize(t) })),
          ]}
        />
        <Select
          aria-label="Severity"
          value={severity}
          style={{ width: 160 }}
          onChange={(v: string) => {
            setSeverity(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'All severities' },
            ...SECURITY_SEVERITIES.map((s) => ({ value: s, label: s })),
          ]}
        />
      </Space>
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Typography.Text type="secondary">No security events</Typography.Text> }}
      />
      <ListPagination page={page} totalPages={Math.ceil(total / PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
