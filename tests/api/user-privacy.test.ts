import { readdir } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@reportsaathi/contracts';
import { applyRetention } from '../../api/src/features/privacy/privacy.service';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

/**
 * Exports (JSON, CSV, ZIP), the data overview, retention and its job, anonymization, and
 * permanent deletion, over HTTP on a real database and real file storage.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
});
afterAll(async () => {
  await t?.close();
});

interface Owned {
  client: Client;
  userId: number;
  email: string;
  password: string;
  reportId: number;
  storageKey: string;
  chatId: number;
  feedbackId: number;
  subscriptionId: number;
  paymentId: number;
  marker: string;
}

/** One of everything a user can own, each carrying a marker text unique to this user. */
async function userWithEverything(tag: string): Promise<Owned> {
  const client = new Client(t.baseUrl);
  const me = await registerAndLogin(client);
  const marker = `marker_${tag}_${me.user.id}`;
  const up = await client.request(
    'POST',
    '/reports/upload',
    fileForm(`${marker}.txt`, `Patient ${marker}\nHaemoglobin 12.1 g/dL 13-17`, 'text/plain'),
  );
  expect(up.status).toBe(201);
  const reportId = up.body.id as number;
  // The real worker analyses it; then the test's own values replace the engine's.
  await waitForReport(client, `/reports/${reportId}`);
  await t.db.deleteFrom('report_values').where('report_id', '=', reportId).execute();
  const report = await t.db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('reports')
    .set({ status: 'completed', summary: `summary ${marker}`, report_type: 'blood_test' })
    .where('id', '=', reportId)
    .execute();
  await t.db
    .insertInto('report_values')
    .values({
      report_id: reportId,
      position: 0,
      canonical_id: 'hemoglobin',
      name: `Haemoglobin ${marker}`,
      value_numeric: 12.1,
      unit: 'g/dL',
      ref_low: 13,
      ref_high: 17,
      ref_text: '13-17',
      flag: 'low',
    })
    .execute();
  const chat = await t.db
    .insertInto('chats')
    .values({
      user_id: me.user.id,
      report_id: reportId,
      message: `chat ${marker}`,
      response: `answer ${marker}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fb = await t.db
    .insertInto('feedback')
    .values({
      user_id: me.user.id,
      report_id: reportId,
      chat_id: chat.id,
      rating: 'helpful',
      comment: `comment ${marker}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const upg = await client.post('/user/subscription/upgrade', { plan: 'plus', gateway: 'sandbox' });
  const verified = await client.post('/payment/verify', {
    gateway: 'sandbox',
    transaction_data: { order_id: upg.body.order.order_id },
  });
  expect(verified.status).toBe(200);
  await client.request('PUT', '/user/preferences', { theme: 'dark', language: 'hi' });
  return {
    client,
    userId: me.user.id,
    email: me.email,
    password: me.password,
    reportId,
    storageKey: report.storage_key!,
    chatId: chat.id,
    feedbackId: fb.id,
    subscriptionId: verified.body.subscription.id,
    paymentId: verified.body.payment.id,
    marker,
  };
}

describe('exports', () => {
  let a: Owned;
  let b: Owned;
  beforeAll(async () => {
    a = await userWithEverything('a');
    b = await userWithEverything('b');
  });

  it("a full JSON export holds everything the user owns and nothing of another user's", async () => {
    const res = await a.client.post('/user/export-data', {});
    expect(res.status).toBe(200);
    expect(res.body.filename).toMatch(/^user_data_export_\d{4}-\d{2}-\d{2}\.json$/);
    const data = res.body.export_data;
    expect(data.profile).toMatchObject({ id: a.userId, email: a.email });
    expect(data.profile.password_hash).toBeUndefined();
    expect(data.preferences).toMatchObject({ theme: 'dark', language: 'hi' });
    expect(data.reports.map((r: { id: number }) => r.id)).toEqual([a.reportId]);
    expect(data.reports[0].summary).toBe(`summary ${a.marker}`);
    expect(data.reports[0].values).toEqual([
      expect.objectContaining({ name: `Haemoglobin ${a.marker}`, value: 12.1 }),
    ]);
    expect(data.chats.map((c: { id: number }) => c.id)).toEqual([a.chatId]);
    expect(data.feedback.map((f: { id: number }) => f.id)).toEqual([a.feedbackId]);
    expect(data.subscriptions.map((s: { id: number }) => s.id)).toContain(a.subscriptionId);
    expect(data.payments.map((p: { id: number }) => p.id)).toEqual([a.paymentId]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(b.marker);
    expect(text).not.toContain(b.email);
  });

  it('honours the flags and the date range', async () => {
    const res = await a.client.post('/user/export-data', {
      include_chats: false,
      include_feedback: false,
      include_analysis: false,
    });
    expect(res.body.export_data.chats).toEqual([]);
    expect(res.body.export_data.feedback).toEqual([]);
    expect(res.body.export_data.reports[0].summary).toBeNull();
    expect(res.body.export_data.reports[0].values).toBeUndefined();
    const old = await a.client.post('/user/export-data', { date_from: '2020-01-01', date_to: '2020-12-31' });
    expect(old.body.export_data.reports).toEqual([]);
    expect(
      (await a.client.post('/user/export-data', { date_from: '2026-02-01', date_to: '2026-01-01' })).status,
    ).toBe(400);
    expect((await a.client.post('/user/export-data', { date_from: '01/02/2026' })).status).toBe(400);
    expect((await a.client.post('/user/export-data', { format: 'xml' })).status).toBe(400);
  });

  it('download: the export itself as a file, written in batches that lose and repeat nothing', async () => {
    // Past one batch of each kind (1,000 reports, 2,000 chats): the keyset seams must hold.
    const u = await userWithEverything('batches');
    await sql`
      INSERT INTO reports (user_id, filename, original_filename, file_type, mime_type, file_size, content_hash,
                           status, report_type, created_at)
      SELECT ${u.userId}, 'k' || g, 'bulk_' || g || '.pdf', 'pdf', 'application/pdf', 1000, 'bulk' || g,
             'completed', 'blood_test', now() - make_interval(days => g % 400)
        FROM generate_series(1, 1200) g
    `.execute(t.db);
    await sql`
      INSERT INTO report_values (report_id, position, canonical_id, name, value_numeric, unit, ref_text, flag)
      SELECT id, 0, 'hemoglobin', 'Hb', 12, 'g/dL', '', 'normal' FROM reports
       WHERE user_id = ${u.userId} AND id <> ${u.reportId}
    `.execute(t.db);
    await sql`
      INSERT INTO chats (user_id, report_id, message, response, created_at)
      SELECT ${u.userId}, ${u.reportId}, 'bulk question ' || g, 'bulk answer ' || g, now() - make_interval(mins => g)
        FROM generate_series(1, 2500) g
    `.execute(t.db);
    const res = await fetch(`${t.baseUrl}/user/export-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.client.bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ download: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; .*user_data_export_\d{4}-\d{2}-\d{2}\.json/,
    );
    const data = (await res.json()) as {
      profile: { id: number };
      reports: Array<{ id: number; values: unknown[] }>;
      chats: Array<{ id: number }>;
    };
    expect(data.profile.id).toBe(u.userId);
    const reportIds = data.reports.map((r) => r.id);
    expect(reportIds).toHaveLength(1201);
    expect(new Set(reportIds).size).toBe(1201);
    expect(reportIds).toEqual([...reportIds].sort((x, y) => x - y));
    expect(data.reports.every((r) => r.values.length === 1)).toBe(true);
    const chatIds = data.chats.map((c) => c.id);
    expect(chatIds).toHaveLength(2501);
    expect(new Set(chatIds).size).toBe(2501);
    // The ZIP's CSV files are streamed in the same batches: every row once.
    const zipped = await fetch(`${t.baseUrl}/user/export-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.client.bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    const zip = await JSZip.loadAsync(await zipped.arrayBuffer());
    const rows = async (name: string) =>
      Papa.parse<Record<string, string>>(await zip.file(name)!.async('string'), {
        header: true,
        skipEmptyLines: true,
      }).data;
    const csvChats = (await rows('chats.csv')).map((c) => Number(c.id));
    expect(new Set(csvChats).size).toBe(2501);
    expect(csvChats).toHaveLength(2501);
    expect(await rows('reports.csv')).toHaveLength(1201);
    expect(await rows('report_values.csv')).toHaveLength(1201);
    // The chat history export too, as JSON (the count written after the rows) and as CSV.
    const chatsJson = await u.client.get('/user/export/chats');
    expect(chatsJson.body.export_data.total).toBe(2501);
    expect(new Set(chatsJson.body.export_data.chats.map((c: { id: number }) => c.id)).size).toBe(2501);
    const chatsCsv = String((await u.client.get('/user/export/chats?format=csv')).body).replace(
      /^\uFEFF/,
      '',
    );
    expect(chatsCsv.startsWith('id,report_id')).toBe(true);
    expect(Papa.parse(chatsCsv, { header: true, skipEmptyLines: true }).data).toHaveLength(2501);
    // The chat search finds the user's own text through the (user, text) index, and only it.
    const found = await u.client.get('/user/chats?search=bulk%20answer%2012&per_page=100');
    expect(found.body.total_count).toBe(111); // 12, 120-129, 1200-1299
    expect((await a.client.get('/user/chats?search=bulk%20answer')).body.total_count).toBe(0);
  });

  it('CSV: a streamed ZIP of CSV files that parse back to the same records', async () => {
    const res = await fetch(`${t.baseUrl}/user/export-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.client.bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/user_data_export_\d{4}-\d{2}-\d{2}\.zip/);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(
      [
        'chats.csv',
        'feedback.csv',
        'payments.csv',
        'profile.csv',
        'report_values.csv',
        'reports.csv',
        'subscriptions.csv',
      ].sort(),
    );
    const parse = async (name: string) =>
      Papa.parse<Record<string, string>>(await zip.file(name)!.async('string'), {
        header: true,
        skipEmptyLines: true,
      }).data;
    expect((await parse('reports.csv')).map((r) => Number(r.id))).toEqual([a.reportId]);
    expect((await parse('report_values.csv'))[0]).toMatchObject({
      name: `Haemoglobin ${a.marker}`,
      value: '12.1',
    });
    expect((await parse('chats.csv'))[0]).toMatchObject({
      id: String(a.chatId),
      message: `chat ${a.marker}`,
    });
    expect((await parse('payments.csv'))[0]).toMatchObject({ id: String(a.paymentId), currency: 'INR' });
    expect((await parse('profile.csv'))[0].email).toBe(a.email);
  });

  it("one report as JSON or CSV; another user's report is 404", async () => {
    const json = await a.client.get(
      `/user/export/reports/${a.reportId}?format=json&include_analysis=true&include_chats=true`,
    );
    expect(json.body.filename).toBe(`report_${a.reportId}_export.json`);
    expect(json.body.export_data.report.values).toHaveLength(1);
    expect(json.body.export_data.chats.map((c: { id: number }) => c.id)).toEqual([a.chatId]);
    const csv = await a.client.get(`/user/export/reports/${a.reportId}?format=csv`);
    expect(csv.headers.get('content-disposition')).toContain(`report_${a.reportId}_export.csv`);
    const rows = Papa.parse<Record<string, string>>(String(csv.body).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r.record_type)).toEqual(['report', 'value', 'chat']);
    expect((await a.client.get(`/user/export/reports/${b.reportId}`)).status).toBe(404);
    expect((await a.client.get(`/user/export/reports/${a.reportId}?format=pdf`)).status).toBe(400);
  });

  it('chats: all, one report, a date range; file names as the panel names them', async () => {
    const all = await a.client.get('/user/export/chats');
    expect(all.body.filename).toMatch(/^chat_history_export_\d{4}-\d{2}-\d{2}\.json$/);
    expect(all.body.export_data.chats.map((c: { id: number }) => c.id)).toEqual([a.chatId]);
    const one = await a.client.get(`/user/export/chats?format=csv&report_id=${a.reportId}`);
    expect(one.headers.get('content-disposition')).toContain(`chats_report_${a.reportId}_export.csv`);
    expect(String(one.body)).toContain(`chat ${a.marker}`);
    expect((await a.client.get(`/user/export/chats?report_id=${b.reportId}`)).status).toBe(404);
    expect((await a.client.get('/user/export/chats?report_id=abc')).status).toBe(400);
    expect(
      (await a.client.get('/user/export/chats?date_from=2020-01-01&date_to=2020-01-02')).body.export_data
        .total,
    ).toBe(0);
  });
});

describe('privacy', () => {
  it('data overview counts and retention settings round trip', async () => {
    const u = await userWithEverything('ov');
    await t.db
      .updateTable('reports')
      .set({ created_at: new Date('2024-01-01T00:00:00Z') })
      .where('id', '=', u.reportId)
      .execute();
    const ov = await u.client.get('/user/privacy/data-overview');
    expect(ov.body.data_summary).toMatchObject({ total_reports: 1, total_chats: 1 });
    expect(ov.body.data_by_age.reports.older_than_1_year).toBe(1);
    expect((await u.client.get('/user/privacy/data-retention')).body.retention).toEqual({
      auto_delete_old_reports: false,
      data_retention_days: 365,
      delete_inactive_chats: false,
      anonymize_old_data: false,
    });
    const saved = await u.client.post('/user/privacy/data-retention', {
      auto_delete_old_reports: true,
      data_retention_days: 90,
    });
    expect(saved.body.message).toBe('Data retention settings updated successfully');
    expect(saved.body.retention).toMatchObject({ auto_delete_old_reports: true, data_retention_days: 90 });
    expect((await u.client.get('/user/preferences')).body.preferences).toMatchObject({
      auto_delete_old_reports: true,
      data_retention_days: 90,
    });
    const bad = await u.client.post('/user/privacy/data-retention', { data_retention_days: 100 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/90, 180, 365, 730, 1095/);
  });

  it('the retention job deletes reports older than the period with their files and chats, and is scheduled', async () => {
    const keep = await userWithEverything('keep');
    const u = await userWithEverything('ret');
    const young = (
      await u.client.request(
        'POST',
        '/reports/upload',
        fileForm('young.txt', 'Glucose 90 mg/dL 70-110', 'text/plain'),
      )
    ).body.id;
    for (const who of [u, keep])
      await t.db
        .updateTable('reports')
        .set({ created_at: new Date(Date.now() - 200 * 86_400_000) })
        .where('id', '=', who.reportId)
        .execute();
    await u.client.post('/user/privacy/data-retention', {
      auto_delete_old_reports: true,
      data_retention_days: 180,
    });
    const done = await applyRetention(t.deps);
    expect(done.reports).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.selectFrom('reports').select('id').where('id', '=', u.reportId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom('chats').select('id').where('id', '=', u.chatId).executeTakeFirst(),
    ).toBeUndefined();
    await expect(t.deps.storage.get(u.storageKey)).rejects.toThrow();
    expect(
      await t.db.selectFrom('reports').select('id').where('id', '=', young).executeTakeFirst(),
    ).toBeTruthy();
    // A user who did not choose retention keeps an equally old report.
    expect(
      await t.db.selectFrom('reports').select('id').where('id', '=', keep.reportId).executeTakeFirst(),
    ).toBeTruthy();
    const scheduled = await sql<{
      name: string;
      cron: string;
    }>`SELECT name, cron FROM pgboss.schedule WHERE name = 'user-retention'`.execute(t.db);
    expect(scheduled.rows).toHaveLength(1);
  });

  it('anonymization: bounds, confirmation, and irreversible replacement of personal text', async () => {
    const u = await userWithEverything('anon');
    const five = await u.client.post('/user/privacy/anonymize-data', {
      data_types: ['chats'],
      older_than_days: 5,
      confirmation: true,
    });
    expect(five.status).toBe(400);
    expect(five.body.detail).toBe('older_than_days must be at least 30');
    expect(
      (await u.client.post('/user/privacy/anonymize-data', { older_than_days: 3651, confirmation: true }))
        .status,
    ).toBe(400);
    const unconfirmed = await u.client.post('/user/privacy/anonymize-data', {
      data_types: ['chats'],
      older_than_days: 30,
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.detail).toBe(USER_MESSAGES.anonymizeConfirmRequired);
    expect(
      (await u.client.post('/user/privacy/anonymize-data', { data_types: [], confirmation: true })).status,
    ).toBe(400);

    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.db.updateTable('reports').set({ created_at: old }).where('id', '=', u.reportId).execute();
    await t.db.updateTable('chats').set({ created_at: old }).where('id', '=', u.chatId).execute();
    await t.db.updateTable('feedback').set({ created_at: old }).where('id', '=', u.feedbackId).execute();
    const res = await u.client.post('/user/privacy/anonymize-data', {
      data_types: ['reports', 'chats', 'feedback'],
      older_than_days: 30,
      confirmation: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.anonymized_counts).toEqual({ reports: 1, chats: 1, feedback: 1 });
    expect(res.body.message).toMatch(/^Data anonymization completed\. Anonymized: /);
    const report = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', u.reportId)
      .executeTakeFirstOrThrow();
    expect(report.original_filename).toBe(`anonymized_report_${u.reportId}.txt`);
    expect(report.storage_key).toBeNull();
    await expect(t.deps.storage.get(u.storageKey)).rejects.toThrow();
    const chat = await t.db
      .selectFrom('chats')
      .selectAll()
      .where('id', '=', u.chatId)
      .executeTakeFirstOrThrow();
    expect([chat.message, chat.response]).toEqual(['[anonymized]', '[anonymized]']);
    const fb = await t.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', u.feedbackId)
      .executeTakeFirstOrThrow();
    expect(fb.comment).toBe('[anonymized]');
    // The user's export no longer holds the personal text; a second run finds nothing to do.
    expect(
      JSON.stringify((await u.client.post('/user/export-data', {})).body.export_data.chats),
    ).not.toContain(u.marker);
    const again = await u.client.post('/user/privacy/anonymize-data', {
      older_than_days: 30,
      confirmation: true,
    });
    expect(again.body.anonymized_counts).toEqual({ reports: 0, chats: 0, feedback: 0 });
  });
});

describe('permanent deletion', () => {
  it('needs the password and the confirmation', async () => {
    const u = await userWithEverything('pd1');
    const none = await u.client.request('DELETE', '/user/account/permanent', {});
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(USER_MESSAGES.deletePasswordRequired);
    const unconfirmed = await u.client.request('DELETE', '/user/account/permanent', {
      password: u.password,
      confirmation: false,
    });
    expect(unconfirmed.body.detail).toBe(USER_MESSAGES.deleteConfirmRequired);
    const wrong = await u.client.request('DELETE', '/user/account/permanent', { password: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect((await u.client.get('/user/me')).status).toBe(200);
  });

  it('removes every row and stored file of the user, leaves the other user whole, and can export first', async () => {
    const other = await userWithEverything('pdkeep');
    const u = await userWithEverything('pd2');
    await new Client(t.baseUrl).post('/auth/login', { email: u.email, password: 'a-wrong-password' });
    const res = await u.client.request('DELETE', '/user/account/permanent', {
      password: u.password,
      export_data: true,
      confirmation: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.export_data.reports.map((r: { id: number }) => r.id)).toEqual([u.reportId]);
    expect((await u.client.get('/user/me')).status).toBe(401);

    // Every table of the public schema: no row names the user's id in a user_id column, and no
    // row holds the user's e-mail or marker text anywhere.
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
      t.db,
    );
    const withUserId = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'`.execute(
      t.db,
    );
    for (const { table_name } of withUserId.rows) {
      const n = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)} WHERE user_id = ${u.userId}`.execute(t.db);
      expect([table_name, n.rows[0].n]).toEqual([table_name, 0]);
    }
    for (const { table_name } of tables.rows) {
      const n = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table_name)} x
        WHERE x::text ILIKE ${'%' + u.email + '%'} OR x::text ILIKE ${'%' + u.marker + '%'}`.execute(t.db);
      expect([table_name, n.rows[0].n]).toEqual([table_name, 0]);
    }
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', u.userId).executeTakeFirst(),
    ).toBeUndefined();
    await expect(t.deps.storage.get(u.storageKey)).rejects.toThrow();
    const files = (await readdir(path.join(t.deps.env.DATA_DIR, 'uploads'), { recursive: true })).map((f) =>
      path.basename(f),
    );
    expect(files.filter((f) => f.includes(u.storageKey))).toEqual([]);
    expect((await t.deps.storage.get(other.storageKey)).length).toBeGreaterThan(0);
    expect((await other.client.get('/user/dashboard-stats')).body.reports_uploaded).toBe(1);
    // Sign-in is refused (this attempt is recorded after the scan above).
    expect(
      (await new Client(t.baseUrl).post('/auth/login', { email: u.email, password: u.password })).status,
    ).toBe(401);
  });
});

/** What Client.request sends, for a call whose answer is read as a stream. */
function rawHeaders(c: Client): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(c.bearer ? { authorization: `Bearer ${c.bearer}` } : {}),
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...c.csrfHeader(),
  };
}

