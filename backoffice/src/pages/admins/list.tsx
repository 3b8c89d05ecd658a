import { useState } from 'react';
import { CanAccess, useCan, useGetIdentity, useInvalidate, useUpdate } from '@refinedev/core';
import {
  App,
  Button,
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
import { PlusOutlined } from '@ant-design/icons';
import { adminCreate, type AdminCreate } from '@reportsaathi/contracts/admin';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import { ADMIN_ROLES, type AdminRole } from '@reportsaathi/contracts/permissions';
import type { AdminAccount } from '../../admin-types';
import { Badge, type Tone } from '../../components/badges';
import { FilterBar } from '../../components/filter-bar';
import { FilterSelect } from '../../components/filter-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { zodRule } from '../../components/zod-rule';
import { useAdminTable } from '../../hooks/use-admin-table';
import { useApiMutation } from '../../hooks/use-api-query';
import { apiCall } from '../../providers/api-call';
import { countOf, errorMessage, formatDate, formatDateTime, formatRole } from '../../format';

export const LOAD_ERROR = 'Failed to load admins';

const FILTERS = ['search', 'role', 'is_active'] as const;

const ROLE_TONES: Record<string, Tone> = {
  super_admin: 'purple',
  admin: 'blue',
  moderator: 'orange',
  viewer: 'grey',
};
const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: formatRole(role) }));

interface EditValues {
  full_name: string;
  email: string;
  is_active: boolean;
}

