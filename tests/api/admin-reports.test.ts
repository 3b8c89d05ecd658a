import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './harness';
import {
  auditRows,
  download,
  parseCsv,
  seedChat,
  seedReport,
  seedUser,
  signedInAdmin,
} from './admin-helpers';

let t: TestApp;
let admin: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAdmin(t, 'super_admin')).c;
  const asha = await seedUser(t, { email: 'asha@example.com', full_name: 'Asha' });
  const ravi = await seedUser(t, { email: 'ravi@example.com', full_name: 'Ravi' });
  const a = await seedReport(t, asha.id, {
    original_filename: 'CBC 100% fasting.pdf',
    status: 'completed',
    file_size: 5000,
    processing_time_seconds: 12.5,
    created_at: '2026-05-01T23:59:00Z',
    summary: 'Haemoglobin slightly low',
  });
  const b = await seedReport(t, asha.id, {
    original_filename: 'thyroid_panel.pdf',
    status: 'failed',
    report_type: 'blood_test',
    file_size: 100,
    processing_time_seconds: 3,
    created_at: '2026-05-02T08:00:00Z',
  });
  const c = await seedReport(t, ravi.id, {
    original_filename: `Ravi's "MRI" स्कैन.png`,
    status: 'pending',
    report_type: 'mri',
    is_flagged: true,
    file_size: 90000,
    created_at: '2026-05-03T08:00:00Z',
  });
  const d = await seedReport(t, ravi.id, {
    original_filename: 'old-xray.jpg',
    status: 'deleted',
    report_type: 'x_ray',
    created_at: '2026-04-01T08:00:00Z',
  });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id, asha: asha.id, ravi: ravi.id });
  for (let i = 0; i < 5; i++)
    await seedChat(t, asha.id, a.id, {
      message: `Question number ${i} about my haemoglobin and what it means for me`,
      created_at: `2026-05-02T0${i}:00:00Z`,
    });
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string) => admin.get(`/admin/data/reports${query}`);
const listIds = async (query: string) => (await list(query)).body.reports.map((r: { id: number }) => r.id);

describe('GET /admin/data/reports', () => {
  it('lists every report with its owner, newest first, with totals', async () => {
    const res = await admin.get('/admin/data/reports');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, total_pages: 1, page: 1, total_is_estimate: false });
    expect(res.body.reports.map((r: { id: number }) => r.id)).toEqual([ids.c, ids.b, ids.a, ids.d]);
    expect(res.body.reports[0]).toMatchObject({
      user_email: 'ravi@example.com',
      is_flagged: true,
      status: 'pending',
    });
  });

  it('filters by status (deleted too), type, flag, owner e-mail and the date range (whole end day)', async () => {
    expect(await listIds('?status=deleted')).toEqual([ids.d]);
    expect(await listIds('?status=completed')).toEqual([ids.a]);
    expect(await listIds('?report_type=mri')).toEqual([ids.c]);
    expect(await listIds('?is_flagged=true')).toEqual([ids.c]);
    expect(await listIds('?is_flagged=false&sort_order=asc')).toEqual([ids.d, ids.a, ids.b]);
    expect(await listIds('?user_email=RAVI@')).toEqual([ids.c, ids.d]);
    expect(await listIds('?date_from=2026-05-01&date_to=2026-05-01')).toEqual([ids.a]);
    expect((await list('?status=archived')).status).toBe(400);
    expect((await list('?is_flagged=maybe')).status).toBe(400);
  });

  it('searches file names literally', async () => {
    expect(await listIds(`?search=${encodeURIComponent('100%')}`)).toEqual([ids.a]);
    expect(await listIds(`?search=${encodeURIComponent('_')}`)).toEqual([ids.b]);
    expect(await listIds(`?search=${encodeURIComponent(`'s "MRI"`)}`)).toEqual([ids.c]);
    expect(await listIds(`?search=${encodeURIComponent('स्कैन')}`)).toEqual([ids.c]);
    expect(await listIds(`?search=${encodeURIComponent('%pdf')}`)).toEqual([]);
  });

  it('sorts by each allowed column; unknown sort, huge limit and negative page are 400', async () => {
    expect(await listIds('?sort_by=file_size&sort_order=desc&status=')).toEqual([ids.c, ids.a, ids.d, ids.b]);
    expect(await listIds('?sort_by=processing_time_seconds&sort_order=desc')).toEqual([
      ids.a,
      ids.b,
      ids.d,
      ids.c,
    ]);
    expect((await listIds('?sort_by=status&sort_order=asc'))[0]).toBe(ids.a);
    // By the name the user uploaded (what the list shows), not the storage key.
    const byName = await t.db
      .selectFrom('reports')
      .select('id')
      .orderBy('original_filename')
      .orderBy('id')
      .execute();
    expect(await listIds('?sort_by=filename&sort_order=asc&status=')).toEqual(byName.map((r) => r.id));
    const bad = await list('?sort_by=user_id');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(
      'sort_by must be one of: created_at, updated_at, filename, status, file_size, processing_time_seconds',
    );
    expect((await list('?limit=100000')).body.detail).toBe('limit must be at most 100');
    expect((await list('?page=-1')).status).toBe(400);
  });

  it('a page past the end is empty with the right totals', async () => {
    const res = await list('?limit=3&page=5');
    expect(res.body).toMatchObject({ reports: [], total: 4, total_pages: 2, page: 5 });
  });
});

