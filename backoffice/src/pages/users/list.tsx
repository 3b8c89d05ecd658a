import { useState, type Key } from 'react';
import { CanAccess } from '@refinedev/core';
import { App, Button, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AdminUserRow } from '../../admin-types';
import { Badge, userStatus } from '../../components/badges';
import { FilterBar } from '../../components/filter-bar';
import { FilterSelect } from '../../components/filter-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { rowSelection } from '../../components/row-selection';
import { ReasonPrompt } from '../../components/reason-prompt';
import { SearchBox } from '../../components/search-box';
import { useAdminTable } from '../../hooks/use-admin-table';
import { downloadFile } from '../../providers/http';
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
  const table = useAdminTable<AdminUserRow, (typeof FILTERS)[number]>({
    resource: 'users',
    filters: FILTERS,
  });
  const actions = useUserStatusActions();
  const [selected, setSelected] = useState<Key[]>([]);
  const [suspending, setSuspending] = useState<AdminUserRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = () =>
    modal.confirm({
      title: 'Export users',
      content: EXPORT_CONFIRM,
      okText: 'Export',
      onOk: async () => {
        setExporting(true);
        try {
          const query: Record<string, string | undefined> = {
            status: table.filterValue('status'),
            search: table.filterValue('search'),
          };
          await downloadFile(
            (c) => c.adminUsers.exportCsv.raw({ query }),
            `users_export_${todayStamp()}.csv`,
          );
        } catch {
          void message.error(EXPORT_ERROR);
        } finally {
          setExporting(false);
        }
      },
    });

  const sortable = table.sortableColumn;

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
      <PageHeader
        title="User Management"
        subtitle={
          <Typography.Text type="secondary" data-testid="users-total">
            {countOf(table.total, 'user', { estimate: table.totalIsEstimate })} total
          </Typography.Text>
        }
      >
        <CanAccess resource="users" action="export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
            Export
          </Button>
        </CanAccess>
      </PageHeader>

      <FilterBar>
        <SearchBox
          placeholder="Search by name or email"
          label="Search users"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 320 }}
        />
        <FilterSelect
          table={table}
          name="status"
          label="Status filter"
          options={STATUS_OPTIONS}
          width={160}
        />
        {selected.length > 0 && <Typography.Text>{selected.length} selected</Typography.Text>}
      </FilterBar>

      <LoadError failed={table.tableQuery.isError} message={LOAD_ERROR} />
      <Table<AdminUserRow>
        {...table.tableProps}
        columns={columns}
        rowSelection={rowSelection<AdminUserRow>(selected, setSelected, (user) => user.email)}
        locale={{ emptyText: 'No users found' }}
      />

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
