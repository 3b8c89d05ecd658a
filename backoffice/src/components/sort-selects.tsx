import { Select } from 'antd';
import type { SortOrder } from '../hooks/use-admin-table';

const ORDERS = [
  { value: 'desc', label: 'desc' },
  { value: 'asc', label: 'asc' },
];

/**
 * 'Sort by' and 'Order' chosen separately in a filter bar (the reports and chats lists), over an
 * admin table's sort.
 */
export function SortSelects({
  columns,
  table,
  width,
}: {
  columns: readonly string[];
  table: { sort: { field: string; order: SortOrder }; setSort: (field: string, order: SortOrder) => void };
  /** Width of the 'Sort by' select. */
  width: number;
}) {
  const { field, order } = table.sort;
  return (
    <>
      <Select
        aria-label="Sort by"
        value={field}
        options={columns.map((value) => ({ value, label: value }))}
        onChange={(value: string) => table.setSort(value, order)}
        style={{ width }}
      />
      <Select
        aria-label="Order"
        value={order}
        options={ORDERS}
        onChange={(value: SortOrder) => table.setSort(field, value)}
        style={{ width: 90 }}
      />
    </>
  );
}
