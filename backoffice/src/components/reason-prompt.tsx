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
      <ReasonField
        id="reason-prompt-input"
        label={label}
        value={value}
        onChange={setValue}
        onPressEnter={() => {
          const reason = value.trim();
          close();
          if (reason) onSubmit(reason);
        }}
      />
    </Modal>
  );
}

/**
 * The labelled one-line reason box of a dialog (a suspension, a flag, a refund): focused when the
 * dialog opens, at most 500 characters (the API's limit on a reason).
 */
export function ReasonField({
  id,
  label,
  value,
  onChange,
  onPressEnter,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPressEnter?: () => void;
}) {
  return (
    <>
      <label htmlFor={id}>
        <Typography.Text>{label}</Typography.Text>
      </label>
      <Input
        id={id}
        autoFocus
        value={value}
        maxLength={500}
        onChange={(event) => onChange(event.target.value)}
        onPressEnter={onPressEnter}
      />
    </>
  );
}
