import { useMemo } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { Alert, Select, Space, Table, Typography, type TableProps } from 'antd';
import { useAdminTable } from '../../hooks/use-admin-table';
import { errorMessage } from '../../format';

/** One select above a security log: `all` (the first option) means no filter. */
export interface LogFilter {
  /** The API's name of the filter. */
  field: string;
  label: string;
  width: number;
  options: { value: string; label: string }[];
}

/**
 * A security record (events, sign-in attempts), newest first, a page at a time, filtered by the
 * tab's selects; changing a filter goes back to page 1. The tab keeps its page and filters itself
 * (not in the URL): the security screen's URL names only the open tab.
 */
export function SecurityLogTab<T extends BaseRecord>({
  resource,
  filters,
  columns,
  emptyText,
}: {
  resource: string;
  filters: LogFilter[];
  columns: TableProps<T>['columns'];
  emptyText: string;
}) {
  const names = useMemo(() => filters.map(({ field }) => field), [filters]);
  const table = useAdminTable<T, string>({ resource, filters: names, inUrl: false });
  const { tableQuery } = table;

  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        {filters.map((filter) => (
          <Select
            key={filter.field}
            aria-label={filter.label}
            value={table.filterValue(filter.field) || 'all'}
            style={{ width: filter.width }}
            onChange={(value: string) => table.setFilterValues({ [filter.field]: value })}
            options={filter.options}
          />
        ))}
      </Space>
      {tableQuery.isError && <Alert type="error" showIcon message={errorMessage(tableQuery.error)} />}
      <Table<T>
        {...table.tableProps}
        size="small"
        columns={columns}
        locale={{ emptyText: <Typography.Text type="secondary">{emptyText}</Typography.Text> }}
      />
    </div>
  );
}
