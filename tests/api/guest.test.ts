import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { GUEST_MESSAGES } from '@reportsaathi/contracts';
import { deleteExpiredGuestData } from '../../api/src/features/guest/guest.service';
import { Client, createTestApp, fileForm, waitForReport, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const txt = async () => sampleText('thyroid');

async function newSession(c: Client) {
  const res = await c.post('/guest/session');
  expect(res.status).toBe(201);
  return res.body.session_id as string;
}

describe('guest analyzer', () => {
  it('creates a session that expires in 48 hours and reads it back', async () => {
    const c = new Client(t.baseUrl);
    const sid = await newSession(c);
    const s = await c.get(`/guest/session/${sid}`);
    expect(s.status).toBe(200);
    const hours = (new Date(s.body.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const limits = await c.get(`/guest/session/${sid}/rate-limits`);
    expect(limits.body).toEqual({
      can_upload: true,
      can_analyze: true,
      uploads_remaining: 3,
      analyses_remaining: 3,
      uploads_limit: 3,
      analyses_limit: 3,
      // The next midnight in India, when the day's allowance starts again.
      resets_at: expect.stringMatching(/T18:30:00\.000Z$/),
    });
  });

  it('uploads, analyses at once and returns the results; other sessions cannot read them', async () => {
    const c = new Client(t.baseUrl);
    const sid = await newSession(c);
    const up = await c.request(
      'POST',
      `/guest/session/${sid}/upload`,
      fileForm('lab.txt', await txt(), 'text/plain'),
    );
    expect(up.status).toBe(201);
    expect(up.body.message).toBe(GUEST_MESSAGES.uploaded);
    const done = await waitForReport(c, `/guest/session/${sid}/reports/${up.body.report_id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.summary).toEqual(expect.any(String));
    expect(done.body.report_type).toBe('blood_test');
    expect(done.body.values.length).toBeGreaterThan(0);
    const counted = () =>
      t.db
        .selectFrom('guest_usage')
        .select('id')
        .where('guest_session_id', '=', sid)
        .where('kind', '=', 'analysis')
        .execute();
    expect(await counted()).toHaveLength(1);
    const analyze = await c.post(`/guest/session/${sid}/reports/${up.body.report_id}/analyze`);
    expect(analyze.status).toBe(200); // already completed: no second analysis counted
    expect(await counted()).toHaveLength(1);
    const limits = await c.get(`/guest/session/${sid}/rate-limits`);
    expect(limits.body).toMatchObject({ uploads_remaining: 2, analyses_remaining: 2 });
    const list = await c.get(`/guest/session/${sid}/reports`);
    expect(list.body.reports).toHaveLength(1);
    expect(list.body.reports[0]).toMatchObject({
      status: 'completed',
      summary: done.body.summary,
      report_type: 'blood_test',
    });
    expect(list.body.reports[0].values).toEqual(done.body.values);

    const other = await newSession(new Client(t.baseUrl));
    const peek = await c.get(`/guest/session/${other}/reports/${up.body.report_id}`);
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual({ detail: 'Report not found' });
  });

  it('allows 3 uploads a day; the 4th is refused, and a new session from the same IP does not reset it', async () => {
    await t.db.deleteFrom('guest_usage').execute();
    const c = new Client(t.baseUrl);
    const sid = await newSession(c);
    for (let i = 0; i < 3; i++) {
      const res = await c.request(
        'POST',
        `/guest/session/${sid}/upload`,
        fileForm(`r${i}.txt`, `Haemoglobin ${12 + i} g/dL 13.0 - 17.0`, 'text/plain'),
      );
      expect(res.status).toBe(201);
    }
    const fourth = await c.request(
      'POST',
      `/guest/session/${sid}/upload`,
      fileForm('r4.txt', 'Haemoglobin 11 g/dL', 'text/plain'),
    );
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ detail: GUEST_MESSAGES.uploadLimit(0) });
    const limits = await c.get(`/guest/session/${sid}/rate-limits`);
    expect(limits.body).toMatchObject({
      can_upload: false,
      uploads_remaining: 0,
      can_analyze: false,
      analyses_remaining: 0,
    });

    const fresh = await newSession(c);
    const again = await c.request(
      'POST',
      `/guest/session/${fresh}/upload`,
      fileForm('r5.txt', 'Haemoglobin 11 g/dL', 'text/plain'),
    );
    expect(again.status).toBe(429);
  });

  it('refuses unknown and expired sessions', async () => {
    const c = new Client(t.baseUrl);
    expect((await c.get('/guest/session/not-a-session')).status).toBe(404);
    const sid = await newSession(c);
    await t.db
      .updateTable('guest_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sid)
      .execute();
    const res = await c.get(`/guest/session/${sid}/rate-limits`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: GUEST_MESSAGES.sessionExpired });
  });

  it('the clean-up deletes guest reports and their files 48 hours after upload', async () => {
    await t.db.deleteFrom('guest_usage').execute();
    const c = new Client(t.baseUrl);
    const sid = await newSession(c);
    const up = await c.request(
      'POST',
      `/guest/session/${sid}/upload`,
      fileForm('old.txt', await txt(), 'text/plain'),
    );
    await waitForReport(c, `/guest/session/${sid}/reports/${up.body.report_id}`);
    const before = await t.db
      .selectFrom('reports')
      .select(['storage_key'])
      .where('id', '=', up.body.report_id)
      .executeTakeFirstOrThrow();
    expect(await t.deps.storage.get(before.storage_key!)).toBeInstanceOf(Buffer);

    expect((await deleteExpiredGuestData(t.deps)).reports).toBe(0); // too young
    await t.db
      .updateTable('reports')
      .set({ created_at: new Date(Date.now() - 49 * 3_600_000) })
      .where('id', '=', up.body.report_id)
      .execute();
    const removed = await deleteExpiredGuestData(t.deps);
    expect(removed.reports).toBe(1);
    expect(
      await t.db.selectFrom('reports').select('id').where('id', '=', up.body.report_id).executeTakeFirst(),
    ).toBeUndefined();
    await expect(t.deps.storage.get(before.storage_key!)).rejects.toThrow();
  });
});
