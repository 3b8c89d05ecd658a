import type { CrudFilter, CrudSort, Pagination } from '@refinedev/core';

/** Values a filter leaves out of the query: nothing chosen, or the "all" option of a select. */
export function isEmptyFilterValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === 'all' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Refine's list parameters as this API's query: `page` and `limit`, one `sort_by` + `sort_order`,
 * and each filter as `field=value` (the search box is the field `search`). The API filters by
 * equality on named fields, so only `eq` filters are sent; another operator is a programming error.
 */
export function toListQuery(
  pagination: Pagination | undefined,
  sorters: CrudSort[] | undefined,
  filters: CrudFilter[] | undefined,
): Record<string, string> {
  const query: Record<string, string> = {};
  if (pagination?.mode !== 'off') {
    query.page = String(pagination?.currentPage ?? 1);
    query.limit = String(pagination?.pageSize ?? 20);
  }
  const sort = sorters?.[0];
  if (sort) {
    query.sort_by = sort.field;
    query.sort_order = sort.order;
  }
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error('This API takes no and/or filter groups');
    if (filter.operator !== 'eq') throw new Error(`This API filters by equality only (${filter.field})`);
    if (isEmptyFilterValue(filter.value)) continue;
    query[filter.field] = String(filter.value);
  }
  return query;
}
