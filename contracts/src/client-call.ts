import { pathOf, type Call, type Method, type RequestOptions } from './client-core';
import { userQueryString } from './client-user';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/**
 * A call to an entry of the endpoint table through a client's `request`: the method and path
 * (its parameters filled in) come from the entry's address, the query string leaves out empty
 * values, the body is sent as JSON.
 */
export function callThrough(request: Request): Call {
  return (address, input = {}) =>
    request(pathOf(address.path, input.params) + userQueryString(input.query ?? {}), {
      method: address.method.toUpperCase() as Method,
      json: input.body,
    });
}
