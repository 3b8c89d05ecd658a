import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { chmod, mkdtemp, open, readdir, rm, stat, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseError, startEmbeddedPostgres } from '@reportsaathi/db';
import { STORAGE_FULL } from '../../api/src/http/errors';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * Bad input "a full disk" (decision 098): the storage folder on a real filesystem that
 * fills up — a small tmpfs, which only root may mount (CI runs as root). An upload then answers
 * 507 with a plain detail, leaves no half-written file and no report row, readiness says storage,
 * and once space is freed uploads work again without a restart. The embedded database started on
 * a full disk stops with its one clear message.
 */
const isRoot = process.getuid?.() === 0;
/** Root in a container without CAP_SYS_ADMIN cannot mount either: try once, and say why if not. */
function canMount(): string | null {
  if (!isRoot) return 'mounting a small tmpfs needs root (CI runs the tests as root)';
  const probe = mkdtempSync(path.join(os.tmpdir(), 'rs-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe]);
    return null;
  } catch (err) {
    return `this root cannot mount a tmpfs (${(err as Error).message.split('\n')[0]})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const cannotMount = canMount();
if (cannotMount) console.log(`disk-full.test.ts skipped: ${cannotMount}`);

const mounts: string[] = [];
async function smallDisk(size: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-full-'));
  await chmod(dir, 0o755);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of mounts) {
    execFileSync('umount', ['-l', dir]);
    await rm(dir, { recursive: true, force: true });
  }
});

/** Writes zeros until the disk refuses (ENOSPC); returns the filler's path. */
async function fill(dir: string): Promise<string> {
  const filler = path.join(dir, 'filler');
  const fh = await open(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) await fh.write(chunk);
  } catch (err) {
    expect((err as { code?: string }).code).toBe('ENOSPC');
  } finally {
    await fh.close();
  }
  return filler;
}

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe.skipIf(cannotMount !== null)('a full disk', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await smallDisk('4m');
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an upload answers 507 with a detail, and leaves no half-written file and no report', async () => {
    const c = new Client(t.baseUrl);
    const { user } = await registerAndLogin(c);
    const filler = await fill(dataDir);
    // Free 64 KB: the upload (300 KB) starts to be written, then the disk is full mid-file.
    await truncate(filler, (await stat(filler)).size - 64 * 1024);
    const before = await filesUnder(dataDir);
    const big = `Hemoglobin 11.2 g/dL 13.0 - 17.0\n${'Glucose 132 mg/dL 70 - 100\n'.repeat(11_000)}`;
    const res = await c.request('POST', '/reports/upload', fileForm('lab.txt', big, 'text/plain'));
    expect(res.status).toBe(507);
    expect(res.body).toEqual({ detail: STORAGE_FULL });
    expect(await filesUnder(dataDir)).toEqual(before);
    const rows = await t.db.selectFrom('reports').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);

    // Readiness names storage while no byte can be written.
    await fill(dataDir);
    const ready = await fetch(`${t.baseUrl}/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.stringify(await ready.json())).toContain('storage');

    // Space freed: the same process takes uploads again.
    await rm(path.join(dataDir, 'filler'), { force: true });
    const again = await c.request(
      'POST',
      '/reports/upload',
      fileForm('lab.txt', 'Hemoglobin 11.2 g/dL 13.0 - 17.0\n', 'text/plain'),
    );
    expect(again.status).toBe(201);
    expect((await fetch(`${t.baseUrl}/health/ready`)).status).toBe(200);
  });

  it('the embedded database on a full disk stops with one clear message', async () => {
    const dir = await smallDisk('2m');
    const err = await startEmbeddedPostgres(path.join(dir, 'data')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddedDatabaseError);
    expect((err as EmbeddedDatabaseError).cause_).toBe('disk');
    expect((err as Error).message).toMatch(/The disk holding .* is full/);
    expect((err as Error).message).toContain('Free some space on that disk');
  }, 60_000);
});
