import { useState } from 'react';
import { CanAccess } from '@refinedev/core';
import { App, Button, type TableProps } from 'antd';
import type { LoginAttempt } from '@reportsaathi/contracts/security';
import { Badge } from '../../components/badges';
import { apiCall } from '../../providers/api-call';
import { errorMessage, formatDateTime } from '../../format';
import { SecurityLogTab, type LogFilter } from './log-tab';

const FILTERS: LogFilter[] = [
  {
    field: 'kind',
    label: 'Portal',
    width: 160,
    options: [
      { value: 'all', label: 'Users and admins' },
      { value: 'user', label: 'Users' },
      { value: 'admin', label: 'Admins' },
    ],
  },
  {
    field: 'success',
    label: 'Result',
    width: 160,
    options: [
      { value: 'all', label: 'All results' },
      { value: 'false', label: 'Failed' },
      { value: 'true', label: 'Succeeded' },
    ],
  },
];

/** Sign-in attempts of users and admins (the `login-attempts` resource), failures filterable. */
export function AttemptsTab() {
  const { message } = App.useApp();
  const [unlocking, setUnlocking] = useState<number | null>(null);

  // A failed attempt's account can be unlocked from its row (its recent failures are cleared).
  const unlock = async (a: LoginAttempt) => {
    setUnlocking(a.id);
    try {
      const r = await apiCall((c) =>
        c.adminSecurity.unlockAccount({ body: { kind: a.kind, identifier: a.identifier } }),
      );
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
    <SecurityLogTab<LoginAttempt>
      resource="login-attempts"
      filters={FILTERS}
      columns={columns}
      emptyText="No sign-in attempts"
    />
  );
}
