import type { BaseKey, BaseRecord, DataProvider } from '@refinedev/core';
import { apiCall, toHttpError } from './api-call';
import { API_BASE } from './http';
import { toListQuery } from './list-params';
import { resourceApi, type Fields, type ResourceApi } from './resources';

/**
 * Refine's one data provider, over the typed contracts client (cookie session, CSRF header, the
 * server's `{"detail"}` as the error message). Each resource declares its API as client calls in
 * resources.tsx; Refine's pagination, sorters and filters become this API's
 * page/limit/sort_by/sort_order/search/filters, and its `{users|reports|chats, total, total_pages}`
 * answers become Refine's `{data, total}`. Calls beyond CRUD go through `apiCall` or useApiQuery.
 *
 * `meta.query` from a list hook adds query parameters (Refine also folds the page's URL
 * parameters into `meta`, so only that key is read).
 */

function fields(value: unknown): Fields {
  return value && typeof value === 'object' ? Object.fromEntries(Object.entries(value)) : {};
}

function extraQuery(meta: Fields | undefined): Record<string, string> {
  const query = fields(meta?.query);
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

/**
 * A record as the calling hook names it: Refine lets each hook choose its record type, and the
 * answer is that resource's record (the hook and the resource declaration agree by name).
 */
function asRecord<TData extends BaseRecord>(value: BaseRecord): TData {
  return value as TData;
}

/** A detail answer as one record: `{user, stats}` becomes the user with `stats` beside its fields. */
function unwrapOne(body: unknown, oneKey: string | undefined): BaseRecord {
  const all = fields(body);
  const inner = oneKey ? all[oneKey] : undefined;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return all;
  const rest = Object.fromEntries(Object.entries(all).filter(([key]) => key !== oneKey));
  return { ...rest, ...fields(inner) };
}

/** The numeric id the API takes from Refine's string-or-number key. */
function idOf(id: BaseKey): number {
  const n = Number(id);
  if (!Number.isInteger(n)) throw toHttpError(new Error(`Not a record id: ${String(id)}`), 0);
  return n;
}

/** A resource's operation, or a programming error when the resource does not declare it. */
function operation<K extends keyof ResourceApi>(resource: string, name: K): NonNullable<ResourceApi[K]> {
  const op = resourceApi(resource)[name];
  if (!op) throw toHttpError(new Error(`${resource} has no ${name} call`), 0);
  return op;
}

async function fetchOne<TData extends BaseRecord>(resource: string, id: BaseKey): Promise<TData> {
  const one = operation(resource, 'one');
  const body = await apiCall((client) => one(client, idOf(id)));
  return asRecord<TData>(unwrapOne(body, resourceApi(resource).oneKey));
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async <TData extends BaseRecord>({
    resource,
    pagination,
    sorters,
    filters,
    meta,
  }: Parameters<DataProvider['getList']>[0]) => {
    const target = resourceApi(resource);
    const query = { ...toListQuery(pagination, sorters, filters), ...extraQuery(meta) };
    const body = fields(await apiCall((client) => target.list(client, query)));
    const rows = body[target.listKey];
    if (!Array.isArray(rows)) throw toHttpError(new Error(`The list answer has no "${target.listKey}"`), 0);
    const data = rows.map((row: unknown) => asRecord<TData>(fields(row)));
    const total = typeof body.total === 'number' ? body.total : rows.length;
    return { data, total, totalPages: body.total_pages, raw: body };
  },

  getOne: async <TData extends BaseRecord>({ resource, id }: Parameters<DataProvider['getOne']>[0]) => ({
    data: await fetchOne<TData>(resource, id),
  }),

  getMany: async <TData extends BaseRecord>({ resource, ids }: { resource: string; ids: BaseKey[] }) => ({
    data: await Promise.all(ids.map((id) => fetchOne<TData>(resource, id))),
  }),

  create: async <TData extends BaseRecord>({
    resource,
    variables,
  }: {
    resource: string;
    variables: unknown;
  }) => {
    const create = operation(resource, 'create');
    const body = await apiCall((client) => create(client, fields(variables)));
    return { data: asRecord<TData>(unwrapOne(body, resourceApi(resource).oneKey)) };
  },

  update: async <TData extends BaseRecord>({
    resource,
    id,
    variables,
  }: {
    resource: string;
    id: BaseKey;
    variables: unknown;
  }) => {
    const update = operation(resource, 'update');
    const body = await apiCall((client) => update(client, idOf(id), fields(variables)));
    return { data: asRecord<TData>(unwrapOne(body, resourceApi(resource).oneKey)) };
  },

  deleteOne: async <TData extends BaseRecord>({
    resource,
    id,
    variables,
  }: {
    resource: string;
    id: BaseKey;
    variables?: unknown;
  }) => {
    const remove = operation(resource, 'remove');
    const body = await apiCall((client) => remove(client, idOf(id), fields(variables)));
    return { data: asRecord<TData>(fields(body)) };
  },

  /** The resource's bulk call (`{report_ids, permanent}`), all ids in one request. */
  deleteMany: async <TData extends BaseRecord>({
    resource,
    ids,
    variables,
  }: {
    resource: string;
    ids: BaseKey[];
    variables?: unknown;
  }) => {
    const bulkDelete = operation(resource, 'bulkDelete');
    const body = await apiCall((client) => bulkDelete(client, ids.map(idOf), fields(variables)));
    return { data: [asRecord<TData>(fields(body))] };
  },
};
