import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, EXPORT_TYPES, type ExportMetadata } from '@reportsaathi/contracts';
import { Client, createTestApp, type TestApp } from './harness';
import { auditRows, parseCsv, seedChat, seedReport, seedUser, signedInAdmin } from './admin-helpers';

let t: TestApp;
let admin: Client;
let adminUsername = '';
let moderator: Client;
let viewer: Client;

/** POSTs a bulk export and answers the status, headers and the raw bytes. */
async function bulkExport(c: Client, body: unknown) {
  const res = await fetch(`${c.baseUrl}/admin/export/bulk-export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Opens the ZIP, checks every file against metadata.json's byte count and sha256, returns both. */
async function openExport(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  const metadata = JSON.parse(await zip.file('metadata.json')!.async('string')) as ExportMetadata;
  const files: Record<string, string> = {};
  for (const f of metadata.files) {
    const entry = zip.file(f.filename);
    expect(entry, f.filename).not.toBeNull();
    const raw = await entry!.async('nodebuffer');
    expect(raw.length).toBe(f.bytes);
    expect(createHash('sha256').update(raw).digest('hex')).toBe(f.sha256);
    files[f.type] = raw.toString('utf8');
  }
  // Nothing in the ZIP beyond the listed files and the metadata.
  expect(Object.keys(zip.files).sort()).toEqual(
    [...metadata.files.map((f) => f.filename), 'metadata.json'].sort(),
  );
  return { metadata, files };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signedInAdmin(t, 'admin');
  admin = a.c;
  adminUsername = a.admin.username;
  moderator = (await signedInAdmin(t, 'moderator')).c;
  viewer = (await signedInAdmin(t, 'viewer')).c;

  const ravi = await seedUser(t, { email: 'ravi@example.com', created_at: '2026-01-10T10:00:00Z' });
  const meera = await seedUser(t, { email: 'meera@example.com', created_at: '2026-03-05T10:00:00Z' });
  const r1 = await seedReport(t, ravi.id, { created_at: '2026-01-11T10:00:00Z', summary: 'Low haemoglobin' });
  await seedReport(t, meera.id, { created_at: '2026-03-06T10:00:00Z', summary: 'All normal' });
  await seedChat(t, ravi.id, r1.id, {
    message: '=HYPERLINK("x") what is HbA1c?',
    response: 'HbA1c shows your average sugar.',
    created_at: '2026-01-12T10:00:00Z',
  });
  await seedChat(t, ravi.id, r1.id, {
    message: 'और यह क्या है?',
    response: 'यह आपका हीमोग्लोबिन है।',
    created_at: '2026-03-07T10:00:00Z',
  });
  await t.db
    .insertInto('feedback')
    .values({ user_id: ravi.id, report_id: r1.id, rating: 'helpful', comment: 'Clear, thanks' })
    .execute();
  const plan = await t.db.selectFrom('plans').select('id').orderBy('id').executeTakeFirst();
  if (plan) {
    const sub = await t.db
      .insertInto('subscriptions')
      .values({ user_id: meera.id, plan_id: plan.id, status: 'active', billing_cycle: 'monthly' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('payments')
      .values({
        user_id: meera.id,
        subscription_id: sub.id,
        amount_paise: 19900,
        gateway: 'sandbox',
        status: 'completed',
      })
      .execute();
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /admin/export/export-options', () => {
  it('lists every type with its live record count, and the two formats', async () => {
    const res = await admin.get('/admin/export/export-options');
    expect(res.status).toBe(200);
    const types = res.body.available_types as { value: string; label: string; count: number }[];
    expect(types.map((x) => x.value)).toEqual([...EXPORT_TYPES]);
    const count = (v: string) => types.find((x) => x.value === v)!.count;
    expect(count('users')).toBe(2);
    expect(count('reports')).toBe(2);
    expect(count('chats')).toBe(2);
    expect(count('feedback')).toBe(1);
    expect(res.body.available_formats.map((f: { value: string }) => f.value)).toEqual(['csv', 'json']);
    for (const f of res.body.available_formats) expect(f.description).toBeTruthy();

    // Live: a new user shows at once.
    await seedUser(t, { email: 'late@example.com', created_at: '2025-06-01T00:00:00Z' });
    const again = await admin.get('/admin/export/export-options');
    expect(again.body.available_types.find((x: { value: string }) => x.value === 'users').count).toBe(3);
  });

  it('needs export_data', async () => {
    expect((await viewer.get('/admin/export/export-options')).status).toBe(403);
    expect((await moderator.get('/admin/export/export-options')).status).toBe(403);
    expect((await new Client(t.baseUrl).get('/admin/export/export-options')).status).toBe(401);
  });
});

describe('POST /admin/export/bulk-export', () => {
  it('streams one ZIP with a CSV per type and metadata.json whose counts and checksums hold', async () => {
    const res = await bulkExport(admin, { export_types: [...EXPORT_TYPES], format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="bulk_export_\d{4}-\d\d-\d\d\.zip"/,
    );
    const { metadata, files } = await openExport(res.bytes);

    expect(metadata.exported_by.username).toBe(adminUsername);
    expect(Date.now() - Date.parse(metadata.exported_at)).toBeLessThan(60_000);
    expect(metadata.format).toBe('csv');
    expect(metadata.include_sensitive).toBe(false);
    expect(metadata.filters).toEqual({ start_date: null, end_date: null });
    expect(metadata.export_types).toEqual([...EXPORT_TYPES]);
    for (const f of metadata.files) {
      const rows = parseCsv(files[f.type]);
      expect(rows.length, f.type).toBe(f.count);
    }
    expect(metadata.total_records).toBe(metadata.files.reduce((n, f) => n + f.count, 0));

    const users = parseCsv(files.users);
    expect(users.map((u) => u.email).sort()).toEqual([
      'late@example.com',
      'meera@example.com',
      'ravi@example.com',
    ]);
    expect(Object.keys(users[0])).not.toContain('password_hash');

    // Without sensitive data: no chat responses, no analysis results.
    const chats = parseCsv(files.chats);
    expect(chats).toHaveLength(2);
    expect(Object.keys(chats[0])).not.toContain('response');
    expect(files.chats).not.toContain('average sugar');
    // A cell a spreadsheet would run as a formula is quoted.
    expect(chats.find((c) => c.message.includes('HYPERLINK'))!.message.startsWith("'=")).toBe(true);
    expect(chats.some((c) => c.message === 'और यह क्या है?')).toBe(true);
    const reports = parseCsv(files.reports);
    expect(Object.keys(reports[0])).not.toContain('summary');
    expect(files.reports).not.toContain('Low haemoglobin');
    expect(reports.find((r) => r.user_email === 'ravi@example.com')).toBeTruthy();

    const feedback = parseCsv(files.feedback);
    expect(feedback[0].comment).toBe('Clear, thanks');
    const audit = parseCsv(files.audit_logs);
    expect(audit.length).toBe(metadata.files.find((f) => f.type === 'audit_logs')!.count);
  });

  it('includes chat responses and analysis results only with include_sensitive, as JSON', async () => {
    const res = await bulkExport(admin, {
      export_types: ['reports', 'chats'],
      format: 'json',
      include_sensitive: true,
    });
    expect(res.status).toBe(200);
    const { metadata, files } = await openExport(res.bytes);
    expect(metadata.include_sensitive).toBe(true);
    expect(metadata.files.map((f) => f.type)).toEqual(['reports', 'chats']);
    const chats = JSON.parse(files.chats) as Record<string, unknown>[];
    expect(chats).toHaveLength(metadata.files[1].count);
    expect(chats.map((c) => c.response)).toContain('HbA1c shows your average sugar.');
    expect(chats.map((c) => c.response)).toContain('यह आपका हीमोग्लोबिन है।');
    const reports = JSON.parse(files.reports) as Record<string, unknown>[];
    expect(reports).toHaveLength(2);
    expect(reports.map((r) => r.summary).sort()).toEqual(['All normal', 'Low haemoglobin']);
    expect(reports[0].key_findings).toEqual(['Haemoglobin is low']);
  });

  it('limits rows to the date range, the end day included', async () => {
    const res = await bulkExport(admin, {
      export_types: ['users', 'chats'],
      format: 'json',
      start_date: '2026-01-01',
      end_date: '2026-03-05',
    });
    expect(res.status).toBe(200);
    const { metadata, files } = await openExport(res.bytes);
    expect(metadata.filters).toEqual({ start_date: '2026-01-01', end_date: '2026-03-05' });
    const users = JSON.parse(files.users) as { email: string }[];
    expect(users.map((u) => u.email).sort()).toEqual(['meera@example.com', 'ravi@example.com']);
    const chats = JSON.parse(files.chats) as { created_at: string }[];
    expect(chats.map((c) => c.created_at)).toEqual(['2026-01-12T10:00:00.000Z']);
  });

  it('writes an empty file (header only) for a type with nothing in range', async () => {
    const res = await bulkExport(admin, { export_types: ['reports'], start_date: '2030-01-01' });
    expect(res.status).toBe(200);
    const { metadata, files } = await openExport(res.bytes);
    expect(metadata.files[0].count).toBe(0);
    expect(parseCsv(files.reports)).toEqual([]);
    expect(files.reports.startsWith('id,user_id,user_email')).toBe(true);
  });

  it('audits each export with its types, format, sensitivity and row count', async () => {
    const before = (await auditRows(t, 'bulk_export')).length;
    const res = await bulkExport(admin, { export_types: ['users'], format: 'json', include_sensitive: true });
    expect(res.status).toBe(200);
    const rows = await auditRows(t, 'bulk_export');
    expect(rows.length).toBe(before + 1);
    expect(rows[0].success).toBe('success');
    expect(rows[0].resource_type).toBe('export');
    expect(rows[0].details).toMatchObject({
      export_types: ['users'],
      format: 'json',
      include_sensitive: true,
      rows: 3,
    });
  });

  it('answers 400 with a detail for bad input, and writes nothing', async () => {
    const before = (await auditRows(t, 'bulk_export')).length;
    const cases: [unknown, string][] = [
      [{ export_types: [] }, EXPORT_MESSAGES.noTypes],
      [{}, EXPORT_MESSAGES.noTypes],
      [{ export_types: ['passwords'] }, EXPORT_MESSAGES.badType],
      [{ export_types: ['users'], format: 'xml' }, EXPORT_MESSAGES.badFormat],
      [
        { export_types: ['users'], start_date: '2026-03-02', end_date: '2026-03-01' },
        EXPORT_MESSAGES.startAfterEnd,
      ],
      [{ export_types: ['users'], start_date: 'yesterday' }, 'start_date must be a date like 2026-01-31'],
      [{ export_types: ['users'], include_sensitive: 'yes' }, 'include_sensitive must be true or false'],
    ];
    for (const [body, detail] of cases) {
      const res = await admin.post('/admin/export/bulk-export', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toContain(detail);
    }
    expect((await auditRows(t, 'bulk_export')).length).toBe(before);
  });

  it('needs export_data', async () => {
    expect((await viewer.post('/admin/export/bulk-export', { export_types: ['users'] })).status).toBe(403);
    expect((await moderator.post('/admin/export/bulk-export', { export_types: ['users'] })).status).toBe(403);
  });
});
