import { useState } from 'react';
import { CanAccess, useList, type CrudFilter } from '@refinedev/core';
import { Alert, App, Button, Select, Space, Table, Typography, type TableProps } from 'antd';
import type { LoginAttempt } from '@reportsaathi/contracts/security';
import { ListPagination } from '../../components/list-pagination';
import { Badge } from '../../components/badges';
import { adminAction } from '../../providers/data-provider';
import { errorMessage, formatDateTime } from '../../format';

const PAGE_SIZE = 20;

/** Sign-in attempts of users and admins (the `login-attempts` resource), failures filterable. */
export function AttemptsTab() {
  const { message } = App.useApp();
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState('all');
  const [success, setSuccess] = useState('all');
  const filters: CrudFilter[] = [
    { field: 'kind', operator: 'eq', value: kind },
    { field: 'success', operator: 'eq', value: success },
  ];
  const { result, query } = useList<LoginAttempt>({
    resource: 'login-attempts',
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters,
    sorters: [{ field: 'created_at', order: 'desc' }],
    queryOptions: { retry: false },
    errorNotification: false,
  });

  // A failed attempt's account can be unlocked from its row (its recent failures are cleared).
  const unlock = async (a: LoginAttempt) => {
    setUnlocking(a.id);
    try {
      const r = await adminAction((admin) => admin.security.unlockAccount(a.kind, a.identifier));
      void message.success(`${a.identifier}: ${r.message} (${r.cleared_failures} failed sign-ins cleared)`);
    } catch (error) {
      void message.error(`Failed to unlock: ${errorMessage(error)}`);
    } finally {
      setUnlocking(null);
    }
  };

  const columns: TableProps<LoginAttempt>['columns'] = [
    { key: 'created_at', title: 'When', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
    {
      key: 'kind',
      title: 'Portal',
      dataIndex: 'kind',
      render: (v: string) => (v === 'admin' ? 'Admin' : 'User'),
    },
    { key: 'identifier', title: 'Account', dataIndex: 'identifier' },
    { key: 'ip', title: 'IP address', dataIndex: 'ip_address', render: (v: string | null) => v ?? '—' },
    {
      key: 'success',
      title: 'Result',
      dataIndex: 'success',
      render: (ok: boolean) => <Badge tone={ok ? 'green' : 'red'}>{ok ? 'Succeeded' : 'Failed'}</Badge>,
    },
    {
      key: 'reason',
      title: 'Reason',
      dataIndex: 'reason',
      render: (v: string | null) => v?.replace(/_/g, ' ') ?? '—',
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, a) =>
        a.success ? null : (
          <CanAccess resource="login-attempts" action="unlock">
            <Button
              size="small"
              loading={unlocking === a.id}
              aria-label={`Unlock ${a.identifier}`}
              onClick={() => void unlock(a)}
            >
              Unlock
            </Button>
          </CanAccess>
        ),
    },
  ];

  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="Portal"
          value={kind}
          style={{ width: 160 }}
          onChange={(v: string) => {
            setKind(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'Users and admins' },
            { value: 'user', label: 'Users' },
            { value: 'admin', label: 'Admins' },
          ]}
        />
        <Select
          aria-label="Result"
          value={success}
          style={{ width: 160 }}
          onChange={(v: string) => {
            setSuccess(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'All results' },
            { value: 'false', label: 'Failed' },
            { value: 'true', label: 'Succeeded' },
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
        locale={{ emptyText: <Typography.Text type="secondary">No sign-in attempts</Typography.Text> }}
      />
      <ListPagination page={page} totalPages={Math.ceil((result.total ?? 0) / PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
