// @ts-nocheck
import { Button, Space, Typography } from 'antd';

/** Previous / 'Showing page X of Y' / Next under an admin list. */
export function ListPagination({
  page,
  totalPages,
  onPage,
  disabled,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}) {
  const last = Math.max(1, totalPages);
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }} wrap>
      <Button disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography.Text data-testid="page-indicator">
        Showing page {Math.min(page, last)} of {last}
      </Typography.Text>
      <Button disabled={disabled || page >= last} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Space>
  );
}
