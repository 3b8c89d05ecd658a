import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup, verifyBackup } from '../../api/src/ops/backup';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

/**
 * Decision 093: a backup of a database with real data restored into a fresh
 * database and a fresh storage folder holds every row, every report value and every file.
 */
let source: TestApp;
let target: TestApp;
let dir: string;
beforeAll(async () => {
  source = await createTestApp({}, { worker: true });
  target = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'rs-backup-'));
});
afterAll(async () => {
  await target?.close();
  await source?.close();
  await rm(dir, { recursive: true, force: true });
});

const REPORT =
  'Hemoglobin 11.2 g/dL 13.0 - 17.0\nGlucose Fasting 132 mg/dL 70 - 100\nसोडियम नोट: "quoted", commas, back\\slash\n';

async function tableRows(app: TestApp, table: string) {
  const rows = await sql<{
    j: string;
  }>`SELECT row_to_json(t)::text AS j FROM ${sql.table(table)} t ORDER BY 1`.execute(app.db);
  return rows.rows.map((r) => r.j);
}

describe('db:backup and db:restore', () => {
  it('restores every table, value and file into a fresh database and storage', async () => {
    const c = new Client(source.baseUrl);
    const { email, password } = await registerAndLogin(c);
    const up = await c.request('POST', '/reports/upload', fileForm('lab.txt', REPORT, 'text/plain'));
    expect(up.status).toBe(201);
    const done = await waitForReport(c, `/reports/${up.body.id}`);
    expect(done.body.status).toBe('completed');
    expect((await c.post('/chats/', { report_id: up.body.id, message: 'Is my sugar fine?' })).status).toBe(
      201,
    );
    const values = await source.db.selectFrom('report_values').select('id').execute();
    expect(values.length).toBeGreaterThan(0);

    const manifest = await createBackup(source.db, source.deps.storage, dir);
    expect(manifest.files).toHaveLength(1);
    const { unfinished } = await restoreBackup(target.db, target.deps.storage, dir);
    expect(unfinished).toEqual([]);

    // Every table row for row, byte for byte as PostgreSQL renders it.
    for (const t of manifest.tables)
      expect(await tableRows(target, t.name), t.name).toEqual(await tableRows(source, t.name));
    // Every file, by the checksum taken at upload.
    const report = await target.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', up.body.id)
      .executeTakeFirstOrThrow();
    const bytes = await target.deps.storage.get(report.storage_key!);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(report.content_hash);

    // The restored product works: the user signs in and reads the report with its values; new rows get new ids.
    const t = new Client(target.baseUrl);
    const login = await t.post('/auth/login', { email, password });
    expect(login.status).toBe(200);
    t.bearer = login.body.token;
    const read = await t.get(`/reports/${up.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.values.length).toBe(values.length);
    const again = await t.request(
      'POST',
      '/reports/upload',
      fileForm('lab2.txt', REPORT + 'x\n', 'text/plain'),
    );
    expect(again.status).toBe(201);
    expect(again.body.id).toBeGreaterThan(up.body.id);
  });

  it('refuses a target holding data unless forced, and a damaged backup before changing anything', async () => {
    await expect(restoreBackup(target.db, target.deps.storage, dir)).rejects.toThrow(
      'The target database already holds users or reports',
    );
    const manifest = await verifyBackup(dir);
    const file = path.join(dir, 'files', manifest.files[0].key);
    const original = await readFile(file);
    await writeFile(file, Buffer.concat([original, Buffer.from('tampered')]));
    const before = await tableRows(target, 'reports');
    try {
      await expect(restoreBackup(target.db, target.deps.storage, dir, { force: true })).rejects.toThrow(
        BackupError,
      );
      await expect(verifyBackup(dir)).rejects.toThrow(/file .* is missing or damaged/);
      expect(await tableRows(target, 'reports')).toEqual(before);
    } finally {
      await writeFile(file, original);
    }
    // Forced, it replaces everything: the report uploaded on the target after the restore is gone.
    await restoreBackup(target.db, target.deps.storage, dir, { force: true });
    expect((await tableRows(target, 'reports')).length).toBe(
      manifest.tables.find((t) => t.name === 'reports')!.rows,
    );
  });
});
