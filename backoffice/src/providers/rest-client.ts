import type { HttpError } from '@refinedev/core';
import dataProviderFor, { axiosInstance } from '@refinedev/simple-rest';
import { API_BASE, csrfHeaders, detailOf, sessionEpoch } from './http';

/** Set on each request: the session it was sent under (see sessionEpoch). */
type Tagged = { sessionEpoch?: number };

/**
 * The HTTP client behind Refine's data hooks. A fresh instance (the package's shared one maps
 * errors from `message`, ours carry `detail`): same-origin cookies authenticate, every unsafe
 * method carries the CSRF header, and failures become a Refine HttpError with the server's detail
 * (else the transport message) and the status, so the auth provider's onError sees 401s.
 */
export const httpClient = axiosInstance.create({
  withCredentials: false, // same-origin requests send cookies anyway; never send them cross-site
  timeout: 30_000, // SPEC §7 / §9: 30 s
  headers: { Accept: 'application/json' },
});

httpClient.interceptors.request.use((config) => {
  (config as Tagged).sessionEpoch = sessionEpoch();
  const extra = csrfHeaders(config.method ?? 'get');
  for (const [name, value] of Object.entries(extra)) config.headers.set(name, value);
  return config;
});

httpClient.interceptors.response.use(
  (response) => response,
  (error: { message?: string; config?: Tagged; response?: { status?: number; data?: unknown } }) => {
    const httpError: HttpError = {
      message: detailOf(error.response?.data) ?? error.message ?? 'Request failed',
      statusCode: error.response?.status ?? 0,
      sessionEpoch: error.config?.sessionEpoch,
    };
    return Promise.reject(httpError);
  },
);

/** simple-rest over the client above, rooted at /api/v1. */
export const restProvider = dataProviderFor(API_BASE, httpClient);
