import type { DataProvider } from '@refinedev/core';
import { API_BASE } from './http';

/**
 * Refine's data provider: @refinedev/simple-rest rooted at /api/v1, over an axios client that
 * sends the session cookie and the CSRF header (see rest-client.ts). The client (axios,
 * query-string) loads on the first data call, not with the login page that never makes one.
 */
type RestProvider = (typeof import('./rest-client'))['restProvider'];

let provider: Promise<RestProvider> | null = null;
function load(): Promise<RestProvider> {
  provider ??= import('./rest-client').then((m) => m.restProvider);
  return provider;
}

/** A method that waits for the real provider, then calls it with the same arguments. */
function deferred<K extends keyof RestProvider>(method: K): RestProvider[K] {
  const call = async (...args: unknown[]) => {
    const real = await load();
    return (real[method] as (...a: unknown[]) => unknown)(...args);
  };
  return call as unknown as RestProvider[K];
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,
  getList: deferred('getList'),
  getMany: deferred('getMany'),
  getOne: deferred('getOne'),
  create: deferred('create'),
  update: deferred('update'),
  deleteOne: deferred('deleteOne'),
  custom: deferred('custom'),
};