describe('report stats and detail', () => {
  it('counts totals, flagged, the average processing time and each status', async () => {
    const res = await admin.get('/admin/data/reports/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_reports: 4,
      flagged_reports: 1,
      average_processing_time: 7.75,
      status_breakdown: { pending: 1, processing: 0, completed: 1, failed: 1, deleted: 1 },
      total_is_estimate: false,
    });
  });

  it('shows the admin view with the owner, the chat count and the 3 latest chats cut to 50 characters', async () => {
    const res = await admin.get(`/admin/data/reports/${ids.a}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.a,
      original_filename: 'CBC 100% fasting.pdf',
      user_email: 'asha@example.com',
      user: { email: 'asha@example.com', full_name: 'Asha', created_at: expect.any(String) },
      summary: 'Haemoglobin slightly low',
      key_findings: ['Haemoglobin is low'],
      chat_count: 5,
    });
    expect(res.body.recent_chats).toHaveLength(3);
    expect(res.body.recent_chats[0].message).toBe('Question number 4 about my haemoglobin and what it');
    expect(res.body.recent_chats[0].message).toHaveLength(50);
    expect((await admin.get('/admin/data/reports/987654')).status).toBe(404);
  });
});

describe('PATCH /admin/data/reports/:id', () => {
  it('flags and annotates, marks it reviewed and audits each change', async () => {
    const flag = await admin.request('PATCH', `/admin/data/reports/${ids.b}`, { is_flagged: true });
    expect(flag.status).toBe(200);
    expect(flag.body.report).toMatchObject({ is_flagged: true, reviewed_at: expect.any(String) });
    expect((await auditRows(t, 'flag_report'))[0]).toMatchObject({
      resource_id: String(ids.b),
      success: 'success',
    });
    const notes = await admin.request('PATCH', `/admin/data/reports/${ids.b}`, {
      admin_notes: 'Looks like a duplicate',
    });
    expect(notes.body.report.admin_notes).toBe('Looks like a duplicate');
    expect((await auditRows(t, 'update_report'))[0]).toMatchObject({ success: 'success' });
    expect((await admin.request('PATCH', `/admin/data/reports/${ids.b}`, {})).status).toBe(400);
    expect((await admin.request('PATCH', `/admin/data/reports/${ids.b}`, { is_flagged: 'yes' })).status).toBe(
      400,
    );
    const missing = await admin.request('PATCH', '/admin/data/reports/987654', { is_flagged: false });
    expect(missing.status).toBe(404);
    expect((await auditRows(t, 'unflag_report'))[0]).toMatchObject({
      resource_id: '987654',
      success: 'failed',
    });
  });
});

describe('deleting reports', () => {
  it('soft delete marks it deleted; permanent delete removes rows, chats and the stored file', async () => {
    const soft = await admin.delete(`/admin/data/reports/${ids.b}?permanent=false`);
    expect(soft.status).toBe(200);
    const row = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', ids.b)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('deleted');
    expect(row.deleted_at).toBeInstanceOf(Date);

    const temp = path.join(t.deps.storage.tempDir, 'admin-test-upload');
    await mkdir(t.deps.storage.tempDir, { recursive: true });
    await writeFile(temp, '%PDF-1.4 test');
    await t.deps.storage.putFile('admintestfile01', temp);
    expect((await t.deps.storage.get('admintestfile01')).toString()).toBe('%PDF-1.4 test');
    const withFile = await seedReport(t, ids.asha, { storage_key: 'admintestfile01' });
    await seedChat(t, ids.asha, withFile.id);
    const hard = await admin.delete(`/admin/data/reports/${withFile.id}?permanent=true`);
    expect(hard.status).toBe(200);
    expect(hard.body).toMatchObject({ id: withFile.id, permanent: true });
    expect(
      await t.db.selectFrom('reports').select('id').where('id', '=', withFile.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom('chats').select('id').where('report_id', '=', withFile.id).executeTakeFirst(),
    ).toBeUndefined();
    await expect(t.deps.storage.get('admintestfile01')).rejects.toThrow();
    const [audit] = await auditRows(t, 'delete_report');
    expect(audit).toMatchObject({ resource_id: String(withFile.id), success: 'success' });
    expect(audit.details).toMatchObject({ permanent: true });

    expect((await admin.delete('/admin/data/reports/987654?permanent=true')).status).toBe(404);
    expect((await auditRows(t, 'delete_report'))[0]).toMatchObject({ success: 'failed' });
  });

  it('a bulk delete naming missing ids deletes the rest and reports them, as partial', async () => {
    const x = await seedReport(t, ids.ravi);
    const y = await seedReport(t, ids.ravi);
    const res = await admin.post('/admin/data/reports/bulk-delete', {
      report_ids: [x.id, 987654, y.id, 987655],
      permanent: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      requested: 4,
      deleted: 2,
      deleted_ids: [x.id, y.id].sort((p, q) => p - q),
      missing_ids: [987654, 987655],
      partial: true,
    });
    const [audit] = await auditRows(t, 'bulk_delete_reports');
    expect(audit.success).toBe('partial');
    expect(audit.details).toMatchObject({ missing_ids: [987654, 987655], permanent: true });

    const z = await seedReport(t, ids.ravi);
    const soft = await admin.post('/admin/data/reports/bulk-delete', { report_ids: [z.id] });
    expect(soft.body).toMatchObject({ deleted: 1, partial: false, message: 'Deleted 1 report' });
    expect((await auditRows(t, 'bulk_delete_reports'))[0].success).toBe('success');
    const zr = await t.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', z.id)
      .executeTakeFirstOrThrow();
    expect(zr.status).toBe('deleted');
  });

  it('bulk delete validates its list and needs bulk_delete', async () => {
    expect((await admin.post('/admin/data/reports/bulk-delete', { report_ids: [] })).status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await admin.post('/admin/data/reports/bulk-delete', { report_ids: many })).status).toBe(400);
    const { c } = await signedInAdmin(t, 'admin');
    expect((await c.post('/admin/data/reports/bulk-delete', { report_ids: [ids.a] })).status).toBe(403);
  });
});

describe('report exports', () => {
  it('CSV: the filtered reports, parsed back, with an audit row', async () => {
    const res = await download(
      admin,
      '/admin/data/reports/export/csv?user_email=asha%40example.com&status=completed',
    );
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="reports_export_${today}.csv"; filename*=UTF-8''reports_export_${today}.csv`,
    );
    const rows = parseCsv(res.text);
    expect(rows.map((r) => r.original_filename)).toEqual(['CBC 100% fasting.pdf']);
    expect(rows[0]).toMatchObject({ user_email: 'asha@example.com', status: 'completed', file_size: '5000' });
    expect((await auditRows(t, 'export_reports'))[0].details).toMatchObject({ format: 'csv', rows: 1 });
    const flagged = parseCsv((await download(admin, '/admin/data/reports/export/csv?is_flagged=true')).text);
    // In id order: the thyroid panel was flagged in an earlier test.
    expect(flagged.map((r) => r.original_filename)).toEqual(['thyroid_panel.pdf', `Ravi's "MRI" स्कैन.png`]);
  });

  it('JSON: with analysis fields only when include_analysis', async () => {
    const res = await download(
      admin,
      '/admin/data/reports/export/json?status=completed&include_analysis=true',
    );
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text);
    expect(doc.total).toBe(doc.reports.length);
    const a = doc.reports.find((r: { id: number }) => r.id === ids.a);
    expect(a).toMatchObject({ summary: 'Haemoglobin slightly low', key_findings: ['Haemoglobin is low'] });
    const plain = JSON.parse(
      (await download(admin, '/admin/data/reports/export/json?status=completed')).text,
    );
    expect(plain.reports[0]).not.toHaveProperty('summary');
    expect(plain.filters).toMatchObject({ status: 'completed' });
  });

  it('an export of many rows streams them all', async () => {
    await sql`
      INSERT INTO reports (user_id, filename, original_filename, file_type, mime_type, file_size, content_hash)
      SELECT ${ids.ravi}, 'bulk.pdf', 'bulk.pdf', 'pdf', 'application/pdf', g, 'h' FROM generate_series(1, 4500) g
    `.execute(t.db);
    const csv = parseCsv((await download(admin, '/admin/data/reports/export/csv?search=bulk.pdf')).text);
    expect(csv).toHaveLength(4500);
    expect(new Set(csv.map((r) => r.id)).size).toBe(4500);
    const json = JSON.parse((await download(admin, '/admin/data/reports/export/json?search=bulk.pdf')).text);
    expect(json.total).toBe(4500);
  });
});
