import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/** All SQL of the links sent by mail. A token is stored only as its SHA-256 (a dump opens nothing). */

export type TokenPurpose = 'password_reset' | 'email_confirm';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token for the user; older unused links of the same purpose stop working. */
export async function issueAccountToken(
  db: DB,
  a: { userId: number; purpose: TokenPurpose; email: string; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', a.userId)
    .where('purpose', '=', a.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      user_id: a.userId,
      purpose: a.purpose,
      token_hash: hashToken(token),
      email: a.email,
      expires_at: new Date(now.getTime() + a.ttlMs),
    })
    .execute();
  return token;
}

/**
 * Uses a link: marks it used and answers it, in one statement, so two clicks racing cannot both
 * succeed. An unknown, used or expired token answers undefined.
 */
export function useAccountToken(db: DB, token: string, purpose: TokenPurpose) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'user_id', 'email'])
    .executeTakeFirst();
}

/** Every unused link of the user for this purpose stops working (a password just changed). */
export async function retireAccountTokens(db: DB, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'preferences', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUser(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'preferences', 'is_active', 'is_verified'])
    .where('id', '=', id)
    .executeTakeFirst();
}
