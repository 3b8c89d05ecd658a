// @ts-nocheck
// 
import type { BaseRecord, DataProvider, HttpError } from '@refinedev/core';
import { api, API_BASE, ApiError, sessionEpoch } from './http';
import { queryString, toListQuery } from './list-params';
import { resourceApi } from './resources';

/**
 * Refine's one data provider, over the typed contracts client (cookie session, CSRF header, the
 * server's `{"detail"}` as the error message). Each resource's API path and answer shape come from
 * its declaration in resources.tsx; Refine's pagination, sorters and filters become this API's
 * page/limit/sort_by/sort_order/search/filters, and its `{users|reports|chats, total, total_pages}`
 * answers become Refine's `{data, total}`.
 *
 * `meta` from the hooks also carries the page's URL parameters (Refine folds them in), so only the
 * named keys below are read from it: `query` (extra query parameters) and `method`.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call as Refine expects it, tagged with the sign-in it was sent under (see http.ts). */
function toHttpError(error: unknown, epoch: number): HttpError {
  if (error instanceof ApiError) {
    return {
      name: 'ApiError',
      message: error.detail,
      statusCode: error.status,
      errors: error.errors,
      sessionEpoch: epoch,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { name: 'Error', message, statusCode: 0, sessionEpoch: epoch };
}

/** One API call; paths are relative to /api/v1 (a full /api/v1/... path is accepted too). */
export async function apiCall<T>(path: string, method: Method = 'GET', json?: unknown): Promise<T> {
  const relative = path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
  const epoch = sessionEpoch();
  try {
    return await api.request<T>(relative, { method, json });
  } catch (error) {
    throw toHttpError(error, epoch);
  }
}

/**
 * A typed contracts-client call (`api.admin.users.suspend(...)`) for an action beyond CRUD, with
 * its failure in the same shape as the data provider's (so 401s sign out the same way).
 */
export async function adminAction<T>(call: (client: typeof api.admin) => Promise<T>): Promise<T> {
  const epoch = sessionEpoch();
  try {
    return await call(api.admin);
  } catch (error) {
    throw toHttpError(error, epoch);
  }
}

function record(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** A detail answer as one record: `{user, stats}` becomes the user with `stats` beside its fields. */
function unwrapOne(body: unknown, oneKey: string | undefined): BaseRecord {
  const all = record(body);
  const inner = oneKey ? all[oneKey] : undefined;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return all as BaseRecord;
  const rest = Object.fromEntries(Object.entries(all).filter(([key]) => key !== oneKey));
  return { ...rest, ...(inner as Record<string, unknown>) } as BaseRecord;
}

function extraQuery(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const query = meta?.query;
  return query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
}

const idPath = (base: string, id: string | number) => `${base}/${encodeURIComponent(String(id))}`;

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const target = resourceApi(resource);
    const query = { ...toListQuery(pagination, sorters, filters), ...extraQuery(meta) };
    const body = record(await apiCall(`${target.listPath ?? target.path}${queryString(query)}`));
    const rows = body[target.listKey];
    if (!Array.isArray(rows)) throw toHttpError(new Error(`The list answer has no "${target.listKey}"`), 0);
    const total = typeof body.total === 'number' ? body.total : rows.length;
    return { data: rows as never[], total, totalPages: body.total_pages, raw: body };
  },

  getOne: async ({ resource, id, meta }) => {
    const target = resourceApi(resource);
    const body = await apiCall(`${idPath(target.path, id)}${queryString(extraQuery(meta))}`);
    return { data: unwrapOne(body, target.oneKey) as never };
  },

  getMany: async ({ resource, ids, meta }) => {
    const target = resourceApi(resource);
    const rows = await Promise.all(
      ids.map(async (id) =>
        unwrapOne(await apiCall(`${idPath(target.path, id)}${queryString(extraQuery(meta))}`), target.oneKey),
      ),
    );
    return { data: rows as never[] };
  },

  create: async ({ resource, variables }) => {
    const target = resourceApi(resource);
    const body = await apiCall(target.path, 'POST', variables);
    return { data: unwrapOne(body, target.oneKey) as never };
  },

  update: async ({ resource, id, variables, meta }) => {
    const target = resourceApi(resource);
    const method = (meta?.method as Method | undefined) ?? target.updateMethod ?? 'PUT';
    const body = await apiCall(idPath(target.path, id), method, variables);
    return { data: unwrapOne(body, target.oneKey) as never };
  },

  deleteOne: async ({ resource, id, meta }) => {
    const target = resourceApi(resource);
    const body = await apiCall(`${idPath(target.path, id)}${queryString(extraQuery(meta))}`, 'DELETE');
    return { data: record(body) as never };
  },

  /** The resource's bulk call (`{report_ids, permanent}`), all ids in one request. */
  deleteMany: async ({ resource, ids, variables }) => {
    const target = resourceApi(resource);
    if (!target.bulkDelete) throw toHttpError(new Error(`${resource} has no bulk delete`), 0);
    const body = await apiCall(target.bulkDelete.path, 'POST', {
      ...record(variables),
      [target.bulkDelete.idsKey]: ids.map(Number),
    });
    return { data: [record(body)] as never[] };
  },

  /** Actions beyond CRUD (suspend, flag, stats, ...): `url` relative to /api/v1. */
  custom: async ({ url, method, payload, query }) => {
    const body = await apiCall(
      `${url}${queryString(query as Record<string, unknown> | undefined)}`,
      method.toUpperCase() as Method,
      payload,
    );
    return { data: body as never };
  },
};
