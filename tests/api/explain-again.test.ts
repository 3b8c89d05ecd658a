import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';

/**
 * "Explain in हिन्दी / English" (decision 241): a finished analysis worded again in the other
 * language from its stored values, without reading the file; owner only, validated.
 */
let t: TestApp;
let alice: Client;
let bob: Client;
let hindi: Client;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  hindi = new Client(t.baseUrl);
  await registerAndLogin(alice);
  await registerAndLogin(bob);
  await registerAndLogin(hindi);
  await hindi.request('PUT', '/user/preferences', { preferences: { language: 'hi' } });
});
afterAll(async () => {
  await t?.close();
});

async function analysed(c: Client, name: string, bytes: Buffer) {
  const up = await c.request('POST', '/reports/upload', fileForm(name, bytes, 'text/plain'));
  expect(up.status).toBe(201);
  const done = await waitForReport(c, `/reports/${up.body.id}`);
  expect(done.body.status).toBe('completed');
  return done.body;
}

const words = (r: Record<string, unknown>) => ({
  summary: r.summary,
  key_findings: r.key_findings,
  recommendations: r.recommendations,
});

describe('POST /reports/:id/explain', () => {
  it('words an English analysis in Hindi as a fresh Hindi analysis would, without the file', async () => {
    const bytes = sampleText('kidney');
    const freshHindi = await analysed(hindi, 'kidney.txt', bytes);
    expect(freshHindi.language).toBe('hi');
    const english = await analysed(alice, 'kidney.txt', bytes);
    expect(english.language).toBe('en');

    // The file gone from storage: only the stored values can be used.
    const row = await t.db
      .selectFrom('reports')
      .select('storage_key')
      .where('id', '=', english.id)
      .executeTakeFirstOrThrow();
    await t.deps.storage.delete(row.storage_key!);

    const res = await alice.post(`/reports/${english.id}/explain`, { language: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: english.id, status: 'completed', language: 'hi' });

    const after = (await alice.get(`/reports/${english.id}`)).body;
    expect(after.language).toBe('hi');
    expect(words(after)).toEqual(words(freshHindi));
    expect(after.summary).toMatch(/[\u0900-\u097F]/);
    // Values, flags and confidence are the reading's, unchanged.
    expect(after.values).toEqual(english.values);
    expect(after.confidence_score).toBe(english.confidence_score);

    // And back to English: the first wording again.
    const back = await alice.post(`/reports/${english.id}/explain`, { language: 'en' });
    expect(back.status).toBe(200);
    expect(words((await alice.get(`/reports/${english.id}`)).body)).toEqual(words(english));
  });

  it('answers the language it already has without change', async () => {
    const r = await analysed(alice, 'sugar.txt', sampleText('sugar'));
    const res = await alice.post(`/reports/${r.id}/explain`, { language: 'en' });
    expect(res.status).toBe(200);
    expect(words((await alice.get(`/reports/${r.id}`)).body)).toEqual(words(r));
  });

  it('refuses a bad language, another user, and an analysis not finished', async () => {
    const r = await analysed(alice, 'thyroid.txt', sampleText('thyroid'));
    for (const body of [{ language: 'fr' }, {}, { language: 'hi', extra: 1 }]) {
      const bad = await alice.post(`/reports/${r.id}/explain`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toEqual(expect.any(String));
    }
    const other = await bob.post(`/reports/${r.id}/explain`, { language: 'hi' });
    expect(other.status).toBe(404);
    expect(other.body.detail).toEqual(expect.any(String));
    const anon = await new Client(t.baseUrl).post(`/reports/${r.id}/explain`, { language: 'hi' });
    expect(anon.status).toBe(401);

    await t.db.updateTable('reports').set({ status: 'failed' }).where('id', '=', r.id).execute();
    const failed = await alice.post(`/reports/${r.id}/explain`, { language: 'hi' });
    expect(failed.status).toBe(409);
    expect(failed.body.detail).toBe('The analysis is not complete yet');
  });

  it('reads an older analysis (no unread tests stored) again in the language asked for', async () => {
    const r = await analysed(alice, 'vitamins.txt', sampleText('vitamins'));
    await t.db
      .updateTable('reports')
      .set({ analysis_result: sql`analysis_result - 'unread' - 'unread_lines'` })
      .where('id', '=', r.id)
      .execute();
    const res = await alice.post(`/reports/${r.id}/explain`, { language: 'hi' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: r.id, status: 'pending', language: 'hi' });
    const done = await waitForReport(alice, `/reports/${r.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.language).toBe('hi');
    expect(done.body.summary).toMatch(/[\u0900-\u097F]/);
    expect(done.body.values).toHaveLength(r.values.length);
  });
});