describe('permanent deletion with the export first, streamed (decision 068)', () => {
  /** 2,500 more reports with two values each and as many chats: several export batches. */
  async function bulk(userId: number) {
    await sql`
      INSERT INTO reports (user_id, filename, original_filename, file_type, mime_type, file_size, content_hash,
                           status, report_type, summary, created_at)
      SELECT ${userId}, 'k' || g, 'bulk_' || g || '.pdf', 'pdf', 'application/pdf', 1000, 'bulk' || ${userId} || '_' || g,
             'completed', 'blood_test', repeat('A long summary of this report. ', 20), now() - make_interval(hours => g)
        FROM generate_series(1, 2500) g`.execute(t.db);
    await sql`
      INSERT INTO report_values (report_id, position, canonical_id, name, value_numeric, unit, ref_text, flag)
      SELECT r.id, p, 'hemoglobin', 'Haemoglobin', 12 + p, 'g/dL', '13-17', 'low'
        FROM reports r CROSS JOIN generate_series(1, 2) p WHERE r.user_id = ${userId} AND r.original_filename LIKE 'bulk_%'`.execute(
      t.db,
    );
    await sql`
      INSERT INTO chats (user_id, report_id, message, response)
      SELECT ${userId}, r.id, 'Question about ' || r.original_filename, repeat('An answer. ', 30)
        FROM reports r WHERE r.user_id = ${userId} AND r.original_filename LIKE 'bulk_%'`.execute(t.db);
  }

  it('as a file: the export itself, whole, parses, and ends with the time of the deletion', async () => {
    const u = await userWithEverything('pdfile');
    await bulk(u.userId);
    const res = await fetch(`${t.baseUrl}/user/account/permanent`, {
      method: 'DELETE',
      headers: rawHeaders(u.client),
      body: JSON.stringify({ password: u.password, export_data: true, download: true, confirmation: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="my_account_data_\d{4}-\d{2}-\d{2}\.json"/,
    );
    const exported = JSON.parse(await res.text());
    expect(exported.profile.email).toBe(u.email);
    expect(exported.reports).toHaveLength(2501);
    expect(exported.reports.filter((r: { values?: unknown[] }) => r.values?.length === 2)).toHaveLength(2500);
    expect(exported.chats).toHaveLength(2501);
    expect(Object.keys(exported).at(-1)).toBe('account_deleted_at');
    expect(Date.parse(exported.account_deleted_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', u.userId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a client that goes away during the export leaves the account whole', async () => {
    const u = await userWithEverything('pdcut');
    await bulk(u.userId);
    const ctl = new AbortController();
    const res = await fetch(`${t.baseUrl}/user/account/permanent`, {
      method: 'DELETE',
      headers: rawHeaders(u.client),
      body: JSON.stringify({ password: u.password, export_data: true, confirmation: true }),
      signal: ctl.signal,
    });
    expect(res.status).toBe(200);
    ctl.abort();
    // Give the server time to notice and to finish whatever it would have done.
    await new Promise((r) => setTimeout(r, 2000));
    const left = await t.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(2501);
    expect((await u.client.get('/user/me')).status).toBe(200);
  });
});
