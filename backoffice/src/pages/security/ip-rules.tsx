import { useState } from 'react';
import { CanAccess, useCan, useCreate, useCustom, useDelete, useList } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Select,
  Space,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import type { IpRestriction, IpRestrictionCreate, SessionInfo } from '@reportsaathi/contracts/security';
import { Badge } from '../../components/badges';
import { errorMessage, formatDateTime } from '../../format';

/**
 * IP rules of the admin portal and admin API (the `ip-rules` resource). Reading needs
 * view_system_settings; adding and removing need manage_system_settings. A change that would
 * block the acting admin's own address is refused by the API (409, the safeguard); its message is
 * shown as it comes, next to the address the admin is signed in from.
 */
export function IpRulesTab() {
  const { message, modal } = App.useApp();
  const { result, query } = useList<IpRestriction>({
    resource: 'ip-rules',
    pagination: { mode: 'off' },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const { data: canCreate } = useCan({ resource: 'ip-rules', action: 'create' });
  const { query: sessions } = useCustom<{ sessions: SessionInfo[] }>({
    url: '/security/admin/sessions',
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const myIp = sessions.data?.data.sessions.find((s) => s.current)?.ip_address ?? null;
  const { mutateAsync: create, mutation: creating } = useCreate<IpRestriction>();
  const { mutateAsync: remove } = useDelete();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<IpRestrictionCreate>();

  const add = async (values: IpRestrictionCreate) => {
    setRefusal(null);
    try {
      await create({
        resource: 'ip-rules',
        values: { ...values, description: values.description || undefined },
        successNotification: false,
        errorNotification: false,
      });
      void message.success(`Rule added: ${values.kind} ${values.ip_cidr}`);
      form.resetFields();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  const confirmDelete = (rule: IpRestriction) =>
    modal.confirm({
      title: 'Delete IP rule',
      content: `Delete the ${rule.kind} rule for ${rule.ip_cidr}?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        setRefusal(null);
        try {
          await remove({
            resource: 'ip-rules',
            id: rule.id,
            successNotification: false,
            errorNotification: false,
          });
          void message.success('IP rule deleted');
        } catch (error) {
          setRefusal(errorMessage(error));
        }
      },
    });

  const columns: TableProps<IpRestriction>['columns'] = [
    { key: 'ip_cidr', title: 'Address or range', dataIndex: 'ip_cidr' },
    {
      key: 'kind',
      title: 'Rule',
      dataIndex: 'kind',
      render: (k: string) => (
        <Badge tone={k === 'allow' ? 'green' : 'red'}>{k === 'allow' ? 'Allow' : 'Block'}</Badge>
      ),
    },
    {
      key: 'description',
      title: 'Description',
      dataIndex: 'description',
      render: (v: string | null) => v || '—',
    },
    {
      key: 'by',
      title: 'Added by',
      dataIndex: 'created_by_username',
      render: (v: string | null) => v ?? '—',
    },
    { key: 'created_at', title: 'Added', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
    {
      key: 'expires_at',
      title: 'Expires',
      dataIndex: 'expires_at',
      render: (v: string | null) => formatDateTime(v, 'Never'),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, rule) => (
        <CanAccess resource="ip-rules" action="delete">
          <Button
            size="small"
            danger
            aria-label={`Delete rule ${rule.ip_cidr}`}
            onClick={() => confirmDelete(rule)}
          >
            Delete
          </Button>
        </CanAccess>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph>
        Rules apply to the admin portal and the admin API. A block rule refuses matching addresses; once any
        allow rule exists, only matching addresses get in. IPv4 and IPv6 addresses and CIDR ranges
        (203.0.113.0/24, 2001:db8::/32) are accepted.
        {myIp && (
          <>
            {' '}
            You are signed in from <Typography.Text code>{myIp}</Typography.Text>: a change that would block
            it is refused.
          </>
        )}
      </Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message="The rule was not changed"
          description={refusal}
          closable
          onClose={() => setRefusal(null)}
        />
      )}
      {canCreate?.can && (
        <Card title="Add a rule" size="small">
          <Form
            form={form}
            layout="inline"
            onFinish={add}
            initialValues={{ kind: 'block' }}
            aria-label="Add IP rule"
          >
            <Form.Item
              name="ip_cidr"
              label="Address or range"
              rules={[{ required: true, message: 'IP address or CIDR range is required' }]}
            >
              <Input placeholder="203.0.113.0/24" maxLength={64} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="kind" label="Rule">
              <Select
                aria-label="Rule"
                style={{ width: 110 }}
                options={[
                  { value: 'block', label: 'Block' },
                  { value: 'allow', label: 'Allow' },
                ]}
              />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input maxLength={500} style={{ width: 220 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={creating.isPending}>
              Add rule
            </Button>
          </Form>
        </Card>
      )}
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{
          emptyText: (
            <Typography.Text type="secondary">
              No IP rules: every address may reach the admin portal
            </Typography.Text>
          ),
        }}
      />
    </Space>
  );
}
