import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startProduct } from '../../scripts/lib/product-server';
import { productEnv } from './product-env';

/**
 * `npm start` from a folder others cannot enter (a clone in /root, any 0700 folder): as root
 * the embedded PostgreSQL runs as the 'postgres' user, who can reach neither the project's
 * node_modules nor its DATA_DIR there (docs/decisions/090). The project is
 * copied with hard links (cp -al: seconds, no extra disk) into a 0700 folder inside the repo
 * (same file system), started with its own embedded database, asked for its health, and stopped.
 */
const sandboxes: string[] = [];
afterAll(async () => {
  for (const dir of sandboxes) {
    const pointer = path.join(dir, 'project', 'data', 'postgres.location');
    if (existsSync(pointer))
      await rm(path.dirname(readFileSync(pointer, 'utf8').trim()), { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  }
});

/** The first folder on the way to `dir` that other users cannot enter (no o+x), if any. */
function closedToOthers(dir: string): string | undefined {
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const folder = path.sep + parts.slice(0, i).join(path.sep);
    if ((statSync(folder).mode & 0o001) === 0) return folder;
  }
  return undefined;
}

/** A product with its own embedded database and only the API. */
const embeddedEnv = (extra: NodeJS.ProcessEnv = {}) => productEnv({ ROLE: 'api', ...extra });

async function closedFolderCopy(): Promise<string> {
  const sandbox = await mkdtemp(path.join(REPO_ROOT, '.tmp-start-anywhere-'));
  sandboxes.push(sandbox);
  await chmod(sandbox, 0o700);
  const project = path.join(sandbox, 'project');
  await mkdir(project);
  const skip = new Set(['.git', 'data', '.data-test', '.stryker-tmp']);
  const entries = (await readdir(REPO_ROOT)).filter((e) => !skip.has(e) && !e.startsWith('.tmp-'));
  const copy = spawnSync('cp', ['-al', ...entries.map((e) => path.join(REPO_ROOT, e)), project]);
  expect(copy.status, copy.stderr?.toString()).toBe(0);
  return project;
}

describe('start anywhere', () => {
  it('starts from a 0700 folder (as root: PostgreSQL runs as postgres) and serves its health, twice', async () => {
    const project = await closedFolderCopy();
    for (const round of [1, 2]) {
      let output = '';
      const product = await startProduct(embeddedEnv(), (c) => (output += c), project).catch((err: Error) => {
        throw new Error(`round ${round}: ${err.message}\n${output}`);
      });
      try {
        const health = await fetch(`${product.base}/api/v1/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ database: 'ok' });
      } finally {
        await product.stop();
      }
      expect(output).not.toMatch(/Unhandled|EACCES/);
    }
    if (process.getuid?.() === 0) {
      // The cluster went where the postgres user can reach it, and DATA_DIR says where.
      const pointer = path.join(project, 'data', 'postgres.location');
      expect(existsSync(pointer)).toBe(true);
      expect(existsSync(path.join(readFileSync(pointer, 'utf8').trim(), 'PG_VERSION'))).toBe(true);
    }
  }, 300_000);

  it('a data folder from another PostgreSQL version (or one PostgreSQL cannot reach): one clear message, exit non-zero, data untouched', async () => {
    const sandbox = await mkdtemp(path.join(REPO_ROOT, '.tmp-start-anywhere-'));
    sandboxes.push(sandbox);
    await chmod(sandbox, 0o755); // open itself; a closed folder above it is answered with its own message
    const dataDir = path.join(sandbox, 'data');
    await mkdir(path.join(dataDir, 'postgres'), { recursive: true });
    await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '9\n');
    const run = spawnSync('npx', ['tsx', 'scripts/start.ts'], {
      cwd: REPO_ROOT,
      env: embeddedEnv({ DATA_DIR: dataDir, PORT: '0' }),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    const closed = process.getuid?.() === 0 ? closedToOthers(dataDir) : undefined;
    if (closed) {
      // As root in a folder others cannot enter (a clone under /root): PostgreSQL's own user cannot
      // reach the cluster to read its version, and the product says which folder to open.
      expect(run.stderr).toContain(
        `cannot be reached by the 'postgres' user that runs PostgreSQL: ${closed}`,
      );
      expect(run.stderr).toContain('chmod o+x on that folder');
    } else {
      expect(run.stderr).toContain('was made by another version of PostgreSQL (made by PostgreSQL 9');
      expect(run.stderr).toContain('set DATA_DIR to a new folder');
    }
    expect(run.stderr).not.toMatch(/Unhandled|\n\s+at /);
    expect(readFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8')).toBe('9\n');
  }, 180_000);
});
