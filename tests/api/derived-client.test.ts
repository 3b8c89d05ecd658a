import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ADDRESSES,
  contract,
  createApiClient,
  type AnswerOf,
  type RequestOptions,
} from '@reportsaathi/contracts';
import { endpointClient } from '@reportsaathi/contracts/client-endpoints';
import { queryString } from '@reportsaathi/contracts/client-core';

/**
 * The client is derived from the endpoint table (decision 248): one function per entry, under the
 * entry's own name, its method and path read from that entry's address and its types from that
 * entry's schemas. Nothing is written per endpoint, so nothing can pair one entry's types with
 * another entry's address; the type half of this file is checked by `tsc -b` (the
 * `@ts-expect-error` lines fail the typecheck if the call they mark ever compiles).
 */
type C = typeof contract;

type Sent = { path: string } & RequestOptions;

/** A client over a transport that records what it was asked to send (no network). */
function recorded() {
  const sent: Sent[] = [];
  const request = <T>(path: string, opts: RequestOptions = {}) => {
    sent.push({ path, ...opts });
    return Promise.resolve({} as T);
  };
  return { sent, client: endpointClient<C>(ADDRESSES, request, queryString) };
}

const groups = (table: object) =>
  Object.entries(table).map(([group, entries]) => [group, Object.keys(entries as object).sort()] as const);

describe('the client derived from the endpoint table', () => {
  it('has one function per entry, under the same group and name as the table', () => {
    const { request, ...client } = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    expect(typeof request).toBe('function');
    expect(groups(client).sort()).toEqual(groups(contract).sort());
    for (const [group, names] of groups(contract))
      for (const name of names) {
        const fn = (client as Record<string, Record<string, { raw: unknown }>>)[group][name];
        expect(typeof fn, `${group}.${name}`).toBe('function');
        expect(typeof fn.raw, `${group}.${name}.raw`).toBe('function');
      }
  });

  it("sends every entry to that entry's own method and path", async () => {
    const { sent, client } = recorded();
    const calls = client as unknown as Record<string, Record<string, (input: object) => Promise<unknown>>>;
    for (const [group, entries] of Object.entries(contract))
      for (const [name, entry] of Object.entries(entries)) {
        const names = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
        const params = Object.fromEntries(names.map((n, i) => [n, `p${i}`]));
        await calls[group][name]({ params });
        const last = sent.at(-1)!;
        const path = names.reduce((p, n, i) => p.replace(`:${n}`, `p${i}`), entry.path);
        expect([last.method, last.path], `${group}.${name}`).toEqual([entry.method.toUpperCase(), path]);
      }
  });

  it('fills path parameters (encoded), leaves empty query values out and sends the body as JSON', async () => {
    const { sent, client } = recorded();
    await client.adminModeration.moderate({
      params: { type: 'chat', id: 7 },
      body: { action: 'approve' },
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/admin/moderation/content/chat/7/moderate',
      json: { action: 'approve' },
      raw: false,
    });
    await client.trends.get({ params: { analyte: 'a/b c' } });
    expect(sent[1].path).toBe('/user/trends/a%2Fb%20c');
    await client.adminUsers.list({ query: { search: '', status: 'active', page: 2 } });
    expect(sent[2].path).toBe('/admin/users/list?status=active&page=2');
  });

  it('carries the per-call options: a file answer unread, a multipart form, an idempotency key', async () => {
    const { sent, client } = recorded();
    await client.fhir.report.raw({ params: { id: 3 } });
    expect(sent[0]).toMatchObject({ path: '/user/export/reports/3/fhir', raw: true });
    const form = new FormData();
    await client.reports.upload({}, { form, idempotencyKey: 'k1' });
    expect(sent[1]).toMatchObject({ method: 'POST', form, headers: { 'Idempotency-Key': 'k1' } });
  });

  it('treats a 401 as an answer only where no session is needed (public, guest) or the entry says so', async () => {
    const { sent, client } = recorded();
    await client.auth.login({ body: { email: 'a@b.in', password: 'x' } });
    await client.guest.session({ params: { sid: 's' } });
    await client.auth.me();
    await client.user.me();
    await client.staffSession.me();
    expect(sent.map((s) => s.anonymous)).toEqual([true, true, true, false, false]);
  });
});

/** Never run: its calls are the type test (`tsc -b` rejects the file if a marked call compiles). */
export function typeTest() {
  const api = createApiClient({ baseUrl: '/api/v1' });
  const request = <T>() => Promise.resolve(undefined as T);

  // The answer is the entry's schema's; the input is its schemas' input.
  expectTypeOf(api.adminUsers.get).returns.resolves.toEqualTypeOf<AnswerOf<C['adminUsers']['get']>>();
  void api.account.requestPasswordReset({ body: { email: 'a@b.in', language: 'hi' } });
  // @ts-expect-error -- a body the entry's schema does not read
  void api.account.requestPasswordReset({ body: { mail: 'a@b.in' } });
  // @ts-expect-error -- the entry has a body and it is missing
  void api.account.requestPasswordReset();
  // @ts-expect-error -- the entry's path has an :id and it is missing
  void api.adminUsers.get();
  // @ts-expect-error -- a path parameter the entry's path does not name
  void api.adminUsers.get({ params: { userId: 1 } });
  // @ts-expect-error -- a body sent to an entry that reads none
  void api.user.me({ body: { language: 'hi' } });
  // @ts-expect-error -- a value the parameter's enum does not hold
  void api.adminModeration.content({ params: { type: 'nope', id: 1 } });
  // @ts-expect-error -- an entry that only answers a file has no JSON answer to read
  void api.fhir.report({ params: { id: 1 } });

  // The example, `call<C['trends']['list']>(ADDRESSES.user.me)`: an entry's types with
  // another entry's address. The client takes each address from the same place in the table.
  endpointClient<{ trends: { list: C['trends']['list'] } }>(
    { trends: { list: ADDRESSES.trends.list } },
    request,
    queryString,
  );
  endpointClient<{ trends: { list: C['trends']['list'] } }>(
    // @ts-expect-error -- trends.list's types paired with user.me's address
    { trends: { list: ADDRESSES.user.me } },
    request,
    queryString,
  );
  // The same swap inside the whole table.
  endpointClient<C>(
    // @ts-expect-error -- one entry's address swapped for another's
    { ...ADDRESSES, trends: { ...ADDRESSES.trends, list: ADDRESSES.user.me } },
    request,
    queryString,
  );
}
