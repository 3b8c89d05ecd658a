import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '../../api/src/http/errors';
import { migrateFiles } from '../../api/src/ops/storage-migrate';
import { createStorage } from '../../api/src/storage/create-storage';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

/**
 * Decision 095: STORAGE=s3 against a local S3-compatible server (s3rver) that
 * the test starts: uploads land in the bucket, analyses read them from it, deletions remove them,
 * readiness asks the bucket, a bucket that is down answers 503 with nothing half-made, and
 * storage:migrate copies disk files over, resumably and verified by checksum.
 */
let s3: S3rver;
let s3Dir: string;
let port: number;
let app: TestApp;
let s3Env: Record<string, string>;

async function startS3(atPort = 0) {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: atPort,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'reports' }],
  });
  port = (await s3.run()).port;
}

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'rs-s3-'));
  await startS3();
  s3Env = {
    STORAGE: 's3',
    S3_BUCKET: 'reports',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'uploads',
  };
  app = await createTestApp(s3Env, { worker: true });
});
afterAll(async () => {
  await app?.close();
  await s3?.close().catch(() => undefined);
  await rm(s3Dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const REPORT = 'Hemoglobin 11.2 g/dL 13.0 - 17.0\nGlucose Fasting 132 mg/dL 70 - 100\n';

describe('S3-compatible storage', () => {
  it('stores uploads in the bucket, analyses them from it, and deletes them with their report', async () => {
    const c = new Client(app.baseUrl);
    await registerAndLogin(c);
    const up = await c.request('POST', '/reports/upload', fileForm('lab.txt', REPORT, 'text/plain'));
    expect(up.status).toBe(201);
    const done = await waitForReport(c, `/reports/${up.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.values.length).toBeGreaterThan(0);
    const row = await app.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', up.body.id)
      .executeTakeFirstOrThrow();
    expect(sha(await app.deps.storage.get(row.storage_key!))).toBe(row.content_hash);
    // In the bucket under the prefix, and nothing left in the local arrival folder.
    const keys = JSON.stringify(await readdir(s3Dir, { recursive: true }));
    expect(keys).toContain(row.storage_key!);
    expect(await readdir(app.deps.storage.tempDir)).toEqual([]);
    expect((await c.get('/health/ready')).body.checks.storage).toBe('ok');

    expect((await c.delete(`/reports/${up.body.id}`)).status).toBe(200);
    await expect(app.deps.storage.get(row.storage_key!)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('storage:migrate copies disk files to the bucket, verified, and a second run finds them there', async () => {
    const disk = await createTestApp();
    try {
      const c = new Client(disk.baseUrl);
      await registerAndLogin(c);
      for (const n of [1, 2, 3])
        expect(
          (await c.request('POST', '/reports/upload', fileForm(`r${n}.txt`, `${REPORT}${n}\n`, 'text/plain')))
            .status,
        ).toBe(201);
      const target = createStorage({
        ...disk.deps.env,
        ...s3Env,
        S3_FORCE_PATH_STYLE: true,
        STORAGE: 's3',
      } as never);
      const first = await migrateFiles(disk.db, disk.deps.storage, target);
      expect(first).toEqual({ copied: 3, skipped: 0, missing: [], damaged: [] });
      const again = await migrateFiles(disk.db, disk.deps.storage, target);
      expect(again).toEqual({ copied: 0, skipped: 3, missing: [], damaged: [] });
      for (const r of await disk.db.selectFrom('reports').select(['storage_key', 'content_hash']).execute())
        expect(sha(await target.get(r.storage_key!))).toBe(r.content_hash);
    } finally {
      await disk.close();
    }
  });

  it('a bucket that is down: uploads answer 503, no report is created, readiness says storage', async () => {
    const c = new Client(app.baseUrl);
    const { user } = await registerAndLogin(c);
    await s3.close();
    try {
      const res = await c.request('POST', '/reports/upload', fileForm('lab.txt', REPORT, 'text/plain'));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: STORAGE_UNAVAILABLE });
      const rows = await app.db.selectFrom('reports').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toEqual([]);
      expect(await readdir(app.deps.storage.tempDir)).toEqual([]);
      const ready = await c.get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.storage).toBe('error');
    } finally {
      await startS3(port);
    }
    expect(
      (await c.request('POST', '/reports/upload', fileForm('lab.txt', REPORT, 'text/plain'))).status,
    ).toBe(201);
  });
});
