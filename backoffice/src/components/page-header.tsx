import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';

/**
 * The row at the top of an admin screen: its title (with a line under it, such as the total, when
 * given) on the left, the screen's buttons on the right; it wraps on phones.
 */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <Typography.Title level={2} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
  );
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
      {subtitle === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          {subtitle}
        </div>
      )}
      {children}
    </Space>
  );
}
