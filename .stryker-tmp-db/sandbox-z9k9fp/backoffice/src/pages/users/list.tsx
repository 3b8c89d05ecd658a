// @ts-nocheck
import { useEffect, useState, type Key } from 'react';
import { CanAccess } from '@refinedev/core';
import { Alert, App, Button, Card, Input, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AdminUserRow } from '../../admin-types';
import { Badge, userStatus } from '../../components/badges';
import { ListPagination } from '../../components/list-pagination';
import { rowSelection } from '../../components/row-selection';
import { ReasonPrompt } from '../../components/reason-prompt';
import { columnSortOrder, useUrlList } from '../../hooks/use-url-list';
import { downloadFile } from '../../providers/http';
import { queryString } from '../../providers/list-params';
import { countOf, formatDate, formatDateTime, todayStamp } from '../../format';
import { SUSPEND_PROMPT, useUserStatusActions } from './actions';

export const LOAD_ERROR = 'Failed to load users';
export const EXPORT_ERROR = 'Failed to export users';
export const EXPORT_CONFIRM = 'This will export all users matching the current filters to a CSV file.';

const FILTERS = ['search', 'status'] as const;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Users' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Unverified' },
];

/** /admin/users: search, status filter, sortable table, suspend/activate, CSV export. */
export default function UserListPage() {
  const { modal, message } = App.useApp();
  const list = useUrlList<AdminUserRow, (typeof FILTERS)[number]>({ resource: 'users', filters: FILTERS });
  const { state } = list;
  const actions = useUserStatusActions();
  const [search, setSearch] = useState(state.filters.search);
  const [selected, setSelected] = useState<Key[]>([]);
  const [suspending, setSuspending] = useState<AdminUserRow | null>(null);
  const [exporting, setExporting] = useState(false);

  // Back/forward (or a shared link) changes the URL: the box follows it.
  useEffect(() => setSearch(state.filters.search), [state.filters.search]);

  const exportCsv = () =>
    modal.confirm({
      title: 'Export users',
      content: EXPORT_CONFIRM,
      okText: 'Export',
      onOk: async () => {
        setExporting(true);
        try {
          const query = queryString({ status: state.filters.status, search: state.filters.search });
          await downloadFile(`/admin/users/export/csv${query}`, `users_export_${todayStamp()}.csv`);
        } catch {
          void message.error(EXPORT_ERROR);
        } finally {
          setExporting(false);
        }
      },
    });

  const sortable = (key: string) => ({
    sorter: true,
    sortOrder: columnSortOrder(state, key),
    sortDirections: ['descend', 'ascend', 'descend'] as ('descend' | 'ascend')[],
  });

  const columns: TableProps<AdminUserRow>['columns'] = [
    {
      key: 'full_name',
      title: 'Name',
      dataIndex: 'full_name',
      ...sortable('full_name'),
      render: (name: string | null) => name || '—',
    },
    { key: 'email', title: 'Email', dataIndex: 'email', ...sortable('email') },
    {
      key: 'created_at',
      title: 'Joined',
      dataIndex: 'created_at',
      ...sortable('created_at'),
      render: (value: string) => formatDate(value),
    },
    {
      key: 'last_login',
      title: 'Last Login',
      dataIndex: 'last_login',
      ...sortable('last_login'),
      render: (value: string | null) => formatDateTime(value, 'Never'),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, user) => {
        const status = userStatus(user);
        return <Badge tone={status.tone}>{status.label}</Badge>;
      },
    },
    {
      key: 'reports',
      title: 'Reports',
      render: (_, user) => (
        <div>
          <div>{user.total_reports ?? 0}</div>
          <Typography.Text type="secondary">{countOf(user.total_chats ?? 0, 'chat')}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, user) => (
        <Space>
          <Link to={`/users/${user.id}`} aria-label={`View ${user.email}`}>
            View
          </Link>
          <CanAccess resource="users" action="suspend">
            {user.is_active ? (
              <Button
                size="small"
                danger
                loading={actions.busyId === user.id}
                onClick={() => setSuspending(user)}
                aria-label={`Suspend ${user.email}`}
              >
                Suspend
              </Button>
            ) : (
              <Button
                size="small"
                loading={actions.busyId === user.id}
                onClick={() => void actions.activate(user.id)}
                aria-label={`Activate ${user.email}`}
              >
                Activate
              </Button>
            )}
          </CanAccess>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            User Management
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="users-total">
            {countOf(list.total, 'user', { estimate: list.totalIsEstimate })} total
          </Typography.Text>
        </div>
        <CanAccess resource="users" action="export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
            Export
          </Button>
        </CanAccess>
      </Space>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            placeholder="Search by name or email"
            aria-label="Search users"
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.setFilters({ search: value.trim() })}
            style={{ width: 320 }}
          />
          <Select
            aria-label="Status filter"
            value={state.filters.status || 'all'}
            options={STATUS_OPTIONS}
            onChange={(value: string) => list.setFilters({ status: value })}
            style={{ width: 160 }}
          />
          {selected.length > 0 && <Typography.Text>{selected.length} selected</Typography.Text>}
        </Space>
      </Card>

      {list.query.isError && (
        <Alert type="error" showIcon role="alert" message={LOAD_ERROR} style={{ marginBottom: 16 }} />
      )}

      {/* Wide tables scroll sideways inside the page on narrow screens. */}
      <div style={{ overflowX: 'auto' }}>
        <Table<AdminUserRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={false}
          rowSelection={rowSelection<AdminUserRow>(selected, setSelected, (user) => user.email)}
          onChange={(_, __, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            if (one?.columnKey) list.sortBy(String(one.columnKey));
          }}
          locale={{ emptyText: 'No users found' }}
        />
      </div>
      <ListPagination page={state.page} totalPages={list.totalPages} onPage={list.setPage} />

      <ReasonPrompt
        open={suspending !== null}
        title={`Suspend ${suspending?.email ?? ''}`}
        label={SUSPEND_PROMPT}
        onClose={() => setSuspending(null)}
        onSubmit={(reason) => {
          if (suspending) void actions.suspend(suspending.id, reason);
        }}
      />
    </div>
  );
}
