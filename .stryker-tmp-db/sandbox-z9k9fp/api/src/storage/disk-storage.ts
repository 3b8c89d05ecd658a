// @ts-nocheck
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
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
}
