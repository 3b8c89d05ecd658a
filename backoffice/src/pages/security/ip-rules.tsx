import { useState, type CSSProperties } from 'react';
import { CanAccess, useCan, useDelete, useInvalidate, useList, useUpdate } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import type {
  IpRestriction,
  IpRestrictionCreate,
  IpRestrictionUpdate,
} from '@reportsaathi/contracts/security';
import { Badge } from '../../components/badges';
import { errorMessage, formatDateTime } from '../../format';
import { useApiMutation, useApiQuery } from '../../hooks/use-api-query';

/** An ISO time as a datetime-local input's value (the browser's own time zone), '' for none. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as ISO; '' means no expiry. */
function fromLocalInput(value: string | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

const RULE_OPTIONS = [
  { value: 'block', label: 'Block' },
  { value: 'allow', label: 'Allow' },
];

function ruleStatus(rule: IpRestriction): { tone: 'green' | 'grey' | 'orange'; label: string } {
  if (!rule.is_active) return { tone: 'grey', label: 'Off' };
  if (rule.expires_at && Date.parse(rule.expires_at) <= Date.now())
    return { tone: 'orange', label: 'Expired' };
  return { tone: 'green', label: 'Active' };
}

interface EditValues {
  ip_cidr: string;
  kind: 'allow' | 'block';
  description: string;
  is_active: boolean;
  expires_at: string;
}

/** The API's refusal of a rule change (the self-lockout 409, an invalid range): nothing changed. */
function RuleRefusal({
  reason,
  onClose,
  style,
}: {
  reason: string;
  onClose?: () => void;
  style?: CSSProperties;
}) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message="The rule was not changed"
      description={reason}
      closable={onClose !== undefined}
      onClose={onClose}
      style={style}
    />
  );
}

/**
 * The edit dialog: range, kind, note, on/off and expiry. Only the fields that changed are sent
 * (an expired rule's old expiry is not sent back, which the API would refuse as past). The API's
 * refusal (the self-lockout 409, an invalid range) stays in the dialog, which stays open.
 */
function EditRuleModal({ rule, onClose }: { rule: IpRestriction; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const { mutateAsync: update, mutation } = useUpdate<IpRestriction>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initial: EditValues = {
    ip_cidr: rule.ip_cidr,
    kind: rule.kind,
    description: rule.description ?? '',
    is_active: rule.is_active,
    expires_at: toLocalInput(rule.expires_at),
  };

  const save = async (values: EditValues) => {
    setRefusal(null);
    const changes: IpRestrictionUpdate = {};
    if (values.ip_cidr.trim() !== initial.ip_cidr) changes.ip_cidr = values.ip_cidr.trim();
    if (values.kind !== initial.kind) changes.kind = values.kind;
    if ((values.description ?? '') !== initial.description) changes.description = values.description || null;
    if (values.is_active !== initial.is_active) changes.is_active = values.is_active;
    if ((values.expires_at ?? '') !== initial.expires_at)
      changes.expires_at = fromLocalInput(values.expires_at);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    try {
      await update({
        resource: 'ip-rules',
        id: rule.id,
        values: changes,
        successNotification: false,
        errorNotification: false,
      });
      void message.success(`Rule updated: ${values.kind} ${values.ip_cidr.trim()}`);
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title={`Edit IP rule ${rule.ip_cidr}`}
      okText="Save rule"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {refusal && <RuleRefusal reason={refusal} style={{ marginBottom: 16 }} />}
      {/* A name of its own: field ids (and so label targets) must not clash with the add form's. */}
      <Form
        form={form}
        name="edit-ip-rule"
        layout="vertical"
        initialValues={initial}
        onFinish={save}
        aria-label="Edit IP rule"
      >
        <Form.Item
          name="ip_cidr"
          label="Address or range"
          rules={[{ required: true, message: 'IP address or CIDR range is required' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="kind" label="Rule">
          <Select aria-label="Rule" options={RULE_OPTIONS} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="is_active" valuePropName="checked">
          <Checkbox>Active (applies to sign-ins and requests)</Checkbox>
        </Form.Item>
        <Form.Item
          name="expires_at"
          label="Expires"
          extra="Leave empty for a rule that never expires. After this time the rule no longer applies."
        >
          <Input type="datetime-local" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * IP rules of the admin portal and admin API (the `ip-rules` resource). Reading needs
 * view_system_settings; adding, editing and removing need manage_system_settings. A change that
 * would block the acting admin's own address is refused by the API (409, the safeguard); its
 * message is shown as it comes, next to the address the admin is signed in from. A rule may
 * expire: past its time it stops applying and is listed as Expired.
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
  const sessions = useApiQuery(['admin-sessions'], (c) => c.staffOwnSecurity.sessions());
  const myIp = sessions.data?.sessions.find((s) => s.current)?.ip_address ?? null;
  const invalidate = useInvalidate();
  const creating = useApiMutation((c, values: IpRestrictionCreate) =>
    c.adminSecurity.addIpRule({ body: values }),
  );
  const { mutateAsync: remove } = useDelete();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editing, setEditing] = useState<IpRestriction | null>(null);
  const [form] = Form.useForm<IpRestrictionCreate>();

  const add = async (values: IpRestrictionCreate) => {
    setRefusal(null);
    try {
      await creating.mutateAsync({
        ...values,
        description: values.description || undefined,
        expires_at: fromLocalInput(values.expires_at) ?? undefined,
      });
      void invalidate({ resource: 'ip-rules', invalidates: ['list'] });
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
      key: 'status',
      title: 'Status',
      render: (_, rule) => {
        const status = ruleStatus(rule);
        return <Badge tone={status.tone}>{status.label}</Badge>;
      },
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
        <Space size="small">
          <CanAccess resource="ip-rules" action="edit">
            <Button size="small" aria-label={`Edit rule ${rule.ip_cidr}`} onClick={() => setEditing(rule)}>
              Edit
            </Button>
          </CanAccess>
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
        </Space>
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
      {refusal && <RuleRefusal reason={refusal} onClose={() => setRefusal(null)} />}
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
              <Select aria-label="Rule" style={{ width: 110 }} options={RULE_OPTIONS} />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input maxLength={500} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item
              name="expires_at"
              label="Expires"
              tooltip="Optional: the rule stops applying after this time"
            >
              <Input type="datetime-local" style={{ width: 210 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={creating.isPending}>
              Add rule
            </Button>
          </Form>
        </Card>
      )}
      {editing && <EditRuleModal key={editing.id} rule={editing} onClose={() => setEditing(null)} />}
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
