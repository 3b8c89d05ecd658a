import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Space, Table, Typography, type TableProps } from 'antd';
import { useSearchParams } from 'react-router';
import type { SessionInfo, TwoFactorSetup } from '@reportsaathi/contracts/security';
import { apiCall } from '../../providers/api-call';
import { Badge } from '../../components/badges';
import { errorMessage, formatDateTime } from '../../format';
import { useApiQuery } from '../../hooks/use-api-query';

/**
 * The signed-in admin's own account: two-factor sign-in (QR and secret, enable with a code, the
 * recovery codes shown once, disable with the password or a code), password change, and sessions.
 * The secret and the codes live only in this component's state, never in a cache or storage.
 */
export function OwnAccountTab() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <TwoFactorCard />
      <SessionsCard />
      <PasswordCard />
    </Space>
  );
}

function TwoFactorCard() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const query = useApiQuery(['two-factor-status'], (c) => c.staffOwnSecurity.twoFactorStatus());
  const status = query.data;
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup(await apiCall((c) => c.staffOwnSecurity.setupTwoFactor())));
  const enable = ({ token, password }: { token: string; password: string }) =>
    run(async () => {
      const r = await apiCall((c) =>
        c.staffOwnSecurity.enableTwoFactor({ body: { token: token.replace(/\s+/g, ''), password } }),
      );
      setSetup(null);
      setCodes(r.recovery_codes);
      await query.refetch();
      if (params.has('required'))
        setParams((p) => {
          const next = new URLSearchParams(p);
          next.delete('required');
          return next;
        });
    });
  const disable = ({ password }: { password?: string }) =>
    run(async () => {
      if (!password) throw new Error('Enter your current password');
      await apiCall((c) => c.staffOwnSecurity.disableTwoFactor({ body: { password } }));
      setCodes(null);
      void message.success('Two-factor authentication is off');
      await query.refetch();
    });

  return (
    <Card title="Two-factor authentication">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      {codes ? (
        <div role="status">
          <Typography.Paragraph>
            <Badge tone="green">On</Badge> Two-factor authentication is on.{' '}
            <strong>Save these recovery codes now: they are shown only once.</strong>
          </Typography.Paragraph>
          <ul aria-label="Recovery codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 15 }}>
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button onClick={() => setCodes(null)}>I have saved them</Button>
        </div>
      ) : setup ? (
        <div>
          <Typography.Paragraph>
            Scan the QR code with an authenticator app, or type the secret key into it, then enter the 6-digit
            code it shows.
          </Typography.Paragraph>
          <img src={setup.qr_code} alt="QR code for your authenticator app" width={200} height={200} />
          <Typography.Paragraph>
            Secret key:{' '}
            <Typography.Text code copyable data-testid="totp-secret">
              {setup.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <Form layout="inline" onFinish={enable} aria-label="Enable two-factor authentication">
            <Form.Item
              name="token"
              label="6-digit code"
              rules={[
                { required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: 'Enter the 6-digit code' },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="password"
              label="Current password"
              rules={[{ required: true, message: 'Enter your current password' }]}
            >
              <Input.Password autoComplete="current-password" style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              Turn on
            </Button>
          </Form>
        </div>
      ) : status?.enabled ? (
        <div>
          <Typography.Paragraph>
            <Badge tone="green">On</Badge> Enabled {formatDateTime(status.enabled_at)}. Recovery codes left:{' '}
            <strong>{status.recovery_codes_remaining}</strong>.
          </Typography.Paragraph>
          <Form
            layout="vertical"
            onFinish={disable}
            style={{ maxWidth: 360 }}
            aria-label="Turn off two-factor authentication"
          >
            <Form.Item
              name="password"
              label="Current password"
              rules={[{ required: true, message: 'Enter your current password' }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button danger htmlType="submit" loading={busy}>
              Turn off two-factor authentication
            </Button>
          </Form>
        </div>
      ) : status ? (
        <div>
          <Typography.Paragraph>
            <Badge tone="grey">Off</Badge>
            {status.required
              ? 'Required for every admin: set it up now.'
              : 'Add a 6-digit code from an authenticator app to your sign-in.'}
          </Typography.Paragraph>
          <Button type="primary" onClick={() => void start()} loading={busy}>
            Set up two-factor authentication
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function SessionsCard() {
  const { message } = App.useApp();
  const query = useApiQuery(['admin-sessions'], (c) => c.staffOwnSecurity.sessions());
  const sessions = query.data?.sessions ?? [];
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (key: string, work: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      void message.success((await work()).message);
      await query.refetch();
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const columns: TableProps<SessionInfo>['columns'] = [
    {
      key: 'device',
      title: 'Device',
      render: (_, s) => (
        <span>
          {s.device} {s.current && <Badge tone="green">This device</Badge>}
        </span>
      ),
    },
    { key: 'ip', title: 'IP address', dataIndex: 'ip_address', render: (v: string | null) => v ?? '—' },
    { key: 'created', title: 'Signed in', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
    { key: 'seen', title: 'Last seen', dataIndex: 'last_seen_at', render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, s) =>
        s.current ? null : (
          <Button
            size="small"
            loading={busy === s.id}
            aria-label={`Revoke ${s.device} signed in ${formatDateTime(s.created_at)}`}
            onClick={() =>
              void act(s.id, () => apiCall((c) => c.staffOwnSecurity.revokeSession({ params: { id: s.id } })))
            }
          >
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="Sessions"
      extra={
        sessions.some((s) => !s.current) && (
          <Button
            danger
            loading={busy === 'others'}
            onClick={() => void act('others', () => apiCall((c) => c.staffOwnSecurity.revokeOtherSessions()))}
          >
            Sign out all other sessions
          </Button>
        )
      }
    >
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: true }}
      />
    </Card>
  );
}

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

function PasswordCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: PasswordValues) => {
    setBusy(true);
    try {
      const r = await apiCall((c) =>
        c.staffOwnSecurity.changePassword({
          body: { current_password: v.current_password, new_password: v.new_password },
        }),
      );
      void message.success(r.message);
      form.resetFields();
    } catch (e) {
      void message.error(`Failed to change password: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Password">
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 360 }}
        aria-label="Change password"
      >
        <Form.Item
          name="current_password"
          label="Current password"
          rules={[{ required: true, message: 'Current password is required' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="New password"
          rules={[{ required: true, min: 8, message: 'Password must be at least 8 characters long.' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label="Confirm new password"
          dependencies={['new_password']}
          rules={[
            { required: true, message: 'Please confirm your password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('new_password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error('New passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
