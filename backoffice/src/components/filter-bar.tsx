import type { ReactNode } from 'react';
import { Button, Card, Space } from 'antd';

/**
 * The filter row above an admin list: the screen's inputs side by side (wrapping on phones), and a
 * Clear Filters button when the screen offers one.
 */
export function FilterBar({ children, onClear }: { children: ReactNode; onClear?: () => void }) {
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Space wrap>
        {children}
        {onClear && <Button onClick={onClear}>Clear Filters</Button>}
      </Space>
    </Card>
  );
}
