import { useState } from 'react';
import { Alert, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import type { SettingValue, SystemSetting } from '@reportsaathi/contracts/admin-ops';
import { apiCall } from '../../providers/api-call';
import { errorMessage } from '../../format';

/** The value as the editor holds it (text), from the stored, typed value. */
function editable(setting: SystemSetting): string {
  if (setting.is_sensitive || setting.value === null || setting.value === undefined) return '';
  if (setting.data_type === 'json') return JSON.stringify(setting.value, null, 2);
  return String(setting.value);
}

/**
 * The text of the editor converted by the setting's type: boolean from the
 * string 'true', integer and float parsed, json parsed (a parse error is thrown with its message).
 */
export function convertValue(dataType: SystemSetting['data_type'], text: string): SettingValue {
  switch (dataType) {
    case 'boolean':
      return text === 'true';
    case 'integer':
      return Number.parseInt(text, 10);
    case 'float':
      return Number.parseFloat(text);
    case 'json':
      return JSON.parse(text) as SettingValue;
    default:
      return text;
  }
}

/** 'Edit Setting: {key}': a value editor by type, the description, and the restart warning. */
export function EditSettingModal({
  setting,
  onClose,
  onSaved,
}: {
  setting: SystemSetting | null;
  onClose: () => void;
  onSaved: (setting: SystemSetting) => void;
}) {
  // One form per setting, its fields filled as it first renders: filled by an effect after the
  // first paint, an edit typed in that moment was overwritten by the stored value.
  return setting ? (
    <EditSettingForm key={setting.key} setting={setting} onClose={onClose} onSaved={onSaved} />
  ) : null;
}

function EditSettingForm({
  setting,
  onClose,
  onSaved,
}: {
  setting: SystemSetting;
  onClose: () => void;
  onSaved: (setting: SystemSetting) => void;
}) {
  const [value, setValue] = useState(() => editable(setting));
  const [description, setDescription] = useState(setting.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setError(null);
    if (setting.is_sensitive && value === '') {
      setError('Error updating setting: enter the new value (the current one is not shown)');
      return;
    }
    let typed: SettingValue;
    try {
      typed = convertValue(setting.data_type, value);
    } catch (e) {
      setError(`Error updating setting: ${errorMessage(e)}`);
      return;
    }
    setSaving(true);
    try {
      const saved = await apiCall((c) =>
        c.adminSettings.update({
          params: { setting_key: setting.key },
          body: { value: typed, description: description || undefined },
        }),
      );
      onSaved(saved);
    } catch (e) {
      setError(`Error updating setting: ${errorMessage(e)}`);
    } finally {
      setSaving(false);
    }
  };

  const editor = (() => {
    switch (setting.data_type) {
      case 'boolean':
        return (
          <Select
            aria-label="Value"
            value={value === 'true' ? 'true' : 'false'}
            options={[
              { value: 'true', label: 'True' },
              { value: 'false', label: 'False' },
            ]}
            onChange={(v: string) => setValue(v)}
            style={{ width: 160 }}
          />
        );
      case 'integer':
      case 'float':
        return (
          <InputNumber
            aria-label="Value"
            value={value === '' ? null : value}
            step={setting.data_type === 'float' ? 0.1 : 1}
            stringMode
            onChange={(v) => setValue(v === null ? '' : String(v))}
            style={{ width: 200 }}
          />
        );
      case 'json':
        return (
          <Input.TextArea
            aria-label="Value"
            rows={6}
            placeholder="Enter valid JSON"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            style={{ fontFamily: 'monospace' }}
          />
        );
      default:
        return (
          <Input
            aria-label="Value"
            type={setting.is_sensitive ? 'password' : 'text'}
            autoComplete="off"
            placeholder={setting.is_sensitive ? 'Enter a new value' : undefined}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        );
    }
  })();

  return (
    <Modal
      open
      title={`Edit Setting: ${setting.key}`}
      okText="Save Changes"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {error && <Alert type="error" showIcon role="alert" message={error} />}
        <Typography.Text strong>Value ({setting.data_type})</Typography.Text>
        {editor}
        <Typography.Text strong>Description</Typography.Text>
        <Input.TextArea
          aria-label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {setting.requires_restart && (
          <Alert type="warning" showIcon message="This setting requires a system restart to take effect." />
        )}
      </Space>
    </Modal>
  );
}
