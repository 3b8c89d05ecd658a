import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { Client, createTestApp, type TestApp } from './harness';
import { download, parseCsv, seedChat, seedReport, seedUser, signedInAdmin } from './admin-helpers';

/**
 * The admin exports are formatted by PostgreSQL (decision 051). These tests hold them to what the
 * JavaScript formatting wrote before, byte for byte: papaparse with escapeFormulae for CSV,
 * JSON.stringify of the list items for JSON, on values that stress quoting.
 */

let t: TestApp;
let admin: Client;

/** Values a CSV writer can get wrong, each a user's name (and a report's file name, a chat's message). */
const TRICKY = [
  'plain',
  'a,b',
  'say "hi"',
  `O'Brien`,
  'two\r\nlines',
  'line\nfeed',
  'carriage\rreturn',
  ' leading space',
  'trailing space ',
  '\uFEFFbyte order mark',
  'राम कुमार 🙂',
  'back\\slash',
  'semi;colon',
  '=HYPERLINK("http://x","y")',
  '+91 98765 43210',
  '-1',
  '@SUM(A1)',
  '\tTabbed',
  '\rReturn first',
  '',
  null,
  'x'.repeat(3000),
];

const CSV_OPTIONS = { header: false, escapeFormulae: true, newline: '\r\n' } as const;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAdmin(t, 'super_admin')).c;
  for (const [i, name] of TRICKY.entries()) {
    const user = await seedUser(t, {
      email: `tricky${i}@example.com`,
      full_name: name,
      is_verified: i % 2 === 0,
      // Microseconds: the export writes milliseconds, cut as JavaScript's Date cuts them.
      created_at: `2026-0${1 + (i % 9)}-1${i % 10}T0${i % 10}:30:00.12399${i % 10}Z`,
      last_login: i % 3 === 0 ? null : '2026-11-01T10:00:00.5Z',
    });
    const report = await seedReport(t, user.id, {
      original_filename: `${name ?? 'none'}.pdf`,
      summary: name,
      processing_time_seconds: i % 4 === 0 ? null : 1.5 + i / 7,
      is_flagged: i % 5 === 0,
      report_type: i % 6 === 0 ? null : 'blood_test',
    });
    await t.db
      .updateTable('reports')
      .set({
        confidence_score: i % 3 === 0 ? null : i / 100,
        key_findings: JSON.stringify([name ?? 'none', 'Haemoglobin "low"']),
      })
      .where('id', '=', report.id)
      .execute();
    await seedChat(t, user.id, report.id, {
      message: name ?? 'none',
      response: i % 2 ? name : 'It is fine.',
      tokens_used: i % 2 ? null : 100 + i,
      processing_time_seconds: i % 3 ? 0.25 * i : null,
    });
  }
  // A guest's trial report: no owner, so an empty e-mail cell.
  await t.db
    .insertInto('guest_sessions')
    .values({ id: 'export-guest', expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  await seedReport(t, null, { original_filename: 'guest.pdf', guest_session_id: 'export-guest' });
});
afterAll(async () => {
  await t?.close();
});

