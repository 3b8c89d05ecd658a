import { useState } from 'react';
import { CanAccess, useOne, useUpdate } from '@refinedev/core';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import type { AdminUserDetail } from '../../admin-types';
import { Badge, reportStatusTone, userStatus } from '../../components/badges';
import { ReasonPrompt } from '../../components/reason-prompt';
import { DetailFallback } from '../../components/detail-fallback';
import { errorMessage, formatDateTime } from '../../format';
import { SUSPEND_PROMPT, useUserStatusActions } from './actions';

export const LOAD_ERROR = 'Failed to load user details';

interface EditValues {
  full_name: string;
  is_active: boolean;
  is_verified: boolean;
  admin_notes: string;
}

/** /admin/users/:id: the account, its activity and figures, edit, suspend and activate. */
export default function UserShowPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { query, result: user } = useOne<AdminUserDetail>({
    resource: 'users',
    id: id ?? '',
    errorNotification: false,
    queryOptions: { enabled: Boolean(id) },
  });
  const { mutateAsync: update, mutation } = useUpdate<AdminUserDetail>();
  const actions = useUserStatusActions();
  const [editing, setEditing] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const [form] = Form.useForm<EditValues>();

  const backToUsers = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/users')}>
      Back to Users
    </Button>
  );

  if (query.isLoading || query.isError || !user)
    return (
      <DetailFallback
        noun="User"
        loading={query.isLoading}
        notFound={query.error?.statusCode === 404 || !query.isError}
        loadError={LOAD_ERROR}
        back={backToUsers}
      />
    );

  const status = userStatus(user);
  const stats = user.stats;
  const startEdit = () => {
    form.setFieldsValue({
      full_name: user.full_name ?? '',
      is_active: user.is_active,
      is_verified: user.is_verified,
      admin_notes: user.admin_notes ?? '',
    });
    setEditing(true);
  };
  const save = async (values: EditValues) => {
    try {
      await update({
        resource: 'users',
        id: user.id,
        values: { ...values, full_name: values.full_name.trim(), admin_notes: values.admin_notes ?? '' },
        successNotification: false,
        errorNotification: false,
      });
      void message.success('User updated successfully');
      setEditing(false);
    } catch (error) {
      void message.error(`Failed to update user: ${errorMessage(error)}`);
    }
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          {backToUsers}
          <Typography.Title level={2} style={{ margin: 0 }}>
            {user.full_name || user.email}
          </Typography.Title>
          <Badge tone={status.tone} testId="user-status">
            {status.label}
          </Badge>
        </Space>
        <Space wrap>
          {!editing && (
            <CanAccess resource="users" action="edit">
              <Button type="primary" onClick={startEdit}>
                Edit
              </Button>
            </CanAccess>
          )}
          <CanAccess resource="users" action="suspend">
            {user.is_active ? (
              <Button danger loading={actions.busyId === user.id} onClick={() => setSuspending(true)}>
                Suspend User
              </Button>
            ) : (
              <Button loading={actions.busyId === user.id} onClick={() => void actions.activate(user.id)}>
                Activate User
              </Button>
            )}
          </CanAccess>
        </Space>
      </Space>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {editing ? (
            <Card title="Edit User" size="small">
              <Form<EditValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
                <Form.Item label="Full name" name="full_name">
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name="is_active" valuePropName="checked" style={{ marginBottom: 8 }}>
                  <Checkbox>Active</Checkbox>
                </Form.Item>
                <Form.Item name="is_verified" valuePropName="checked">
                  <Checkbox>Verified</Checkbox>
                </Form.Item>
                <Form.Item label="Admin notes" name="admin_notes">
                  <Input.TextArea rows={4} placeholder="Internal notes about this user..." maxLength={5000} />
                </Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" disabled={mutation.isPending}>
                    {mutation.isPending ? 'Saving...' : 'Save Changes'}
                  </Button>
                  <Button onClick={() => setEditing(false)} disabled={mutation.isPending}>
                    Cancel
                  </Button>
                </Space>
              </Form>
            </Card>
          ) : (
            <Card title="User Information" size="small">
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
                <Descriptions.Item label="User ID">{user.id}</Descriptions.Item>
                <Descriptions.Item label="Full name">{user.full_name || '—'}</Descriptions.Item>
                <Descriptions.Item label="Account status">{status.label}</Descriptions.Item>
                <Descriptions.Item label="Member since">{formatDateTime(user.created_at)}</Descriptions.Item>
                <Descriptions.Item label="Last login">
                  {formatDateTime(user.last_login, 'Never')}
                </Descriptions.Item>
                <Descriptions.Item label="Last updated">{formatDateTime(user.updated_at)}</Descriptions.Item>
                <Descriptions.Item label="Theme">{user.preferences?.theme ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Language">{user.preferences?.language ?? '—'}</Descriptions.Item>
                {user.admin_notes ? (
                  <Descriptions.Item label="Admin notes">
                    <span style={{ whiteSpace: 'pre-wrap' }}>{user.admin_notes}</span>
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            </Card>
          )}

          <Card title="Recent Activity" size="small" style={{ marginTop: 16 }}>
            {user.recent_activity && user.recent_activity.length > 0 ? (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Recent Activity">
                {user.recent_activity.map((item, index) => (
                  <li
                    key={`${item.type}-${item.created_at}-${index}`}
                    style={{ padding: '8px 0', borderTop: index ? '1px solid #f0f0f0' : undefined }}
                  >
                    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                      <span>
                        <Badge tone={item.type === 'chat' ? 'purple' : 'blue'}>{item.type}</Badge>{' '}
                        <Typography.Text>{item.title}</Typography.Text>
                      </span>
                      <Space>
                        <Typography.Text type="secondary">{formatDateTime(item.created_at)}</Typography.Text>
                        {item.status ? (
                          <Badge tone={reportStatusTone(item.status)}>{item.status}</Badge>
                        ) : null}
                      </Space>
                    </Space>
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">No recent activity found.</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Statistics" size="small">
            <Row gutter={[16, 16]}>
              <Col span={12}>
                <Statistic title="Total reports" value={stats?.total_reports ?? 0} />
              </Col>
              <Col span={12}>
                <Statistic title="Completed reports" value={stats?.completed_reports ?? 0} />
              </Col>
              <Col span={12}>
                <Statistic title="Total chats" value={stats?.total_chats ?? 0} />
              </Col>
              <Col span={12}>
                <Statistic title="Feedback given" value={stats?.total_feedback ?? 0} />
              </Col>
              <Col span={12}>
                <Statistic title="Success rate" value={stats?.success_rate ?? 0} precision={1} suffix="%" />
              </Col>
              <Col span={12}>
                <Statistic
                  title="Avg chats per report"
                  value={stats?.avg_chats_per_report ?? 0}
                  precision={1}
                />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>

      <ReasonPrompt
        open={suspending}
        title={`Suspend ${user.email}`}
        label={SUSPEND_PROMPT}
        onClose={() => setSuspending(false)}
        onSubmit={(reason) => void actions.suspend(user.id, reason)}
      />
    </div>
  );
}
