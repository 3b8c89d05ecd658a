import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { SHARE_TOKEN_PATTERN } from '@reportsaathi/contracts';
import { promisify } from 'node:util';
import { decryptValue, deriveKey, encryptValue } from '../../platform/settings/settings-crypto';

/**
 * The secrets of a share link (decision 128):
 * - the token in the link: 32 random bytes (256 bits), base64url; stored as its SHA-256, so the
 *   table alone opens nothing, and sealed (AES-256-GCM) with a key derived from the server's
 *   secret, so the owner's print page can draw the link's QR code again;
 * - the PIN: 6 random digits, shown once, stored as a salted scrypt hash;
 * - the grant: after the right PIN, a short-lived HMAC of (link, expiry) the doctor's browser keeps
 *   in a cookie for this link's path only, so the page can be reloaded without the PIN again.
 */
const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

export const TOKEN_PATTERN = SHARE_TOKEN_PATTERN;
/** How long a right PIN keeps the page open in that browser. */
export const GRANT_MINUTES = 30;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(pin, salt, 32);
  return `scrypt:${salt.toString('base64')}:${hash.toString('base64')}`;
}

export async function verifyPin(stored: string, pin: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split(':');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(pin, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

const sealKey = (secret: string) => deriveKey(`share-link-token:${secret}`);

export function sealToken(secret: string, token: string): string {
  return encryptValue(sealKey(secret), token);
}

/** The token, or null when it was sealed under another server secret. */
export function openToken(secret: string, sealed: string | null): string | null {
  if (!sealed) return null;
  const token = decryptValue(sealKey(secret), sealed);
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

function grantMac(secret: string, linkId: number, expires: number): string {
  return createHmac('sha256', `share-link-grant:${secret}`)
    .update(`${linkId}.${expires}`)
    .digest('base64url');
}

export function newGrant(secret: string, linkId: number, linkExpiresAt: Date, now = Date.now()) {
  const expires = Math.min(now + GRANT_MINUTES * 60_000, linkExpiresAt.getTime());
  return { grant: `${expires}.${grantMac(secret, linkId, expires)}`, expiresAt: new Date(expires) };
}

export function grantValid(
  secret: string,
  linkId: number,
  grant: string | undefined,
  now = Date.now(),
): boolean {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(grant ?? '');
  if (!m || Number(m[1]) <= now) return false;
  const expected = Buffer.from(grantMac(secret, linkId, Number(m[1])));
  const given = Buffer.from(m[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
