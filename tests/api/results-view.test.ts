import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';

/**
 * What the one results view (decision 220) needs beside each value: its body system and a line on
 * what the test measures, in the language the owner reads the site in.
 */
let t: TestApp;
let alice: Client;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  alice = new Client(t.baseUrl);
  await registerAndLogin(alice);
});
afterAll(async () => {
  await t?.close();
});

describe('values for the results view', () => {
  it('carry their body system and what the test measures, in the reader’s language', async () => {
    const res = await alice.request(
      'POST',
      '/reports/upload',
      fileForm('thyroid.txt', sampleText('thyroid'), 'text/plain'),
    );
    expect(res.status).toBe(201);
    // The first analysis of a fresh worker loads the engine: generous on a busy machine.
    const done = await waitForReport(alice, `/reports/${res.body.id}`, 150_000);
    expect(done.body.status).toBe('completed');
    const tsh = done.body.values.find((v: { canonical_id: string }) => v.canonical_id === 'tsh');
    expect(tsh).toMatchObject({ panel: 'thyroid', about: expect.stringMatching(/^TSH /) });

    const pref = await alice.request('PUT', '/user/preferences', { preferences: { language: 'hi' } });
    expect(pref.status).toBe(200);
    const again = await alice.request('GET', `/reports/${res.body.id}`);
    const tshHi = again.body.values.find((v: { canonical_id: string }) => v.canonical_id === 'tsh');
    expect(tshHi.panel).toBe('thyroid');
    expect(tshHi.about).toMatch(/[\u0900-\u097F]/);
    // The report's own explanation is not changed by reading it in another language.
    expect(again.body.summary).toBe(done.body.summary);
  }, 180_000);
});
