import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '@reportsaathi/db';
import type { Storage } from '../storage/storage';

/**
 * `npm run storage:migrate -- --from disk --to s3` (decision 095): copies every report's file from
 * one driver to the other. Resumable: a file already in the target with the right sha256 (the
 * reports.content_hash taken at upload) is skipped, so an interrupted run is simply run again.
 * Verified: each copy is read back from the target and hashed. The source is left as it was.
 */
export interface MigrateResult {
  copied: number;
  skipped: number;
  missing: string[];
  damaged: string[];
}

export async function migrateFiles(
  db: DB,
  from: Storage,
  to: Storage,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<MigrateResult> {
  const rows = await db
    .selectFrom('reports')
    .select(['storage_key', 'content_hash'])
    .where('storage_key', 'is not', null)
    .orderBy('id')
    .execute();
  const result: MigrateResult = { copied: 0, skipped: 0, missing: [], damaged: [] };
  let done = 0;
  for (const { storage_key: key, content_hash: hash } of rows) {
    progress(done++, rows.length);
    if (!key) continue;
    const existing = await readIfThere(to, key);
    if (existing && sha256(existing) === hash) {
      result.skipped += 1;
      continue;
    }
    const bytes = await readIfThere(from, key);
    if (!bytes) {
      result.missing.push(key);
      continue;
    }
    if (sha256(bytes) !== hash) {
      result.damaged.push(key); // never copy a file that does not match what was uploaded
      continue;
    }
    const temp = path.join(to.tempDir, `migrate-${key}`);
    await writeFile(temp, bytes);
    await to.putFile(key, temp);
    const copy = await readIfThere(to, key);
    if (!copy || sha256(copy) !== hash)
      throw new Error(`The copy of ${key} in the target does not match its checksum.`);
    result.copied += 1;
  }
  progress(done, rows.length);
  return result;
}

async function readIfThere(storage: Storage, key: string): Promise<Buffer | null> {
  try {
    return await storage.get(key);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw err;
  }
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
