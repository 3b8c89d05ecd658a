import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Sensitive setting values (API keys, payment secrets) are stored encrypted with AES-256-GCM,
 * so a database dump or a backup does not hand them out. The key comes from
 * SETTINGS_ENCRYPTION_KEY or the key file outside the database (bootstrap/secret-keys.ts). See
 * docs/decisions/073 and 120.
 */
const PREFIX = 'enc:v1:';

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
