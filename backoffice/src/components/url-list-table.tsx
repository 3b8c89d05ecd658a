import type { ReactNode } from 'react';
import { Alert, Table, type TableProps } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { UrlList } from '../hooks/use-url-list';
import { ListPagination } from './list-pagination';

/**
 * The body of an admin list over useUrlList: the load error, the table (scrolling sideways inside the
 * page on narrow screens) and the pagination under it. With `sortable`, clicking a column header
 * sorts the list by it (the columns say which are sortable, see sortableColumn).
 */
export function UrlListTable<T extends BaseRecord>({
  list,
  columns,
  loadError,
  emptyText,
  rowSelection,
  sortable,
  numbers,
}: {
  list: UrlList<T>;
  columns: TableProps<T>['columns'];
  loadError: string;
  emptyText: ReactNode;
  rowSelection?: TableRowSelection<T>;
  sortable?: boolean;
  /** Page-number buttons in the pagination (the audit log list). */
  numbers?: boolean;
}) {
  return (
    <>
      {list.query.isError && (
        <Alert type="error" showIcon role="alert" message={loadError} style={{ marginBottom: 16 }} />
      )}
      <div style={{ overflowX: 'auto' }}>
        <Table<T>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={false}
          rowSelection={rowSelection}
          onChange={
            sortable
              ? (_, __, sorter, extra) => {
                  if (extra.action !== 'sort') return;
                  const one = Array.isArray(sorter) ? sorter[0] : sorter;
                  if (one?.columnKey) list.sortBy(String(one.columnKey));
                }
              : undefined
          }
          locale={{ emptyText }}
        />
      </div>
      <ListPagination
        page={list.state.page}
        totalPages={list.totalPages}
        onPage={list.setPage}
        numbers={numbers}
      />
    </>
  );
}
