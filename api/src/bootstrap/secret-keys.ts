import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '@reportsaathi/db';
import { ConfigError, type Env } from '../env';

/**
 * The two keys the product's secrets hang on: JWT_SECRET signs every session token, and
 * SETTINGS_ENCRYPTION_KEY encrypts the stored API and payment keys and every TOTP secret. They
 * are never kept in the database: a dump or a backup of it must not carry the key that opens it.
 *
 * Each key comes from, in order:
 * 1. the environment (JWT_SECRET, SETTINGS_ENCRYPTION_KEY) — what production should use;
 * 2. the key file, KEY_FILE or DATA_DIR/secret-keys.json (mode 0600), which database backups
 *    (`npm run db:backup`) do not include;
 * 3. a key an older version kept in system_settings: written to the key file, then deleted from
 *    the database (once, at the first start of this version);
 * 4. outside production, a new random key written to the key file, so `npm ci && npm start`
 *    needs no configuration. In production a missing key stops start-up with a message that
 *    says what to set.
 * A database whose keys went to a key file is marked (`secret_keys_outside`), so a process
 * that cannot find them (another DATA_DIR, a lost file) stops instead of making new keys that
 * would log everyone out and leave every stored secret unreadable.
 */
export interface SecretKeys {
  jwtSecret: string;
  settingsKey: string;
}

const LEGACY_ROWS = { jwtSecret: 'jwt_secret', settingsKey: 'settings_encryption_key' } as const;
const ENV_NAMES = { jwtSecret: 'JWT_SECRET', settingsKey: 'SETTINGS_ENCRYPTION_KEY' } as const;
export const OUTSIDE_MARKER = 'secret_keys_outside';
export const KEY_FILE_NAME = 'secret-keys.json';

export function keyFilePath(env: Pick<Env, 'DATA_DIR' | 'KEY_FILE'>): string {
  return env.KEY_FILE ? path.resolve(env.KEY_FILE) : path.join(env.DATA_DIR, KEY_FILE_NAME);
}

async function readKeyFile(file: string): Promise<Partial<SecretKeys>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`The key file ${file} cannot be read: ${(err as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof SecretKeys, unknown>>;
    const out: Partial<SecretKeys> = {};
    for (const k of ['jwtSecret', 'settingsKey'] as const) {
      const v = parsed[k];
      if (typeof v === 'string' && v.length >= 32) out[k] = v;
    }
    return out;
  } catch {
    throw new ConfigError(`The key file ${file} is not valid JSON; restore it from where you keep it`);
  }
}

async function writeKeyFile(file: string, keys: Partial<SecretKeys>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

/**
 * The keys of this process. Runs under the bootstrap lock (build-deps.ts), so processes starting
 * together on one database and one DATA_DIR agree on one pair.
 */
export async function resolveSecretKeys(db: DB, env: Env): Promise<SecretKeys> {
  const file = keyFilePath(env);
  const fromFile = await readKeyFile(file);
  const legacy = await db
    .selectFrom('system_settings')
    .select(['key', 'value'])
    .where('key', 'in', [LEGACY_ROWS.jwtSecret, LEGACY_ROWS.settingsKey, OUTSIDE_MARKER])
    .execute();
  const row = (key: string) => legacy.find((r) => r.key === key)?.value || undefined;
  const markedOutside = row(OUTSIDE_MARKER) === 'true';

  const keys: Partial<SecretKeys> = {};
  const toFile: Partial<SecretKeys> = { ...fromFile };
  let fileChanged = false;
  for (const k of ['jwtSecret', 'settingsKey'] as const) {
    const fromEnv = env[ENV_NAMES[k]];
    const moved = row(LEGACY_ROWS[k]);
    if (fromEnv) keys[k] = fromEnv;
    else if (fromFile[k]) keys[k] = fromFile[k];
    else if (moved) {
      keys[k] = toFile[k] = moved;
      fileChanged = true;
    } else if (env.NODE_ENV === 'production')
      throw new ConfigError(
        `${ENV_NAMES[k]} is not set and no key file holds it (${file}). In production set ${ENV_NAMES[k]} ` +
          '(at least 32 random characters, e.g. `openssl rand -base64 48`), or put the key file of this ' +
          'database there. It is never kept in the database.',
      );
    else if (markedOutside)
      throw new ConfigError(
        `This database's ${ENV_NAMES[k]} is kept outside it, in a key file this process cannot find ` +
          `(${file}). Copy the key file of the process that first started on this database there, ` +
          `or set KEY_FILE or ${ENV_NAMES[k]}; a new key would sign everyone out and leave stored secrets unreadable.`,
      );
    else {
      keys[k] = toFile[k] = randomBytes(48).toString('base64url');
      fileChanged = true;
    }
  }
  if (fileChanged) await writeKeyFile(file, toFile);
  // The database keeps no key: legacy rows go once they are safe in the file.
  await db
    .deleteFrom('system_settings')
    .where('key', 'in', [LEGACY_ROWS.jwtSecret, LEGACY_ROWS.settingsKey])
    .execute();
  if (fileChanged && !markedOutside)
    await db
      .insertInto('system_settings')
      .values({
        key: OUTSIDE_MARKER,
        value: 'true',
        data_type: 'boolean',
        category: 'security',
        description: 'The signing and encryption keys of this database live in a key file or the environment',
        requires_restart: true,
        is_sensitive: false,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  return keys as SecretKeys;
}
