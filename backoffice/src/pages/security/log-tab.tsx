import { useState } from 'react';
import { useList, type BaseRecord } from '@refinedev/core';
import { Alert, Select, Space, Table, Typography, type TableProps } from 'antd';
import { ListPagination } from '../../components/list-pagination';
import { PAGE_SIZE } from '../../hooks/use-url-list';
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
  const [page, setPage] = useState(1);
  const [values, setValues] = useState<Record<string, string>>({});
  const valueOf = (field: string) => values[field] ?? 'all';
  const { result, query } = useList<T>({
    resource,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters: filters.map(({ field }) => ({ field, operator: 'eq' as const, value: valueOf(field) })),
    sorters: [{ field: 'created_at', order: 'desc' }],
    queryOptions: { retry: false },
    errorNotification: false,
  });

  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        {filters.map((filter) => (
          <Select
            key={filter.field}
            aria-label={filter.label}
            value={valueOf(filter.field)}
            style={{ width: filter.width }}
            onChange={(value: string) => {
              setValues((current) => ({ ...current, [filter.field]: value }));
              setPage(1);
            }}
            options={filter.options}
          />
        ))}
      </Space>
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      <Table<T>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Typography.Text type="secondary">{emptyText}</Typography.Text> }}
      />
      <ListPagination page={page} totalPages={Math.ceil((result.total ?? 0) / PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
