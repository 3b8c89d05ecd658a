import { useState } from 'react';
import { CanAccess } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  List,
  Row,
  Space,
  Tabs,
  Typography,
} from 'antd';
import { useSearchParams } from 'react-router';
import {
  MASKED_VALUE,
  SETTING_CATEGORIES,
  SETTING_CATEGORY_LABELS,
  type SettingCategory,
  type SystemSetting,
} from '@reportsaathi/contracts/admin-ops';
import { Badge } from '../../components/badges';
import { useLogFailure } from '../../hooks/use-log-failure';
import { apiCall } from '../../providers/api-call';
import { errorMessage, formatDateTime } from '../../format';
import { EditSettingModal } from './edit-modal';
import { useApiQuery } from '../../hooks/use-api-query';

function shown(setting: SystemSetting): string {
  if (setting.value === null || setting.value === undefined) return '(not set)';
  if (setting.is_sensitive) return MASKED_VALUE;
  if (typeof setting.value === 'object') return JSON.stringify(setting.value);
  return String(setting.value);
}

/**
 * /admin/settings: system status, maintenance mode, the settings by category (tab in the URL),
 * Initialize Defaults and the edit dialog.
 */
export default function SettingsPage() {
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = params.get('category');
  const category: SettingCategory = (SETTING_CATEGORIES as readonly string[]).includes(tab ?? '')
    ? (tab as SettingCategory)
    : 'ai_model';

  const statusQuery = useApiQuery(['system-status'], (c) => c.adminSettings.status());
  const listQuery = useApiQuery(['settings', category], (c) => c.adminSettings.list({ query: { category } }));
  const status = statusQuery.data;
  useLogFailure(statusQuery, 'system status');
  useLogFailure(listQuery, 'settings list');
  const settings = listQuery.data?.settings ?? [];

  const [editing, setEditing] = useState<SystemSetting | null>(null);
  const [maintenanceMessage, setMaintenanceMessage] = useState('');
  const [duration, setDuration] = useState('');
  const [toggling, setToggling] = useState(false);
  const [initializing, setInitializing] = useState(false);

  const toggleMaintenance = async () => {
    if (!status) return;
    setToggling(true);
    try {
      const enabled = !status.maintenance_mode;
      await apiCall((c) =>
        c.adminSettings.maintenanceMode({
          body: enabled
            ? { enabled, message: maintenanceMessage, estimated_duration: duration }
            : { enabled },
        }),
      );
      void message.success(enabled ? 'Maintenance mode enabled' : 'Maintenance mode disabled');
      setMaintenanceMessage('');
      setDuration('');
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setToggling(false);
      void statusQuery.refetch();
    }
  };

  const initialize = () =>
    modal.confirm({
      title: 'Initialize Defaults',
      content: 'This will initialize default system settings. Continue?',
      okText: 'Continue',
      onOk: async () => {
        setInitializing(true);
        try {
          await apiCall((c) => c.adminSettings.initialize());
          void message.success('Default settings initialized successfully');
          void listQuery.refetch();
        } catch (error) {
          void message.error(errorMessage(error));
        } finally {
          setInitializing(false);
        }
      },
    });

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          System Settings
        </Typography.Title>
        <CanAccess resource="settings" action="edit">
          <Button loading={initializing} onClick={initialize}>
            Initialize Defaults
          </Button>
        </CanAccess>
      </Space>
      <Typography.Paragraph type="secondary">Configure system behavior and features</Typography.Paragraph>

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card title="System Status" size="small" loading={statusQuery.isLoading}>
            {status && (
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Status">
                  <Badge tone={status.maintenance_mode ? 'orange' : 'green'} testId="system-status">
                    {status.maintenance_mode ? 'Maintenance' : 'Operational'}
                  </Badge>
                </Descriptions.Item>
                <Descriptions.Item label="Version">{status.system_version}</Descriptions.Item>
                <Descriptions.Item label="Uptime">{status.uptime}</Descriptions.Item>
                <Descriptions.Item label="Active users">{status.active_users}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Maintenance Mode" size="small" loading={statusQuery.isLoading}>
            {status && (
              <Space direction="vertical" style={{ width: '100%' }}>
                {status.maintenance_mode ? (
                  <Alert
                    type="warning"
                    showIcon
                    message={status.maintenance_message ?? 'Maintenance mode is on'}
                    description={
                      status.estimated_duration
                        ? `Estimated duration: ${status.estimated_duration}`
                        : undefined
                    }
                  />
                ) : (
                  <CanAccess resource="settings" action="edit">
                    <Input
                      aria-label="Maintenance message"
                      placeholder="System is under maintenance..."
                      value={maintenanceMessage}
                      onChange={(event) => setMaintenanceMessage(event.target.value)}
                    />
                    <Input
                      aria-label="Estimated duration"
                      placeholder="2 hours"
                      value={duration}
                      onChange={(event) => setDuration(event.target.value)}
                    />
                  </CanAccess>
                )}
                <CanAccess resource="settings" action="edit">
                  <Button
                    type={status.maintenance_mode ? 'default' : 'primary'}
                    danger={!status.maintenance_mode}
                    loading={toggling}
                    onClick={() => void toggleMaintenance()}
                  >
                    {status.maintenance_mode ? 'Disable Maintenance' : 'Enable Maintenance'}
                  </Button>
                </CanAccess>
              </Space>
            )}
          </Card>
        </Col>
      </Row>

      <Tabs
        activeKey={category}
        onChange={(key) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (key === 'ai_model') next.delete('category');
            else next.set('category', key);
            return next;
          })
        }
        items={SETTING_CATEGORIES.map((c) => ({ key: c, label: SETTING_CATEGORY_LABELS[c] }))}
      />

      <List
        loading={listQuery.isFetching}
        dataSource={settings}
        locale={{
          emptyText: (
            <Empty
              description={
                <span>
                  No settings found
                  <br />
                  No settings available for this category.
                </span>
              }
            />
          ),
        }}
        renderItem={(s) => (
          <List.Item
            key={s.key}
            data-testid={`setting-${s.key}`}
            actions={[
              <CanAccess resource="settings" action="edit" key="edit">
                <Button size="small" onClick={() => setEditing(s)} aria-label={`Edit ${s.key}`}>
                  Edit
                </Button>
              </CanAccess>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={6} wrap>
                  <Typography.Text code>{s.key}</Typography.Text>
                  {s.requires_restart && <Badge tone="orange">Restart Required</Badge>}
                  {s.is_sensitive && <Badge tone="red">Sensitive</Badge>}
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  {s.description && <span>{s.description}</span>}
                  <span>
                    Type: {s.data_type} · Value:{' '}
                    <Typography.Text strong data-testid={`value-${s.key}`}>
                      {shown(s)}
                    </Typography.Text>
                  </span>
                  {s.last_modified_at && (
                    <Typography.Text type="secondary">
                      Last changed{s.last_modified_by ? ` by ${s.last_modified_by}` : ''} on{' '}
                      {formatDateTime(s.last_modified_at)}
                    </Typography.Text>
                  )}
                </Space>
              }
            />
          </List.Item>
        )}
      />

      <EditSettingModal
        setting={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void message.success(`Saved ${saved.key}`);
          setEditing(null);
          void listQuery.refetch();
        }}
      />
    </div>
  );
}
