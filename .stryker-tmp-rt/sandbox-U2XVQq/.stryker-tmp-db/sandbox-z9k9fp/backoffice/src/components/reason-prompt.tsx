// @ts-nocheck
// 
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';

/**
 * A prompt for one line of text (the suspension reason, a flag reason). OK with nothing typed is the
 * same as Cancel: nothing happens.
 */
export function ReasonPrompt({
  open,
  label,
  title,
  onSubmit,
  onClose,
}: {
  open: boolean;
  label: string;
  title: string;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const close = () => {
    setValue('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText="OK"
      onOk={() => {
        const reason = value.trim();
        close();
        if (reason) onSubmit(reason);
      }}
      onCancel={close}
      destroyOnHidden
    >
      <label htmlFor="reason-prompt-input">
        <Typography.Text>{label}</Typography.Text>
      </label>
      <Input
        id="reason-prompt-input"
        autoFocus
        value={value}
        maxLength={500}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={() => {
          const reason = value.trim();
          close();
          if (reason) onSubmit(reason);
        }}
      />
    </Modal>
  );
}
