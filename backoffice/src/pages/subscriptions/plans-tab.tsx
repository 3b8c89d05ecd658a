import { useState } from 'react';
import { CanAccess } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  type TableProps,
} from 'antd';
import type { AdminPlan } from '@reportsaathi/contracts/admin-ops';
import { Badge } from '../../components/badges';
import { apiCall } from '../../providers/api-call';
import { errorMessage } from '../../format';
import { rupees } from './format';
import { useApiQuery } from '../../hooks/use-api-query';

interface PlanForm {
  code: string;
  name: string;
  monthly: number;
  yearly: number;
  features: string;
  is_active: boolean;
}

/** Plans with prices in rupees (stored in paise); create, edit and deactivate need manage_subscription_plans. */
export function PlansTab() {
  const { message } = App.useApp();
  const query = useApiQuery(['subscription-plans'], (c) => c.adminSubscriptions.plans());
  const plans = query.data?.plans ?? [];
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PlanForm>();

  const open = (plan: AdminPlan | 'new') => {
    setError(null);
    setEditing(plan);
    form.setFieldsValue(
      plan === 'new'
        ? { code: '', name: '', monthly: 0, yearly: 0, features: '', is_active: true }
        : {
            code: plan.code,
            name: plan.name,
            monthly: plan.price_monthly,
            yearly: plan.price_yearly,
            features: plan.features.join('\n'),
            is_active: plan.is_active,
          },
    );
  };

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name,
      price_monthly_paise: Math.round(Number(v.monthly) * 100),
      price_yearly_paise: Math.round(Number(v.yearly) * 100),
      features: v.features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      is_active: v.is_active,
    };
    setSaving(true);
    setError(null);
    try {
      if (editing === 'new')
        await apiCall((c) => c.adminSubscriptions.createPlan({ body: { ...body, code: v.code } }));
      else if (editing)
        await apiCall((c) => c.adminSubscriptions.updatePlan({ params: { id: editing.id }, body }));
      void message.success('Plan saved');
      setEditing(null);
      void query.refetch();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const setActive = async (plan: AdminPlan, is_active: boolean) => {
    try {
      await apiCall((c) => c.adminSubscriptions.updatePlan({ params: { id: plan.id }, body: { is_active } }));
      void message.success(is_active ? 'Plan activated' : 'Plan deactivated');
      void query.refetch();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  const columns: TableProps<AdminPlan>['columns'] = [
    { key: 'name', title: 'Plan', render: (_, p) => `${p.name} (${p.code})` },
    { key: 'monthly', title: 'Monthly', render: (_, p) => rupees(p.price_monthly) },
    { key: 'yearly', title: 'Yearly', render: (_, p) => rupees(p.price_yearly) },
    { key: 'active_subs', title: 'Active subscriptions', dataIndex: 'active_subscriptions' },
    {
      key: 'status',
      title: 'Status',
      render: (_, p) => (
        <Badge tone={p.is_active ? 'green' : 'grey'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, p) => (
        <CanAccess resource="subscriptions" action="manage_plans">
          <Space>
            <Button size="small" onClick={() => open(p)} aria-label={`Edit plan ${p.code}`}>
              Edit
            </Button>
            <Button size="small" danger={p.is_active} onClick={() => void setActive(p, !p.is_active)}>
              {p.is_active ? 'Deactivate' : 'Activate'}
            </Button>
          </Space>
        </CanAccess>
      ),
    },
  ];

  return (
    <div>
      <CanAccess resource="subscriptions" action="manage_plans">
        <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }}>
          New Plan
        </Button>
      </CanAccess>
      {query.isError && <Alert type="error" showIcon role="alert" message="Failed to load plans" />}
      <div style={{ overflowX: 'auto' }}>
        <Table<AdminPlan>
          rowKey="id"
          columns={columns}
          dataSource={plans}
          loading={query.isFetching}
          pagination={false}
          locale={{ emptyText: 'No plans found' }}
        />
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'New Plan' : 'Edit Plan'}
        okText="Save Changes"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical">
          <Form.Item label="Code" name="code" rules={[{ required: true, message: 'Plan code is required' }]}>
            <Input disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Plan name is required' }]}>
            <Input />
          </Form.Item>
          <Space>
            <Form.Item label="Monthly price (₹)" name="monthly" rules={[{ required: true }]}>
              <InputNumber step={1} />
            </Form.Item>
            <Form.Item label="Yearly price (₹)" name="yearly" rules={[{ required: true }]}>
              <InputNumber step={1} />
            </Form.Item>
          </Space>
          <Form.Item label="Features (one a line)" name="features">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="Active" name="is_active" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
