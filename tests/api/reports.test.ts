import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@reportsaathi/contracts';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';
import { retryFileDeletions } from '../../api/src/storage/file-deletions';
import {
  SAMPLES,
  samplePdf,
  samplePng,
  sampleText,
  XRAY_TEXT,
} from '@reportsaathi/analysis/test-support/samples';

let t: TestApp;
let alice: Client;
let bob: Client;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  await registerAndLogin(alice);
  await registerAndLogin(bob);
});
afterAll(async () => {
  await t?.close();
});

/** Synthetic reports the tests print themselves (no files beside the repository). */
const fixture = async (name: string): Promise<Buffer> =>
  ({
    'thyroid.txt': () => sampleText('thyroid'),
    'sugar.txt': () => sampleText('sugar'),
    'vitamins.txt': () => sampleText('vitamins'),
    'kidney.txt': () => sampleText('kidney'),
    'xray.txt': () => Buffer.from(XRAY_TEXT),
    'blood-count.pdf': () => samplePdf('bloodCount'),
    'thyroid.png': () => samplePng('thyroid'),
  })[name]!();

async function upload(c: Client, name: string, bytes: Buffer | string, type?: string) {
  return c.request('POST', '/reports/upload', fileForm(name, bytes, type));
}

describe('upload and analysis', () => {
  it('analyses a TXT lab report through the queue and stores every value', async () => {
    const res = await upload(alice, 'thyroid.txt', await fixture('thyroid.txt'), 'text/plain');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), report_id: res.body.id, status: 'pending' });

    const done = await waitForReport(alice, `/reports/${res.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.analysis_completed).toBe(true);
    expect(done.body.report_type).toBe('blood_test');
    expect(done.body.summary).toEqual(expect.any(String));
    expect(done.body.key_findings.length).toBeGreaterThan(0);
    expect(done.body.confidence_score).toBeGreaterThan(0);
    expect(done.body.confidence_score).toBeLessThanOrEqual(1);
    expect(done.body.cache_hit).toBe(false);
    expect(done.body.processing_time_seconds).toEqual(expect.any(Number));
    expect(done.body.processing_started_at).not.toBeNull();

    const truth = SAMPLES.thyroid.truth;
    const stored = await t.db
      .selectFrom('report_values')
      .selectAll()
      .where('report_id', '=', res.body.id)
      .execute();
    expect(stored.length).toBe(truth.tests.length);
    expect(done.body.values).toHaveLength(truth.tests.length);
    expect(stored.map((v) => v.canonical_id).sort()).toEqual(truth.tests.map((x) => x.canonical).sort());
  });

  it('reuses the analysis of the same bytes (content hash) and says cache hit', async () => {
    const bytes = await fixture('sugar.txt');
    const first = await upload(alice, 'a.txt', bytes, 'text/plain');
    await waitForReport(alice, `/reports/${first.body.id}`);
    const second = await upload(bob, 'same-bytes.txt', bytes, 'text/plain');
    const done = await waitForReport(bob, `/reports/${second.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.cache_hit).toBe(true);
    expect(done.body.original_filename).toBe('same-bytes.txt');
    const a = await alice.get(`/reports/${first.body.id}`);
    expect(done.body.values).toEqual(a.body.values);
  });

  it('analyses a text PDF', async () => {
    const res = await upload(alice, 'blood-count.pdf', await fixture('blood-count.pdf'), 'application/pdf');
    expect(res.status).toBe(201);
    const done = await waitForReport(alice, `/reports/${res.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.values.length).toBeGreaterThan(5);
  });

  it('fails a report with a human reason when the document cannot be read', async () => {
    // A real PDF header but a broken body: accepted at upload (the bytes say PDF), failed by the engine.
    const res = await upload(alice, 'broken.pdf', '%PDF-1.7\n' + 'garbage '.repeat(200), 'application/pdf');
    expect(res.status).toBe(201);
    const done = await waitForReport(alice, `/reports/${res.body.id}`, 90_000);
    expect(done.body.status).toBe('failed');
    expect(done.body.error_message).toEqual(expect.any(String));
    expect(done.body.error_message).not.toMatch(/at .*\.ts|Error:/);
  });
});

describe('upload validation (the validation messages)', () => {
  it('refuses a missing file', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const res = await alice.request('POST', '/reports/upload', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: UPLOAD_MESSAGES.noFile });
  });

  it('refuses an empty file', async () => {
    const res = await upload(alice, 'empty.txt', '', 'text/plain');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: UPLOAD_MESSAGES.tooSmall });
  });

  it('refuses a disallowed extension and a file whose bytes are not what its name says', async () => {
    expect((await upload(alice, 'virus.exe', 'MZ....')).body).toEqual({ detail: UPLOAD_MESSAGES.badType });
    const renamed = await upload(alice, 'photo.pdf', await fixture('thyroid.png'), 'application/pdf');
    expect(renamed.status).toBe(415);
    expect(renamed.body).toEqual({ detail: UPLOAD_MESSAGES.badType });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const res = await upload(alice, 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'text/plain');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: UPLOAD_MESSAGES.tooLarge });
  });

  it('refuses two files', async () => {
    const form = fileForm('a.txt', 'Hemoglobin 13 g/dL', 'text/plain');
    form.append('file', new Blob(['x']), 'b.txt');
    const res = await alice.request('POST', '/reports/upload', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: UPLOAD_MESSAGES.tooMany });
  });

  it('needs a signed-in user', async () => {
    const res = await new Client(t.baseUrl).request('POST', '/reports/upload', fileForm('a.txt', 'x'));
    expect(res.status).toBe(401);
  });
});

describe('ownership', () => {
  it("never shows one user's report to another: 404 'Report not found' everywhere", async () => {
    const mine = await upload(alice, 'private.txt', await fixture('xray.txt'), 'text/plain');
    const id = mine.body.id;
    for (const res of [
      await bob.get(`/reports/${id}`),
      await bob.post(`/reports/${id}/analyze`),
      await bob.delete(`/reports/${id}`),
      await bob.get(`/chats/report/${id}`),
      await bob.post('/chats/', { report_id: id, message: 'hello' }),
      await bob.post('/feedback/', { report_id: id, rating: 'helpful' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Report not found' });
    }
    const list = await bob.get('/reports');
    expect(list.body.reports.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it("answers a non-numeric or unknown id with 'Report not found'", async () => {
    for (const p of ['/reports/abc', '/reports/0', '/reports/99999999', '/reports/1.5']) {
      const res = await alice.get(p);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Report not found' });
    }
  });
});

describe('list, re-analyse and delete', () => {
  it('lists newest first and deletes with the file, chats, feedback and values', async () => {
    const c = new Client(t.baseUrl);
    const { user } = await registerAndLogin(c);
    const a = await upload(c, 'first.txt', await fixture('vitamins.txt'), 'text/plain');
    const b = await upload(c, 'second.txt', await fixture('kidney.txt'), 'text/plain');
    const list = await c.get('/reports');
    expect(list.body.total).toBe(2);
    expect(list.body.reports.map((r: { id: number }) => r.id)).toEqual([b.body.id, a.body.id]);

    const done = await waitForReport(c, `/reports/${a.body.id}`);
    expect(done.body.status).toBe('completed');
    const values = () =>
      t.db.selectFrom('report_values').select('id').where('report_id', '=', a.body.id).execute();
    expect((await values()).length).toBeGreaterThan(0);
    const chat = await c.post('/chats/', { report_id: a.body.id, message: 'What does this mean?' });
    expect(chat.status).toBe(201);
    const fb = await c.post('/feedback/', { report_id: a.body.id, chat_id: chat.body.id, rating: 'helpful' });
    expect(fb.status).toBe(201);
    const row = await t.db
      .selectFrom('reports')
      .select('storage_key')
      .where('id', '=', a.body.id)
      .executeTakeFirstOrThrow();
    expect((await t.deps.storage.get(row.storage_key!)).length).toBeGreaterThan(0);

    const del = await c.delete(`/reports/${a.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Report deleted successfully');
    expect((await c.get(`/reports/${a.body.id}`)).status).toBe(404);
    expect(await values()).toHaveLength(0);
    const left = (table: 'chats' | 'feedback') =>
      t.db.selectFrom(table).select('id').where('report_id', '=', a.body.id).execute();
    expect(await left('chats')).toHaveLength(0);
    expect(await left('feedback')).toHaveLength(0);
    await expect(t.deps.storage.get(row.storage_key!)).rejects.toThrow();
    expect(await t.db.selectFrom('file_deletions').selectAll().execute()).toHaveLength(0);
    // The other report of the same user is untouched.
    expect((await c.get(`/reports/${b.body.id}`)).status).toBe(200);
    expect(user.id).toBeGreaterThan(0);
  });

  it('a file that cannot be deleted is recorded, logged and removed by the clean-up retry', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const up = await upload(c, 'keep.txt', await fixture('vitamins.txt'), 'text/plain');
    await waitForReport(c, `/reports/${up.body.id}`);
    const { storage_key } = await t.db
      .selectFrom('reports')
      .select('storage_key')
      .where('id', '=', up.body.id)
      .executeTakeFirstOrThrow();
    const realDelete = t.deps.storage.delete.bind(t.deps.storage);
    t.deps.storage.delete = () => Promise.reject(new Error('storage is down'));
    try {
      expect((await c.delete(`/reports/${up.body.id}`)).status).toBe(200);
    } finally {
      t.deps.storage.delete = realDelete;
    }
    const pending = await t.db.selectFrom('file_deletions').selectAll().execute();
    expect(pending).toMatchObject([{ storage_key, attempts: 1, last_error: 'storage is down' }]);
    expect((await t.deps.storage.get(storage_key!)).length).toBeGreaterThan(0);

    expect(await retryFileDeletions(t.deps)).toEqual({ deleted: 1, left: 0 });
    await expect(t.deps.storage.get(storage_key!)).rejects.toThrow();
    expect(await t.db.selectFrom('file_deletions').selectAll().execute()).toHaveLength(0);
  });

  it('re-analysing a failed report queues it again (202) and the job completes it', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const up = await upload(c, 'again.txt', await fixture('kidney.txt'), 'text/plain');
    expect((await waitForReport(c, `/reports/${up.body.id}`)).body.status).toBe('completed');
    // As if the first run had failed: the report is failed and holds no analysis.
    await t.db.deleteFrom('report_values').where('report_id', '=', up.body.id).execute();
    await t.db
      .updateTable('reports')
      .set({ status: 'failed', error_message: 'worker crashed', summary: null })
      .where('id', '=', up.body.id)
      .execute();
    const again = await c.post(`/reports/${up.body.id}/analyze`);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ id: up.body.id, status: 'pending' });
    const done = await waitForReport(c, `/reports/${up.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.summary).toEqual(expect.any(String));
    const values = await t.db
      .selectFrom('report_values')
      .select('id')
      .where('report_id', '=', up.body.id)
      .execute();
    expect(values.length).toBeGreaterThan(0);
    // A completed report is left alone: 200, nothing queued.
    const once = await c.post(`/reports/${up.body.id}/analyze`);
    expect(once.status).toBe(200);
    expect(once.body.status).toBe('completed');
  });
});

describe('chat and feedback', () => {
  it('answers a question grounded in the report, keeps history, and takes feedback', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const up = await upload(c, 'cbc.txt', await fixture('thyroid.txt'), 'text/plain');
    await waitForReport(c, `/reports/${up.body.id}`);

    const blank = await c.post('/chats/', { report_id: up.body.id, message: '   \n ' });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('Message is required');

    const asked = await c.post('/chats/', { report_id: up.body.id, message: 'Which values are high?' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      report_id: up.body.id,
      sender: 'user',
      message: 'Which values are high?',
    });
    expect(asked.body.response).toEqual(expect.any(String));
    expect(asked.body.response.length).toBeGreaterThan(10);

    const history = await c.get(`/chats/report/${up.body.id}`);
    expect(history.body.chats).toHaveLength(1);
    expect(history.body.chats[0].id).toBe(asked.body.id);

    const fb = await c.post('/feedback/', {
      report_id: up.body.id,
      chat_id: asked.body.id,
      rating: 'helpful',
    });
    expect(fb.status).toBe(201);
    const chat = await t.db
      .selectFrom('chats')
      .select('user_feedback')
      .where('id', '=', asked.body.id)
      .executeTakeFirstOrThrow();
    expect(chat.user_feedback).toBe('helpful');
    const bad = await c.post('/feedback/', { report_id: up.body.id, rating: 'great' });
    expect(bad.status).toBe(400);
  });
});
