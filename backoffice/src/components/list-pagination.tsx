import { Button, Space, Typography } from 'antd';

/** Up to five page numbers around the current page, within 1..last. */
export function pageNumbers(page: number, last: number, shown = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(shown / 2), last - shown + 1));
  return Array.from({ length: Math.min(shown, last) }, (_, i) => start + i);
}

/**
 * Previous / 'Showing page X of Y' / Next under an admin list; with `numbers`, also up to five
 * page-number buttons (the audit log list).
 */
export function ListPagination({
  page,
  totalPages,
  onPage,
  disabled,
  numbers,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  disabled?: boolean;
  numbers?: boolean;
}) {
  const last = Math.max(1, totalPages);
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }} wrap>
      <Button disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {numbers && (
        <Space size={4}>
          {pageNumbers(page, last).map((n) => (
            <Button
              key={n}
              type={n === page ? 'primary' : 'default'}
              disabled={disabled}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
        </Space>
      )}
      <Typography.Text data-testid="page-indicator">
        Showing page {Math.min(page, last)} of {last}
      </Typography.Text>
      <Button disabled={disabled || page >= last} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Space>
  );
}
