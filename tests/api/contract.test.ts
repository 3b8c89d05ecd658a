import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES, contract, createApiClient, endpoint } from '@reportsaathi/contracts';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { errorHandler, notFoundHandler } from '../../api/src/http/errors';
import { defineRoute, mountRoutes } from '../../api/src/http/route-table';
import { ROUTES } from '../../api/src/routes';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * The endpoint table (contracts/src/contract.ts): a route implementing an entry takes its method,
 * path, access and schemas from it, the typed client calls it through the same entry, and an
 * answer the response schema does not allow fails (here, as in every test run: outside production
 * the route table checks each answer of a contract route).
 */
const probeEntry = endpoint(
  { method: 'get', path: '/probe/contract', access: { kind: 'public' } },
  { response: z.object({ ok: z.boolean(), count: z.number().int() }) },
);

// The handler's answer is checked at compile time too: a wrong shape does not type-check.
// @ts-expect-error 'ok' must be a boolean and 'count' is missing
defineRoute(probeEntry, () => ({ ok: 'yes' }));

let t: TestApp;
let probe: http.Server;
let base = '';

beforeAll(async () => {
  t = await createTestApp();
  const app = express();
  app.use(express.json());
  app.use(
    mountRoutes(t.deps, [
      // A handler answering a shape its contract does not allow (forced past the compiler).
      defineRoute(probeEntry, (() => ({ ok: 'yes' })) as never),
      defineRoute({ ...probeEntry, path: '/probe/contract/right' }, ({ actor }) => ({
        ok: actor.kind === 'anonymous',
        count: 2,
      })),
    ]),
  );
  app.use(notFoundHandler);
  app.use(errorHandler(t.deps.logger));
  probe = http.createServer(app);
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
});

afterAll(async () => {
  probe?.closeAllConnections();
  await new Promise<void>((resolve) => (probe ? probe.close(() => resolve()) : resolve()));
  await t?.close();
});

describe('contract routes', () => {
  it('fails an answer whose shape the contract does not allow, naming the field', async () => {
    const res = await new Client(base).get('/probe/contract');
    expect(res.status).toBe(500);
    expect(res.body.detail).toMatch(
      /^Route get \/probe\/contract answered a shape its contract does not allow: /,
    );
    expect(res.body.detail).toMatch(/ok: /);
    expect(res.body.detail).toMatch(/count: /);
  });

  it('passes an answer the contract allows', async () => {
    const res = await new Client(base).get('/probe/contract/right');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, count: 2 });
  });

  it('mounts each table entry once in the API, at the address the client calls', () => {
    const entries = Object.values(contract).flatMap((group) => Object.values(group));
    for (const e of entries) {
      const mounted = ROUTES.filter((r) => r.method === e.method && r.path === e.path);
      expect(mounted, `${e.method} ${e.path}`).toHaveLength(1);
      expect(mounted[0].access).toEqual(e.access);
      expect(mounted[0].response).toBe(e.response);
    }
    expect(contract.feedback.create).toMatchObject(ADDRESSES.feedback.create);
  });

  it('feedback through the typed client: the answer matches its schema', async () => {
    const c = new Client(t.baseUrl);
    const { token } = await registerAndLogin(c);
    const up = await c.request(
      'POST',
      '/reports/upload',
      fileForm('t.txt', sampleText('thyroid'), 'text/plain'),
    );
    expect(up.status).toBe(201);
    const api = createApiClient({ baseUrl: t.baseUrl, token });
    const answer = await api.feedback.create({
      body: { report_id: up.body.id, rating: 'helpful', comment: 'clear' },
    });
    expect(contract.feedback.create.response.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ rating: 'helpful', message: 'Thank you for your feedback' });
    const refused = await api.feedback
      .create({ body: { report_id: 99_999_999, rating: 'helpful' } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 404 });
  });
});
