import { useCallback, useMemo } from 'react';
import { useList, type BaseRecord, type CrudFilter, type HttpError } from '@refinedev/core';
import { useSearchParams } from 'react-router';

/** Page size of every admin list (users, reports, chats, admins, the security logs). */
export const PAGE_SIZE = 20;

export type SortOrder = 'asc' | 'desc';

export interface UrlListOptions<F extends string> {
  resource: string;
  /** The filters of the screen, named as the API names them (also their names in the URL). */
  filters: readonly F[];
  defaultSort?: string;
  defaultOrder?: SortOrder;
  /** Extra query values the screen always sends (not in the URL). */
  permanent?: Record<string, string>;
}

export interface UrlListState<F extends string> {
  page: number;
  sortBy: string;
  sortOrder: SortOrder;
  filters: Record<F, string>;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * A server-side list whose page, sort and filters live in the URL (`?search=asha&status=active&page=2`),
 * so a reload or a shared link shows the same page. The URL uses the API's own names; Refine's
 * useList turns them into the data provider's call.
 *
 * Rules the screens share: changing a filter goes back to page 1; clicking the current sort column
 * toggles its direction; a new column starts descending; the default is created_at descending.
 */
export function useUrlList<T extends BaseRecord, F extends string>(options: UrlListOptions<F>) {
  const {
    resource,
    filters: filterNames,
    defaultSort = 'created_at',
    defaultOrder = 'desc',
    permanent,
  } = options;
  const [params, setParams] = useSearchParams();

  const state: UrlListState<F> = useMemo(() => {
    const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<
      F,
      string
    >;
    const order = params.get('sort_order');
    return {
      page: positiveInt(params.get('page'), 1),
      sortBy: params.get('sort_by') || defaultSort,
      sortOrder: order === 'asc' || order === 'desc' ? order : defaultOrder,
      filters,
    };
  }, [params, filterNames, defaultSort, defaultOrder]);

  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '' || value === 'all') next.delete(key);
            else next.set(key, String(value));
          }
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  /** New filter values; the list goes back to page 1. */
  const setFilters = useCallback(
    (changes: Partial<Record<F, string | null>>) => update({ ...changes, page: null }),
    [update],
  );
  const setPage = useCallback((page: number) => update({ page }), [update]);
  /** Sort by a column: the current column flips direction, a new one starts descending. */
  const sortBy = useCallback(
    (column: string) => {
      const order: SortOrder =
        column === state.sortBy ? (state.sortOrder === 'desc' ? 'asc' : 'desc') : 'desc';
      update({ sort_by: column, sort_order: order, page: null });
    },
    [state.sortBy, state.sortOrder, update],
  );
  /** Sort column and order chosen separately (the reports and chats filter bars). */
  const setSort = useCallback(
    (column: string, order: SortOrder) => update({ sort_by: column, sort_order: order, page: null }),
    [update],
  );

  const crudFilters: CrudFilter[] = useMemo(
    () => [
      ...filterNames.map((name) => ({ field: name, operator: 'eq' as const, value: state.filters[name] })),
      ...Object.entries(permanent ?? {}).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    ],
    [filterNames, state.filters, permanent],
  );

  const { query, result } = useList<T, HttpError>({
    resource,
    pagination: { currentPage: state.page, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: [{ field: state.sortBy, order: state.sortOrder }],
    filters: crudFilters,
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });

  const total = result.total ?? 0;
  const raw = (query.data as { raw?: Record<string, unknown> } | undefined)?.raw;
  const totalPages =
    typeof raw?.total_pages === 'number' ? raw.total_pages : Math.max(1, Math.ceil(total / PAGE_SIZE));

  return {
    state,
    rows: result.data,
    total,
    /** The API estimated the total (past its counting threshold, decision 050): show it as "about". */
    totalIsEstimate: raw?.total_is_estimate === true,
    totalPages,
    raw,
    query,
    setFilters,
    setPage,
    sortBy,
    setSort,
  };
}

/** What useUrlList gives a screen (UrlListTable takes it whole). */
export type UrlList<T extends BaseRecord, F extends string = string> = ReturnType<typeof useUrlList<T, F>>;

/** antd's sortOrder for a column of a table sorted by `state`. */
export function columnSortOrder(
  state: { sortBy: string; sortOrder: SortOrder },
  column: string,
): 'ascend' | 'descend' | null {
  if (state.sortBy !== column) return null;
  return state.sortOrder === 'asc' ? 'ascend' : 'descend';
}

/**
 * The props that make a column sortable by clicking its header (UrlListTable's `sortable` does the
 * sorting): it shows `state`'s direction, and a click never clears the sort (descend, ascend, descend…).
 */
export function sortableColumn(state: { sortBy: string; sortOrder: SortOrder }, column: string) {
  return {
    sorter: true,
    sortOrder: columnSortOrder(state, column),
    sortDirections: ['descend', 'ascend', 'descend'] as ('descend' | 'ascend')[],
  };
}
