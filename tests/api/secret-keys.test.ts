import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '@reportsaathi/db';
import { buildDeps } from '../../api/src/bootstrap/build-deps';
import { ConfigError, readEnv } from '../../api/src/env';
import { createLogger } from '../../api/src/logger';
import { deriveKey, encryptValue } from '../../api/src/platform/settings/settings-crypto';
import { getStringSetting } from '../../api/src/platform/settings/settings.service';
import { createEmptyDatabase } from './harness';

/**
 * The signing key and the settings encryption key live outside the database: the environment or
 * a key file under DATA_DIR (or KEY_FILE). Keys an older version kept in system_settings move to
 * the key file at start; production without keys does not start; a database whose keys are in a
 * file elsewhere is not given new ones.
 */
const logger = createLogger('silent');
const handles: DatabaseHandle[] = [];
const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const h of handles) await h.close();
  for (const d of drops) await d();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function fresh() {
  const database = await createEmptyDatabase();
  drops.push(database.drop);
  const handle = connectDatabase(database.url, { max: 3 });
  handles.push(handle);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-keys-'));
  dirs.push(dataDir);
  return { url: database.url, handle, dataDir };
}

function start(handle: DatabaseHandle, vars: Record<string, string>) {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...vars });
  return buildDeps(handle, env, logger, { supervise: false, superAdmin: false });
}

describe('keys outside the database', () => {
  let legacy: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    legacy = await fresh();
  });

  it('moves keys an older version kept in the database to the key file; secrets still open', async () => {
    const { handle, url, dataDir } = legacy;
    // The database as the previous version left it: both keys in system_settings, an API key sealed.
    await migrateToLatest(handle.db as never);
    const oldJwt = 'j'.repeat(40);
    const oldKey = 'k'.repeat(40);
    await handle.db
      .insertInto('system_settings')
      .values([
        { key: 'jwt_secret', value: oldJwt, data_type: 'string', category: 'security', is_sensitive: true },
        {
          key: 'settings_encryption_key',
          value: oldKey,
          data_type: 'string',
          category: 'security',
          is_sensitive: true,
        },
      ])
      .execute();
    const built = await start(handle, { DATABASE_URL: url, DATA_DIR: dataDir });
    await handle.db
      .updateTable('system_settings')
      .set({ value: encryptValue(deriveKey(oldKey), 'sk-live-123') })
      .where('key', '=', 'ai_api_key')
      .execute();
    try {
      expect(built.deps.jwtSecret).toBe(oldJwt);
      const file = path.join(dataDir, 'secret-keys.json');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ jwtSecret: oldJwt, settingsKey: oldKey });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await getStringSetting(handle.db, 'ai_api_key')).toBe('sk-live-123');
      // A dump of the database holds neither key.
      const rows = await handle.db.selectFrom('system_settings').select(['key', 'value']).execute();
      const dump = JSON.stringify(rows);
      expect(dump).not.toContain(oldJwt);
      expect(dump).not.toContain(oldKey);
    } finally {
      await built.stop();
    }
  });

  it('a second process on that database without the key file stops with a clear error', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'rs-keys-other-'));
    dirs.push(elsewhere);
    const second = connectDatabase(legacy.url, { max: 2 });
    handles.push(second);
    await expect(start(second, { DATABASE_URL: legacy.url, DATA_DIR: elsewhere })).rejects.toThrow(
      /kept outside it, in a key file this process cannot find/,
    );
  });

  it('development: a first start generates the key file; a restart reads the same keys', async () => {
    const { handle, url, dataDir } = await fresh();
    const a = await start(handle, { DATABASE_URL: url, DATA_DIR: dataDir });
    await a.stop();
    const b = await start(handle, { DATABASE_URL: url, DATA_DIR: dataDir });
    await b.stop();
    expect(b.deps.jwtSecret).toBe(a.deps.jwtSecret);
    const keys = JSON.parse(await readFile(path.join(dataDir, 'secret-keys.json'), 'utf8'));
    expect(keys.jwtSecret).toBe(a.deps.jwtSecret);
    const dump = JSON.stringify(await handle.db.selectFrom('system_settings').selectAll().execute());
    expect(dump).not.toContain(keys.jwtSecret);
    expect(dump).not.toContain(keys.settingsKey);
  });

  it('production: no key in the environment or a key file stops start-up, naming what to set', async () => {
    const { handle, url, dataDir } = await fresh();
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production' };
    const refused = start(handle, env);
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/JWT_SECRET is not set/);
    const ok = await start(handle, {
      ...env,
      JWT_SECRET: 'e'.repeat(40),
      SETTINGS_ENCRYPTION_KEY: 'f'.repeat(40),
    });
    expect(ok.deps.jwtSecret).toBe('e'.repeat(40));
    await ok.stop();
  });
});
