import { useEffect, useMemo, useRef } from 'react';
import { useTable } from '@refinedev/antd';
import {
  getDefaultFilter,
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type HttpError,
} from '@refinedev/core';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useSearchParams } from 'react-router';
import { isEmptyFilterValue } from '../providers/list-params';

/** Page size of every admin list (users, reports, chats, admins, audit, the security logs). */
export const PAGE_SIZE = 20;

/** The sort of every admin list until one is chosen (SPEC: created_at descending). */
const DEFAULT_SORT: CrudSort = { field: 'created_at', order: 'desc' };

export type SortOrder = 'asc' | 'desc';

export interface AdminTableOptions<F extends string> {
  resource: string;
  /** The filters of the screen, named as the API names them (also their names in the URL). */
  filters: readonly F[];
  /**
   * Keep page, sort and filters in the URL (the default). The security logs keep them in the tab:
   * their screen's URL names only the open tab.
   */
  inUrl?: boolean;
}

interface TableState {
  currentPage: number;
  sorters: CrudSort[];
  filters: CrudFilter[];
}

function positiveInt(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The list's state read from the URL, where it has the API's names (`?search=asha&page=2`). */
function stateFromUrl(params: URLSearchParams, names: readonly string[]): TableState {
  const order = params.get('sort_order');
  return {
    currentPage: positiveInt(params.get('page')),
    sorters: [
      {
        field: params.get('sort_by') || DEFAULT_SORT.field,
        order: order === 'asc' || order === 'desc' ? order : DEFAULT_SORT.order,
      },
    ],
    filters: names.map((field) => ({ field, operator: 'eq', value: params.get(field) ?? '' })),
  };
}

/**
 * The URL of `state`: the other parameters of the page (such as `?tab=`) kept, the defaults (page 1,
 * created_at descending, a filter unset or 'all') left out, so each list state has one URL.
 */
function urlOf(params: URLSearchParams, names: readonly string[], state: TableState): string {
  const next = new URLSearchParams(params);
  for (const field of names) {
    const value: unknown = getDefaultFilter(field, state.filters, 'eq');
    if (isEmptyFilterValue(value)) next.delete(field);
    else next.set(field, String(value));
  }
  const sort = state.sorters[0];
  if (!sort || (sort.field === DEFAULT_SORT.field && sort.order === DEFAULT_SORT.order)) {
    next.delete('sort_by');
    next.delete('sort_order');
  } else {
    next.set('sort_by', sort.field);
    next.set('sort_order', sort.order);
  }
  if (state.currentPage > 1) next.set('page', String(state.currentPage));
  else next.delete('page');
  return next.toString();
}

/**
 * Refine's useTable (@refinedev/antd) for an admin list: server-side pages of 20, sort and `eq`
 * filters, which the data provider sends as the API's page/limit/sort_by/sort_order/<field>.
 *
 * The state lives in the URL with the API's own names rather than Refine's syncWithLocation
 * encoding (`filters[0][field]=...`, decision 240): a reload or a shared link shows the same list,
 * `?report_id=7` from a report pre-fills the chats filter, and Back undoes a filter change.
 *
 * Rules the screens share: changing a filter or the sort goes back to page 1; a sortable column's
 * header never clears the sort (descend, ascend, descend…), so the current column flips and a new
 * one starts descending.
 */
export function useAdminTable<T extends BaseRecord, F extends string>(options: AdminTableOptions<F>) {
  const { resource, filters: names, inUrl = true } = options;
  const [params, setParams] = useSearchParams();
  const initial = useMemo(
    () => stateFromUrl(inUrl ? params : new URLSearchParams(), names),
    // The table owns its state after the first render; the effect below feeds it URL changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const table = useTable<T, HttpError>({
    resource,
    syncWithLocation: false,
    pagination: { currentPage: initial.currentPage, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { initial: initial.sorters },
    filters: { initial: initial.filters, defaultBehavior: 'merge' },
    errorNotification: false,
    // The previous page stays on screen (with the spinner) until the next one arrives.
    queryOptions: { placeholderData: (previous) => previous },
  });
  const { currentPage, sorters, filters, setCurrentPage, setSorters, setFilters, tableQuery } = table;

  // Two-way link with the URL. A change of the table's state is pushed to the URL (so Back undoes
  // it); a URL changed from outside (Back, a link to this screen) is fed to the table.
  const search = params.toString();
  const wanted = urlOf(params, names, { currentPage, sorters, filters });
  const synced = useRef(search);
  const mounted = useRef(false);
  useEffect(() => {
    if (!inUrl) return;
    if (search !== synced.current) {
      synced.current = search;
      const next = stateFromUrl(params, names);
      setCurrentPage(next.currentPage);
      setSorters(next.sorters);
      setFilters(next.filters, 'replace');
      return;
    }
    if (wanted !== search) {
      synced.current = wanted;
      // The first write only tidies the URL the screen was opened with (`?page=1`): no new entry.
      setParams(new URLSearchParams(wanted), { replace: !mounted.current });
    }
    mounted.current = true;
  }, [inUrl, search, wanted, params, names, setParams, setCurrentPage, setSorters, setFilters]);

  const total = table.result.total ?? 0;
  const raw = (tableQuery.data as { raw?: Record<string, unknown> } | undefined)?.raw;
  const pageCount = Math.max(1, table.pageCount);
  const sort = sorters[0] ?? DEFAULT_SORT;

  const pagination: TablePaginationConfig = {
    ...(table.tableProps.pagination || {}),
    total,
    showSizeChanger: false,
    // At most five page numbers (SPEC), with Previous and Next spelled out.
    showLessItems: true,
    showTotal: () => (
      <span data-testid="page-indicator">
        Showing page {Math.min(currentPage, pageCount)} of {pageCount}
      </span>
    ),
    itemRender: (_page, type, element) =>
      type === 'prev' || type === 'next' ? (
        <button type="button" className="ant-pagination-item-link" tabIndex={-1}>
          {type === 'prev' ? 'Previous' : 'Next'}
        </button>
      ) : (
        element
      ),
  };

  const tableProps: TableProps<T> = {
    ...table.tableProps,
    rowKey: 'id',
    // Wide tables scroll sideways inside the page. Not Refine's `scroll: { x: true }`: with it antd
    // draws a hidden measuring row holding a copy of each column title, the select-all checkbox
    // too, which axe rightly reports (a focusable control inside aria-hidden).
    scroll: undefined,
    style: { overflowX: 'auto' },
    // Refine shows the spinner on the first load only; a new page, sort or filter shows it too.
    loading: tableQuery.isFetching,
    pagination,
    onChange: (page, tableFilters, sorter, extra) => {
      table.tableProps.onChange?.(page, tableFilters, sorter, extra);
      // A new sort starts from the first page (antd keeps the page on a header click).
      if (extra.action === 'sort') setCurrentPage(1);
    },
  };

  /** The value of one filter ('' when unset). */
  const filterValue = (name: F): string => {
    const value: unknown = getDefaultFilter(name, filters, 'eq');
    return isEmptyFilterValue(value) ? '' : String(value);
  };

  return {
    ...table,
    tableProps,
    total,
    /** The API estimated the total (past its counting threshold, decision 050): show it as "about". */
    totalIsEstimate: raw?.total_is_estimate === true,
    sort,
    filterValue,
    /** New filter values (null or '' unsets one); the list goes back to page 1. */
    setFilterValues: (changes: Partial<Record<F, string | null>>) => {
      setFilters(
        Object.entries(changes).map(([field, value]) => ({ field, operator: 'eq', value: value ?? '' })),
      );
      setCurrentPage(1);
    },
    /** Sort column and order chosen separately (the reports and chats filter bars); back to page 1. */
    setSort: (field: string, order: SortOrder) => {
      setSorters([{ field, order }]);
      setCurrentPage(1);
    },
    /** The props that make a column sortable by its header, showing the current direction. */
    sortableColumn: (field: string) => ({
      sorter: true,
      sortOrder: sort.field === field ? (`${sort.order}end` as 'ascend' | 'descend') : null,
      sortDirections: ['descend', 'ascend', 'descend'] as ('descend' | 'ascend')[],
    }),
  };
}

/** What useAdminTable gives a screen (the filter controls take it whole). */
export type AdminTable<T extends BaseRecord, F extends string = string> = ReturnType<
  typeof useAdminTable<T, F>
>;
