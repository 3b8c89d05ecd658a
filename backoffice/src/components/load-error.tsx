import { Alert } from 'antd';

/** The alert above an admin list whose page failed to load (the screen's SPEC message). */
export function LoadError({ failed, message }: { failed: boolean; message: string }) {
  if (!failed) return null;
  return <Alert type="error" showIcon role="alert" message={message} style={{ marginBottom: 16 }} />;
}
