import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiError, createApiClient, MESSAGES, needsSecondFactor } from '@reportsaathi/contracts';
import { createTestApp, type TestApp } from './harness';

// The typed client both apps use, against the real API.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('turns error bodies into ApiError with detail and per-field errors', async () => {
  const anon = createApiClient({ baseUrl: t.baseUrl });
  const err = await anon.auth
    .register({ body: { email: 'not-an-email', password: 'secret123', full_name: 'Asha' } })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({
    status: 400,
    detail: MESSAGES.emailInvalid,
    errors: { email: MESSAGES.emailInvalid },
  });
});

it('logs in, calls with the bearer token, and reports an ended session through onUnauthorized', async () => {
  const anon = createApiClient({ baseUrl: t.baseUrl });
  await anon.auth.register({
    body: { email: 'client@example.com', password: 'secret123', full_name: 'Client User' },
  });
  const wrong = await anon.auth
    .login({ body: { email: 'client@example.com', password: 'nope-nope' } })
    .catch((e: unknown) => e);
  expect(wrong).toMatchObject({ status: 401, detail: 'Incorrect email or password' });

  const step = await anon.auth.login({ body: { email: 'client@example.com', password: 'secret123' } });
  if (needsSecondFactor(step)) throw new Error('no second factor was set up');
  const { token } = step;
  let ended = 0;
  const api = createApiClient({ baseUrl: t.baseUrl, token, onUnauthorized: () => void ended++ });
  expect((await api.reports.list()).total).toBe(0);
  expect((await api.user.updatePreferences({ body: { language: 'hi' } })).preferences.language).toBe('hi');
  await api.auth.logout();
  await expect(api.reports.list()).rejects.toMatchObject({ status: 401 });
  expect(ended).toBe(1);
});

it('reports a server that does not answer as a network error (status 0)', async () => {
  const api = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1', timeoutMs: 2000 });
  await expect(api.reports.list()).rejects.toMatchObject({ status: 0 });
});
