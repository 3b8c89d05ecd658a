import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { DB } from '@reportsaathi/db';

/**
 * Sensitive setting values (API keys, payment secrets) are stored encrypted with AES-256-GCM,
 * so a database dump or a backup does not hand them out. The key comes from
 * SETTINGS_ENCRYPTION_KEY; when that is unset one is generated once and kept in the database
 * (like the JWT secret), which still keeps the secrets out of every API answer and log but not
 * out of a full dump — production should set the variable. See docs/decisions/073.
 */
const PREFIX = 'enc:v1:';
export const ENCRYPTION_KEY_SETTING = 'settings_encryption_key';

/** Any text of 32+ characters becomes a 256-bit key. */
export function deriveKey(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function isEncrypted(stored: string | null): boolean {
  return stored != null && stored.startsWith(PREFIX);
}

export function encryptValue(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64')}:${tag.toString('base64')}:${body.toString('base64')}`;
}

/** The plain value; null when it cannot be decrypted (another key), never the ciphertext. */
export function decryptValue(key: Buffer, stored: string): string | null {
  if (!isEncrypted(stored)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The key from the environment, else the one generated on first start and kept in the database. */
export async function resolveSettingsKey(db: DB, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return deriveKey(fromEnv);
  await db
    .insertInto('system_settings')
    .values({
      key: ENCRYPTION_KEY_SETTING,
      value: randomBytes(32).toString('base64url'),
      data_type: 'string',
      category: 'security',
      description:
        'Key of the sensitive settings (generated; set SETTINGS_ENCRYPTION_KEY to manage it yourself)',
      requires_restart: true,
      is_sensitive: true,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', ENCRYPTION_KEY_SETTING)
    .executeTakeFirstOrThrow();
  return deriveKey(row.value!);
}
