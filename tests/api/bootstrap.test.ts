import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '@reportsaathi/db';
import { buildDeps } from '../../api/src/bootstrap/build-deps';
import { readEnv } from '../../api/src/env';
import { createLogger } from '../../api/src/logger';
import { seedDemoData } from '../../api/src/seed/demo';
import { createEmptyDatabase } from './harness';

/**
 * The real first start, twice at once: two processes on one empty database take turns under the
 * bootstrap lock, so there is one super admin, one signing key (in the key file) and one set of demo data.
 */
let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
let dataDir: string;
const handles: DatabaseHandle[] = [];
beforeAll(async () => {
  database = await createEmptyDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-boot-'));
});
afterAll(async () => {
  for (const h of handles) await h.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bootstrap', () => {
  it('two processes starting together create one super admin, one secret and one set of demo data', async () => {
    const env = readEnv({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'true',
    });
    const logger = createLogger('silent');
    const start = () => {
      const handle = connectDatabase(database.url, { max: 3 });
      handles.push(handle);
      return buildDeps(handle, env, logger, {
        supervise: false,
        onEmptyDatabase: async (deps) => {
          await seedDemoData(deps);
        },
      });
    };
    const [a, b] = await Promise.all([start(), start()]);
    try {
      const db = a.deps.db;
      const admins = await db.selectFrom('admins').select(['username', 'role']).orderBy('id').execute();
      // One super admin; the demo's staff of the other roles once.
      expect(admins).toEqual([
        { username: 'admin', role: 'super_admin' },
        { username: 'demo-admin', role: 'admin' },
        { username: 'demo-moderator', role: 'moderator' },
        { username: 'demo-viewer', role: 'viewer' },
      ]);
      // Exactly one of the two made it, and only that one has a password to print.
      const made = [a.bootstrapAdmin, b.bootstrapAdmin].filter(Boolean);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ username: 'admin', generated: true, password: expect.any(String) });

      // One signing key for both, kept in the key file under DATA_DIR, not in the database.
      const keyFile = JSON.parse(await readFile(path.join(dataDir, 'secret-keys.json'), 'utf8'));
      expect(a.deps.jwtSecret).toBe(keyFile.jwtSecret);
      expect(b.deps.jwtSecret).toBe(a.deps.jwtSecret);
      const inDb = await db
        .selectFrom('system_settings')
        .select('key')
        .where('key', 'in', ['jwt_secret', 'settings_encryption_key'])
        .execute();
      expect(inDb).toEqual([]);

      const users = await db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email)).toContain('demo@reportsaathi.in');
      expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
      const reports = await db.selectFrom('reports').select('original_filename').execute();
      expect(reports.length).toBeGreaterThan(0);
      expect(new Set(reports.map((r) => r.original_filename)).size).toBe(reports.length);

      const settings = await db.selectFrom('system_settings').select('key').execute();
      expect(new Set(settings.map((s) => s.key)).size).toBe(settings.length);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
