import type { z } from 'zod';
import { pathOf, type Method, type RequestOptions } from './client-core';
import type {
  AnswerOf,
  BodyOf,
  Endpoint,
  EndpointAddress,
  EndpointSchemas,
  fileAnswer,
  QueryOf,
} from './endpoint';

/**
 * The client derived from the endpoint table: one function per entry, under the entry's own name
 * (`client.adminUsers.list` for `contract.adminUsers.list`), its input and answer typed by the
 * entry's schemas and its method and path read from the same entry's address. Nothing here is
 * written per endpoint, so a call cannot pair one entry's types with another entry's address.
 *
 * Types only from the table (contract.ts holds zod); at run time the client walks the addresses
 * (endpoint-addresses.ts, no zod), so it stays small in a browser bundle.
 */

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** A path parameter as a caller gives it: the schema's input, with a number allowed for a string (ids). */
type ParamsIn<P> = {
  [K in keyof P]: P[K] extends string ? (string extends P[K] ? string | number : P[K]) : P[K];
};

type ParamsPart<E extends EndpointSchemas> = E['params'] extends z.ZodType
  ? { params: ParamsIn<z.input<E['params']>> }
  : { params?: undefined };
type QueryPart<E extends EndpointSchemas> = E['query'] extends z.ZodType
  ? { query?: QueryOf<E> }
  : { query?: undefined };
type BodyPart<E extends EndpointSchemas> = E['body'] extends z.ZodType
  ? undefined extends BodyOf<E>
    ? { body?: BodyOf<E> }
    : { body: BodyOf<E> }
  : { body?: undefined };

/** What a call to an entry takes: its path parameters, query and body, as the entry's schemas read them. */
export type InputOf<E extends EndpointSchemas> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

/** How a call is sent beyond its input: a multipart upload (no body schema: the handler reads it), extra headers. */
export interface SendOptions {
  form?: FormData;
  /** e.g. X-Share-Grant. */
  headers?: Record<string, string>;
  /** The same key again within 24 hours answers the first result (uploads, decision 091). */
  idempotencyKey?: string;
}

/** The input argument is optional when the entry requires nothing (no path parameter, no body). */
type Args<E extends EndpointSchemas> =
  Record<never, never> extends InputOf<E>
    ? [input?: InputOf<E>, options?: SendOptions]
    : [input: InputOf<E>, options?: SendOptions];

/** The raw Response on success, unread (files: CSV, ZIP, PDF, FHIR; or a header beside the JSON). */
export interface RawCall<E extends EndpointSchemas> {
  raw(...args: Args<E>): Promise<Response>;
}

/**
 * One entry's function: the answer as JSON, or `.raw(...)` for the Response itself. An entry that
 * only ever answers a file has `.raw` alone, so reading its "JSON" does not compile.
 */
export type EndpointCall<E extends EndpointSchemas> = E['response'] extends typeof fileAnswer
  ? RawCall<E>
  : RawCall<E> & ((...args: Args<E>) => Promise<AnswerOf<E>>);

/** A table of entries, grouped (contract.ts). */
export type EndpointTable = Record<string, Record<string, Endpoint>>;

/** The client of a table: its groups and names, each entry a function typed by that entry. */
export type ClientOf<T extends EndpointTable> = {
  readonly [G in keyof T]: { readonly [K in keyof T[G]]: EndpointCall<T[G][K]> };
};

/** The address part of each entry of a table: the same tree, each entry's method, path and access. */
export type AddressesOf<T extends EndpointTable> = {
  readonly [G in keyof T]: { readonly [K in keyof T[G]]: Pick<T[G][K], 'method' | 'path' | 'access'> };
};

/** Who may answer 401 without the session having ended: anyone calling an endpoint that needs no session. */
function unauthorizedIsAnswer(address: EndpointAddress): boolean {
  return (
    address.access.kind === 'public' ||
    address.access.kind === 'guest' ||
    address.unauthorizedIsAnswer === true
  );
}

type Input = { params?: Record<string, string | number>; query?: object; body?: unknown };

/**
 * The client of `T` over `request`. `addresses` must be the address part of every entry of `T`
 * under the same group and name (checked by the type `AddressesOf<T>`: an entry built from another
 * entry's address has another path literal, so it does not compile).
 */
export function endpointClient<T extends EndpointTable>(
  addresses: AddressesOf<T>,
  request: Request,
  queryString: (query: object) => string,
): ClientOf<T> {
  const send = (address: EndpointAddress, input: Input = {}, options: SendOptions = {}, raw = false) =>
    request(pathOf(address.path, input.params) + queryString(input.query ?? {}), {
      method: address.method.toUpperCase() as Method,
      json: input.body,
      form: options.form,
      headers: options.idempotencyKey
        ? { ...options.headers, 'Idempotency-Key': options.idempotencyKey }
        : options.headers,
      anonymous: unauthorizedIsAnswer(address),
      raw,
    });
  const groups: Record<string, Record<string, unknown>> = {};
  for (const [group, entries] of Object.entries(
    addresses as Record<string, Record<string, EndpointAddress>>,
  )) {
    groups[group] = {};
    for (const [name, address] of Object.entries(entries)) {
      const fn = (input?: Input, options?: SendOptions) => send(address, input, options);
      groups[group][name] = Object.assign(fn, {
        raw: (input?: Input, options?: SendOptions) => send(address, input, options, true),
      });
    }
  }
  return groups as ClientOf<T>;
}
