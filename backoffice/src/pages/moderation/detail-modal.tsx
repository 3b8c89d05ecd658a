import { Alert, Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import type { ModerationContentType } from '@reportsaathi/contracts/admin-ops';
import { Badge } from '../../components/badges';
import { formatDateTime } from '../../format';
import { moderationStatusTone, severityTone, TYPE_LABELS } from './badges';
import { useApiQuery } from '../../hooks/use-api-query';

export interface ModerationTarget {
  type: ModerationContentType;
  id: number;
}

/**
 * One flagged item with its context (the report it belongs to, the chat around it, its decisions).
 * Approve and Reject are offered only while it is flagged and not yet moderated.
 */
export function ModerationDetailModal({
  target,
  busy,
  canModerate,
  onDecide,
  onClose,
}: {
  target: ModerationTarget | null;
  busy: boolean;
  canModerate: boolean;
  onDecide: (target: ModerationTarget, action: 'approve' | 'reject') => void;
  onClose: () => void;
}) {
  const query = useApiQuery(
    ['moderation-content', target?.type, target?.id],
    (c) =>
      target
        ? c.adminModeration.content({ params: { type: target.type, id: target.id } })
        : Promise.resolve(undefined),
    { enabled: target !== null },
  );
  const item = target ? query.data : undefined;
  const open = Boolean(item?.is_flagged && !item.moderated_at);
  return (
    <Modal
      open={target !== null}
      title="Content Details"
      onCancel={onClose}
      width={760}
      footer={
        <Space>
          {open && canModerate && target && (
            <>
              <Button type="primary" loading={busy} onClick={() => onDecide(target, 'approve')}>
                Approve
              </Button>
              <Button danger loading={busy} onClick={() => onDecide(target, 'reject')}>
                Reject
              </Button>
            </>
          )}
          <Button onClick={onClose}>{open ? 'Cancel' : 'Close'}</Button>
        </Space>
      }
    >
      {query.isFetching && !item && <Spin />}
      {query.isError && (
        <Alert type="error" showIcon role="alert" message={query.error?.message ?? 'Failed to load'} />
      )}
      {item && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Content type">{TYPE_LABELS[item.content_type]}</Descriptions.Item>
          <Descriptions.Item label="User">
            {item.user_name ?? '—'}
            {item.user_email ? ` (${item.user_email})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Status">
            <Space size={4}>
              {item.status && <Badge tone={moderationStatusTone(item.status)}>{item.status}</Badge>}
              {item.severity && <Badge tone={severityTone(item.severity)}>{item.severity}</Badge>}
            </Space>
          </Descriptions.Item>
          {item.flag_reason && <Descriptions.Item label="Flag reason">{item.flag_reason}</Descriptions.Item>}
          <Descriptions.Item label="Content">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {item.content}
            </Typography.Paragraph>
          </Descriptions.Item>
          {item.moderation_notes && (
            <Descriptions.Item label="Moderation notes">{item.moderation_notes}</Descriptions.Item>
          )}
          {item.moderated_at && (
            <Descriptions.Item label="Moderated at">{formatDateTime(item.moderated_at)}</Descriptions.Item>
          )}
          {item.context && (
            <Descriptions.Item label="Context">
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {JSON.stringify(item.context, null, 2)}
              </pre>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
