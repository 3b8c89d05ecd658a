import { useState } from 'react';
import { useCan, useOne, useUpdate } from '@refinedev/core';
import { Alert, App, Button, Checkbox, Descriptions, Input, Modal, Space, Spin, Typography } from 'antd';
import type { AdminChatRow } from '../../admin-types';
import { formatDateTime, formatDuration } from '../../format';

export const MESSAGES = {
  load: 'Failed to fetch chat details',
  notes: 'Failed to save moderation notes',
  flag: 'Failed to update chat flag',
};

/** One chat for staff: who, which report, the exchange, and its moderation (flag and notes). */
export function ChatDetailModal({ chatId, onClose }: { chatId: number | null; onClose: () => void }) {
  const { message } = App.useApp();
  const { query, result: chat } = useOne<AdminChatRow>({
    resource: 'chats',
    id: chatId ?? '',
    errorNotification: false,
    queryOptions: { enabled: chatId !== null },
  });
  const { data: canModerate } = useCan({ resource: 'chats', action: 'edit' });
  const { mutateAsync: update, mutation } = useUpdate();
  const [flagged, setFlagged] = useState(false);
  const [notes, setNotes] = useState('');

  // The fields are filled from a chat once, when it is opened, in the render that shows it: filled
  // by an effect after the paint, what staff typed in that moment was overwritten, and so was all
  // of it whenever a refetch of the same chat arrived.
  const [filledFor, setFilledFor] = useState<number | null>(null);
  const openId = chat && chatId !== null ? chat.id : null;
  if (openId !== filledFor) {
    setFilledFor(openId);
    if (chat && openId !== null) {
      setFlagged(chat.is_flagged);
      setNotes(chat.moderation_notes ?? '');
    }
  }

  const save = async () => {
    if (!chat) return;
    const patch = (values: Record<string, unknown>) =>
      update({
        resource: 'chats',
        id: chat.id,
        values,
        successNotification: false,
        errorNotification: false,
      });
    if (flagged !== chat.is_flagged) {
      try {
        await patch({ is_flagged: flagged });
      } catch {
        void message.error(MESSAGES.flag);
        return;
      }
    }
    if (notes !== (chat.moderation_notes ?? '')) {
      try {
        await patch({ moderation_notes: notes });
      } catch {
        void message.error(MESSAGES.notes);
        return;
      }
    }
    void message.success('Moderation saved');
    onClose();
  };

  const editable = Boolean(canModerate?.can);
  return (
    <Modal
      open={chatId !== null}
      title="Chat Details"
      onCancel={onClose}
      width={760}
      footer={
        <Space>
          <Button onClick={onClose}>Close</Button>
          {editable && (
            <Button type="primary" loading={mutation.isPending} disabled={!chat} onClick={() => void save()}>
              Save Moderation
            </Button>
          )}
        </Space>
      }
    >
      {query.isLoading && <Spin aria-label="Loading chat" />}
      {query.isError && <Alert type="error" showIcon role="alert" message={MESSAGES.load} />}
      {chat && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="User">{chat.user_email ?? chat.user?.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Report">
              {chat.report_filename ?? chat.report?.filename ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Created">{formatDateTime(chat.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Model">{chat.ai_model_used ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Processing time">
              {formatDuration(chat.processing_time_seconds)}
            </Descriptions.Item>
            <Descriptions.Item label="Tokens">{chat.tokens_used ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Message
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{chat.message}</Typography.Paragraph>
          <Typography.Title level={5}>Response</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {chat.response ?? '—'}
          </Typography.Paragraph>
          {chat.flag_reason ? (
            <Typography.Paragraph type="secondary">Flag reason: {chat.flag_reason}</Typography.Paragraph>
          ) : null}
          <Checkbox
            checked={flagged}
            disabled={!editable}
            onChange={(event) => setFlagged(event.target.checked)}
          >
            Flagged
          </Checkbox>
          <div style={{ marginTop: 12 }}>
            <label htmlFor="chat-moderation-notes">
              <Typography.Text strong>Moderation Notes</Typography.Text>
            </label>
            <Input.TextArea
              id="chat-moderation-notes"
              rows={3}
              value={notes}
              disabled={!editable}
              maxLength={5000}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>
        </>
      )}
    </Modal>
  );
}
