// @ts-nocheck
// 
import { useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';

/**
 * The bulk delete confirmation. With `allowSoft` it offers 'Soft delete (mark as deleted)' (the
 * default) and 'Permanent delete (cannot be undone)'; without it the question is the whole dialog.
 */
export function BulkDeleteDialog({
  open,
  question,
  allowSoft,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  question: string;
  allowSoft: boolean;
  busy?: boolean;
  onConfirm: (permanent: boolean) => void;
  onClose: () => void;
}) {
  const [permanent, setPermanent] = useState(false);
  return (
    <Modal
      open={open}
      title="Confirm delete"
      okText="Delete"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => onConfirm(allowSoft ? permanent : true)}
      onCancel={onClose}
      afterClose={() => setPermanent(false)}
    >
      <Typography.Paragraph>{question}</Typography.Paragraph>
      {allowSoft && (
        <Radio.Group
          value={permanent ? 'permanent' : 'soft'}
          onChange={(event) => setPermanent(event.target.value === 'permanent')}
          aria-label="Delete mode"
        >
          <Space direction="vertical">
            <Radio value="soft">Soft delete (mark as deleted)</Radio>
            <Radio value="permanent">Permanent delete (cannot be undone)</Radio>
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
