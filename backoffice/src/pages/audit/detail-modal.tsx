import { useOne } from '@refinedev/core';
import { Alert, Descriptions, Modal, Spin, Typography } from 'antd';
import type { AuditLog } from '@reportsaathi/contracts/admin-ops';
import { Badge } from '../../components/badges';
import { formatDateTime } from '../../format';
import { actionLabel, actionTone, outcomeTone } from './badges';

/** One audit row in full: who, what, on which resource, from where, and its details as JSON. */
export function AuditDetailModal({ logId, onClose }: { logId: number | null; onClose: () => void }) {
  const { query, result: log } = useOne<AuditLog>({
    resource: 'audit',
    id: logId ?? '',
    errorNotification: false,
    queryOptions: { enabled: logId !== null },
  });
  return (
    <Modal open={logId !== null} title="Audit Log Details" onCancel={onClose} footer={null} width={720}>
      {query.isLoading && <Spin />}
      {query.isError && <Alert type="error" showIcon role="alert" message="Failed to load audit logs" />}
      {log && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="ID">{log.id}</Descriptions.Item>
          <Descriptions.Item label="Timestamp">{formatDateTime(log.timestamp)}</Descriptions.Item>
          <Descriptions.Item label="Admin">{log.admin_email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Status">
            <Badge tone={outcomeTone(log.success)}>{log.success}</Badge>
          </Descriptions.Item>
          <Descriptions.Item label="Action">
            <Badge tone={actionTone(log.action)}>{actionLabel(log.action)}</Badge>
          </Descriptions.Item>
          <Descriptions.Item label="IP Address">{log.ip_address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Resource">
            {log.resource_type}
            {log.resource_id ? ` #${log.resource_id}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="User Agent">{log.user_agent ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Additional Details">
            <Typography.Paragraph style={{ margin: 0 }}>
              <pre
                data-testid="audit-details"
                style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                {JSON.stringify(log.details ?? {}, null, 2)}
              </pre>
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
