import type { ReactNode } from 'react';
import { Button, Card, Space, Typography } from 'antd';

/**
 * Shown while rows are selected: 'N item(s) selected', the bulk actions, and Clear Selection.
 */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="selection-bar">
      <Space wrap>
        <Typography.Text strong>{count} item(s) selected</Typography.Text>
        {children}
        <Button onClick={onClear}>Clear Selection</Button>
      </Space>
    </Card>
  );
}