/** /admin/admins: staff accounts — list, create, edit, change role, deactivate. */
export default function AdminListPage() {
  const { message, modal } = App.useApp();
  const { data: me } = useGetIdentity<AdminMe | null>();
  const table = useAdminTable<AdminAccount, (typeof FILTERS)[number]>({
    resource: 'admins',
    filters: FILTERS,
  });
  const { data: canChangeRole } = useCan({ resource: 'admins', action: 'change_role' });
  const creating = useApiMutation((c, values: AdminCreate) => c.adminAdmins.create({ body: values }));
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const invalidate = useInvalidate();
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [createForm] = Form.useForm<AdminCreate>();
  const [editForm] = Form.useForm<EditValues>();

  const refresh = () => invalidate({ resource: 'admins', invalidates: ['list'] });

  const submitCreate = async (values: AdminCreate) => {
    try {
      await creating.mutateAsync(values);
      void refresh();
      void message.success(`Admin ${values.username} created`);
      setCreateOpen(false);
      createForm.resetFields();
    } catch (error) {
      void message.error(`Failed to create admin: ${errorMessage(error)}`);
    }
  };

  const submitEdit = async (values: EditValues) => {
    if (!editing) return;
    try {
      await update({
        resource: 'admins',
        id: editing.id,
        values: { ...values, full_name: values.full_name.trim(), email: values.email.trim() },
        successNotification: false,
        errorNotification: false,
      });
      void message.success('Admin updated');
      setEditing(null);
    } catch (error) {
      void message.error(`Failed to update admin: ${errorMessage(error)}`);
    }
  };

  const changeRole = async (account: AdminAccount, role: AdminRole) => {
    if (role === account.role) return;
    setBusy(account.id);
    try {
      await apiCall((c) => c.adminAdmins.changeRole({ params: { id: account.id }, body: { role } }));
      void message.success(`${account.username} is now ${formatRole(role)}`);
      await refresh();
    } catch (error) {
      void message.error(`Failed to change role: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const deactivate = (account: AdminAccount) =>
    modal.confirm({
      title: 'Deactivate admin',
      content: `Deactivate ${account.username}? They will be signed out and cannot sign in until reactivated.`,
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await apiCall((c) => c.adminAdmins.deactivate({ params: { id: account.id } }));
          void message.success(`${account.username} deactivated`);
          await refresh();
        } catch (error) {
          void message.error(`Failed to deactivate admin: ${errorMessage(error)}`);
        }
      },
    });

  const sortable = table.sortableColumn;

  const columns: TableProps<AdminAccount>['columns'] = [
    { key: 'username', title: 'Username', dataIndex: 'username', ...sortable('username') },
    {
      key: 'full_name',
      title: 'Name',
      dataIndex: 'full_name',
      ...sortable('full_name'),
      render: (v: string | null) => v || '—',
    },
    {
      key: 'email',
      title: 'Email',
      dataIndex: 'email',
      ...sortable('email'),
      render: (v: string | null) => v || '—',
    },
    {
      key: 'role',
      title: 'Role',
      dataIndex: 'role',
      ...sortable('role'),
      render: (role: string, account) =>
        canChangeRole?.can && account.is_active && account.id !== me?.id ? (
          <Select
            size="small"
            aria-label={`Role of ${account.username}`}
            value={role as AdminRole}
            options={ROLE_OPTIONS}
            loading={busy === account.id}
            disabled={busy === account.id}
            onChange={(value: AdminRole) => void changeRole(account, value)}
            style={{ width: 150 }}
          />
        ) : (
          <Badge tone={ROLE_TONES[role] ?? 'grey'}>{formatRole(role)}</Badge>
        ),
    },
    {
      key: 'is_active',
      title: 'Status',
      dataIndex: 'is_active',
      render: (active: boolean) => (
        <Badge tone={active ? 'green' : 'red'}>{active ? 'Active' : 'Inactive'}</Badge>
      ),
    },
    {
      key: 'last_login',
      title: 'Last Login',
      dataIndex: 'last_login',
      ...sortable('last_login'),
      render: (v: string | null) => formatDateTime(v, 'Never'),
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      ...sortable('created_at'),
      render: (v: string) => formatDate(v),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, account) => (
        <Space>
          <CanAccess resource="admins" action="edit">
            <Button
              size="small"
              aria-label={`Edit ${account.username}`}
              onClick={() => {
                editForm.setFieldsValue({
                  full_name: account.full_name ?? '',
                  email: account.email ?? '',
                  is_active: account.is_active,
                });
                setEditing(account);
              }}
            >
              Edit
            </Button>
          </CanAccess>
          {account.is_active && account.id !== me?.id && (
            <CanAccess resource="admins" action="delete">
              <Button
                size="small"
                danger
                aria-label={`Deactivate ${account.username}`}
                onClick={() => deactivate(account)}
              >
                Deactivate
              </Button>
            </CanAccess>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Admin Management"
        subtitle={<Typography.Text type="secondary">{countOf(table.total, 'admin')}</Typography.Text>}
      >
        <CanAccess resource="admins" action="create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)}>
            Create Admin
          </Button>
        </CanAccess>
      </PageHeader>

      <FilterBar>
        <SearchBox
          placeholder="Search by username, name or email"
          label="Search admins"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 300 }}
        />
        <FilterSelect
          table={table}
          name="role"
          label="Role filter"
          options={[{ value: 'all', label: 'All roles' }, ...ROLE_OPTIONS]}
          width={160}
        />
        <FilterSelect
          table={table}
          name="is_active"
          label="Status filter"
          options={[
            { value: 'all', label: 'All' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
          width={120}
        />
      </FilterBar>

      <LoadError failed={table.tableQuery.isError} message={LOAD_ERROR} />
      <Table<AdminAccount>
        {...table.tableProps}
        columns={columns}
        locale={{ emptyText: 'No admins found' }}
      />

      <Modal
        open={createOpen}
        title="Create Admin"
        okText="Create"
        okButtonProps={{ loading: creating.isPending }}
        onOk={() => createForm.submit()}
        onCancel={() => setCreateOpen(false)}
        forceRender
      >
        <Form<AdminCreate>
          form={createForm}
          name="create-admin"
          layout="vertical"
          initialValues={{ role: 'viewer' }}
          onFinish={(values) => void submitCreate(values)}
        >
          <Form.Item label="Username" name="username" rules={[zodRule(adminCreate.shape.username)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[zodRule(adminCreate.shape.email)]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Full name" name="full_name" rules={[zodRule(adminCreate.shape.full_name)]}>
            <Input />
          </Form.Item>
          <Form.Item label="Role" name="role" rules={[zodRule(adminCreate.shape.role)]}>
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[zodRule(adminCreate.shape.password)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={editing !== null}
        title={`Edit ${editing?.username ?? ''}`}
        okText="Save Changes"
        okButtonProps={{ loading: updating.isPending }}
        onOk={() => editForm.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<EditValues>
          form={editForm}
          name="edit-admin"
          layout="vertical"
          onFinish={(values) => void submitEdit(values)}
        >
          <Form.Item label="Full name" name="full_name" rules={[zodRule(adminCreate.shape.full_name)]}>
            <Input />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[zodRule(adminCreate.shape.email)]}>
            <Input type="email" />
          </Form.Item>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox disabled={editing?.id === me?.id}>Active</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
