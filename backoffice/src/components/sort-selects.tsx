import { Select } from 'antd';
import type { SortOrder } from '../hooks/use-url-list';

const ORDERS = [
  { value: 'desc', label: 'desc' },
  { value: 'asc', label: 'asc' },
];

/** 'Sort by' and 'Order' chosen separately in a filter bar (the reports and chats lists). */
export function SortSelects({
  columns,
  sortBy,
  sortOrder,
  onSort,
  width,
}: {
  columns: readonly string[];
  sortBy: string;
  sortOrder: SortOrder;
  onSort: (column: string, order: SortOrder) => void;
  /** Width of the 'Sort by' select. */
  width: number;
}) {
  return (
    <>
      <Select
        aria-label="Sort by"
        value={sortBy}
        options={columns.map((value) => ({ value, label: value }))}
        onChange={(value: string) => onSort(value, sortOrder)}
        style={{ width }}
      />
      <Select
        aria-label="Order"
        value={sortOrder}
        options={ORDERS}
        onChange={(value: SortOrder) => onSort(sortBy, value)}
        style={{ width: 90 }}
      />
    </>
  );
}
