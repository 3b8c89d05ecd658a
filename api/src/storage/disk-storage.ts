import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Storage } from './storage';

/** Files under DATA_DIR/uploads/<first two chars of key>/<key>; writes are renames, so atomic. */
export class DiskStorage implements Storage {
  readonly tempDir: string;
  constructor(private readonly root: string) {
    this.tempDir = path.join(root, '.incoming');
    mkdirSync(this.tempDir, { recursive: true });
  }

  private pathFor(key: string): string {
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempPath, target);
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathFor(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  /** Writes and removes a probe file where uploads arrive: a full or read-only disk fails it. */
  async check(): Promise<void> {
    const probe = path.join(this.tempDir, `.ready-${randomBytes(6).toString('hex')}`);
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
  }
}
