// @ts-nocheck
import { randomBytes } from 'node:crypto';
import type { DB } from '@reportsaathi/db';

/**
 * JWT_SECRET from the environment, else one generated once and kept in system_settings, so
 * every process sharing the database (api, worker, web roles) signs and verifies alike
 * and tokens survive restarts.
 */
export async function resolveJwtSecret(db: DB, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insertInto('system_settings')
    .values({
      key: 'jwt_secret',
      value: randomBytes(48).toString('base64url'),
      data_type: 'string',
      category: 'security',
      description: 'Signing key of session tokens (generated; set JWT_SECRET to manage it yourself)',
      requires_restart: true,
      is_sensitive: true,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value!;
}