describe('exports formatted by PostgreSQL', () => {
  it('users CSV is what papaparse with escapeFormulae wrote', async () => {
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    const expected =
      Papa.unparse(
        [
          [
            'id',
            'email',
            'full_name',
            'is_active',
            'is_verified',
            'created_at',
            'last_login',
            'total_reports',
            'total_chats',
          ],
        ],
        { newline: '\r\n' },
      ) +
      '\r\n' +
      Papa.unparse(
        users.map((u) => ({
          id: u.id,
          email: u.email,
          full_name: u.full_name,
          is_active: u.is_active,
          is_verified: u.is_verified,
          created_at: u.created_at.toISOString(),
          last_login: iso(u.last_login),
          total_reports: 1,
          total_chats: 1,
        })),
        CSV_OPTIONS,
      ) +
      '\r\n';
    const res = await download(admin, '/admin/users/export/csv');
    expect(res.status).toBe(200);
    expect(res.text).toBe(expected);
    // And read back, each name is itself (formulas behind a quote mark, as a spreadsheet shows them).
    const names = parseCsv(res.text).map((r) => r.full_name);
    expect(names).toEqual(TRICKY.map((n) => (n && /^[-=+@\t\r]/.test(n) ? `'${n}` : (n ?? ''))));
  });

  it('chats CSV is what papaparse with escapeFormulae wrote', async () => {
    const chats = await t.db
      .selectFrom('chats')
      .innerJoin('users', 'users.id', 'chats.user_id')
      .innerJoin('reports', 'reports.id', 'chats.report_id')
      .selectAll('chats')
      .select(['users.email as user_email', 'reports.original_filename as report_filename'])
      .orderBy('chats.id')
      .execute();
    const columns = [
      'id',
      'created_at',
      'user_email',
      'report_id',
      'report_filename',
      'message',
      'response',
      'is_flagged',
      'flag_reason',
      'user_feedback',
      'moderation_notes',
      'ai_model_used',
      'processing_time_seconds',
      'tokens_used',
      'confidence_score',
    ];
    const expected =
      columns.join(',') +
      '\r\n' +
      Papa.unparse(
        chats.map((c) => ({ ...c, created_at: c.created_at.toISOString() })),
        { ...CSV_OPTIONS, columns },
      ) +
      '\r\n';
    const res = await download(admin, '/admin/data/chats/export/csv');
    expect(res.text).toBe(expected);
  });

  it('reports JSON is what JSON.stringify of the list items wrote, analysis included', async () => {
    const reports = await t.db
      .selectFrom('reports')
      .leftJoin('users', 'users.id', 'reports.user_id')
      .selectAll('reports')
      .select('users.email as user_email')
      .orderBy('reports.id')
      .execute();
    const items = reports.map((r) => ({
      id: r.id,
      filename: r.filename,
      original_filename: r.original_filename,
      user_id: r.user_id,
      user_email: r.user_email,
      file_type: r.file_type,
      file_size: r.file_size,
      status: r.status,
      report_type: r.report_type,
      confidence_score: r.confidence_score,
      ai_model_version: r.ai_model_version,
      processing_time_seconds: r.processing_time_seconds,
      is_flagged: r.is_flagged,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      deleted_at: iso(r.deleted_at),
      summary: r.summary,
      key_findings: r.key_findings,
      recommendations: r.recommendations,
    }));
    const res = await download(admin, '/admin/data/reports/export/json?include_analysis=true');
    const doc = JSON.parse(res.text);
    expect(doc.total).toBe(items.length);
    // key_findings and recommendations come as PostgreSQL writes jsonb (a space after commas):
    // the same values, so they are compared parsed.
    expect(doc.reports).toEqual(items);

    // Without them, the rows' bytes between the head and the count are JSON.stringify's.
    const plain = (await download(admin, '/admin/data/reports/export/json')).text;
    const rows = plain.slice(plain.indexOf('"reports":[') + 10, plain.lastIndexOf(',"total":'));
    const listItem = (item: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(item).filter(([k]) => !['summary', 'key_findings', 'recommendations'].includes(k)),
      );
    expect(rows).toBe(JSON.stringify(items.map(listItem)));
  });

  it('reports CSV: the guest report has an empty e-mail, numbers and flags as JavaScript writes them', async () => {
    const rows = parseCsv((await download(admin, '/admin/data/reports/export/csv')).text);
    expect(rows).toHaveLength(TRICKY.length + 1);
    expect(rows.at(-1)).toMatchObject({ original_filename: 'guest.pdf', user_email: '', deleted_at: '' });
    expect(rows[1]).toMatchObject({ is_flagged: 'false', processing_time_seconds: String(1.5 + 1 / 7) });
    expect(rows[0]).toMatchObject({ is_flagged: 'true', processing_time_seconds: '', report_type: '' });
  });

  it('a formula with a line break inside is defused too (papaparse let that one through)', async () => {
    const u = await seedUser(t, { email: 'formula-lines@example.com', full_name: '=1+2\n=3' });
    const res = await download(admin, '/admin/users/export/csv?search=formula-lines');
    expect(res.text).toContain(`,"'=1+2\n=3",`);
    await t.db.deleteFrom('users').where('id', '=', u.id).execute();
  });

  it('an export longer than one batch has every row once, in key order', async () => {
    const owner = (await t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await sql`
      INSERT INTO reports (user_id, filename, original_filename, file_type, mime_type, file_size, content_hash)
      SELECT ${owner}, 'many.pdf', 'many "batch", ' || g || '.pdf', 'pdf', 'application/pdf', g, 'h'
        FROM generate_series(1, 25001) g`.execute(t.db);
    const csv = parseCsv(
      (await download(admin, '/admin/data/reports/export/csv?search=many%20%22batch')).text,
    );
    expect(csv).toHaveLength(25001);
    const ids = csv.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(25001);
    const json = JSON.parse(
      (await download(admin, '/admin/data/reports/export/json?search=many%20%22batch')).text,
    );
    expect(json.total).toBe(25001);
    expect(json.reports.map((r: { id: number }) => r.id)).toEqual(ids);

    await sql`
      INSERT INTO audit_logs (admin_email, action, resource_type, resource_id, details)
      SELECT 'bulk@staff.in', 'bulk_test', 'report', g::text, jsonb_build_object('n', g)
        FROM generate_series(1, 20001) g`.execute(t.db);
    const audit = parseCsv((await download(admin, '/admin/audit/logs/export/csv?action=bulk_test')).text);
    expect(audit).toHaveLength(20001);
    expect(audit[0].resource_id).toBe('20001');
    expect(audit.at(-1)!.resource_id).toBe('1');
  });

  it('audit CSV: details as JSON text, newest first', async () => {
    const res = await download(admin, '/admin/audit/logs/export/csv');
    const rows = parseCsv(res.text);
    expect(rows.length).toBeGreaterThan(3);
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const exports = rows.filter((r) => r.action === 'export_users');
    expect(exports.map((r) => JSON.parse(r.details).rows)).toContain(TRICKY.length);
    expect(JSON.parse(exports[0].details)).toMatchObject({ format: 'csv', filters: {} });
    expect(exports[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
