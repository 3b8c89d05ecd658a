import { pathOf, type Call, type Download, type Method, type RequestOptions } from './client-core';
import { userQueryString } from './client-user';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;
type Input = { params?: Record<string, string | number>; query?: object; body?: unknown };

/** The request an entry's address and input make: method and path from the address, parameters
 * filled in, a query string without empty values, the body as JSON. */
function addressed(address: { method: string; path: string }, input: Input): [string, RequestOptions] {
  const path = pathOf(address.path, input.params) + userQueryString(input.query ?? {});
  return [path, { method: address.method.toUpperCase() as Method, json: input.body }];
}

/** A call to an entry of the endpoint table through a client's `request`. */
export function callThrough(request: Request): Call {
  return (address, input = {}, options = {}) => {
    const [path, opts] = addressed(address, input);
    return request(path, { ...opts, ...options });
  };
}

/** The same for an entry that may answer a file: the raw Response on success, unread. */
export function downloadThrough(request: Request): Download {
  return (address, input = {}) => {
    const [path, opts] = addressed(address, input);
    return request<Response>(path, { ...opts, raw: true });
  };
}
