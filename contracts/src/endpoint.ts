import { z } from 'zod';
import type { Permission } from './permissions';

/**
 * One API endpoint as data: its address (method, path, who may call it) and its schemas (input
 * and answer). The API implements an entry with `defineRoute(contract.x, handler)` and the client
 * calls it through the same entry, so the path, the input and the answer's shape are written once.
 *
 * The address lives in `endpoint-addresses.ts`, which imports no zod: the browser client needs the
 * method and path at run time but the schemas only as types, so it stays small in a bundle.
 */
/** Who may call an endpoint. */
export type EndpointAccess =
  | { readonly kind: 'public' }
  /** Public, but the handler requires a live guest session named in the path. */
  | { readonly kind: 'guest' }
  /** A signed-in, active user; user-scoped data is filtered by this user in the query. */
  | { readonly kind: 'user' }
  /** A signed-in, active admin holding every listed permission (none: any admin). */
  | { readonly kind: 'admin'; readonly permissions: readonly Permission[] };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface EndpointAddress {
  readonly method: HttpMethod;
  /** Express path under /api/v1, e.g. '/reports/:id'. */
  readonly path: string;
  readonly access: EndpointAccess;
  /** The success status (default 200). */
  readonly status?: number;
  /** The 404 detail for path parameters that cannot name anything. */
  readonly notFound?: string;
  /**
   * Admin endpoints an admin may still call when two-factor sign-in is required and not yet set
   * up (setting it up, who am I, signing out).
   */
  readonly exemptFromTwoFactorRequirement?: boolean;
  /**
   * A 401 from here is an answer (nobody signed in), not a session that ended: the client does not
   * sign the caller out. Implied for public and guest endpoints, which need no session.
   */
  readonly unauthorizedIsAnswer?: boolean;
}

export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every answer the endpoint may give on success. */
  readonly response: z.ZodType;
}

export type Endpoint<
  A extends EndpointAddress = EndpointAddress,
  S extends EndpointSchemas = EndpointSchemas,
> = A & S;

/**
 * The answer of an endpoint that sends a file or a stream itself (CSV, ZIP, PDF): its handler
 * writes the response and returns nothing, and the client reads the raw response.
 */
export const fileAnswer = z.undefined();

/** An entry of the table: an address with its schemas. */
export function endpoint<const A extends EndpointAddress, const S extends EndpointSchemas>(
  address: A,
  schemas: S,
): Endpoint<A, S> {
  return { ...address, ...schemas };
}

/** A positive integer id as a path parameter ("abc", "0", "-1" cannot name anything). */
export const positiveId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .refine((n) => n > 0);

/** Path parameters that are all positive integer ids: `params: idParams('id')`. */
export function idParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, positiveId]))) as z.ZodObject<
    Record<K, typeof positiveId>
  >;
}

/** What a caller sends as the body (before the API's parsing and defaults). */
export type BodyOf<E extends EndpointSchemas> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** What a caller sends as the query (before the API's parsing and defaults). */
export type QueryOf<E extends EndpointSchemas> = E['query'] extends z.ZodType
  ? Partial<z.input<E['query']>>
  : never;
/** The answer a caller receives (JSON: what the handler returns, as the schema reads it). */
export type AnswerOf<E extends EndpointSchemas> = z.output<E['response']>;
/** What a handler may return: anything the response schema accepts. */
export type HandlerAnswer<E extends EndpointSchemas> = z.input<E['response']>;
