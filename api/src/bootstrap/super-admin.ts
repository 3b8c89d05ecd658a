import { randomBytes } from 'node:crypto';
import type { DB } from '@reportsaathi/db';
import type { Env } from '../env';
import { countAdmins } from '../features/admin-auth/admin-auth.repo';
import { createAdmin } from '../features/admin-auth/admin-auth.service';

/**
 * On an empty admins table, create the bootstrap super admin from ADMIN_USERNAME /
 * ADMIN_PASSWORD, or with a generated password that is returned for its owner (kept in a 0600
 * file, never printed: bootstrap/start-banner.ts).
 */
export async function ensureSuperAdmin(
  db: DB,
  env: Env,
): Promise<{ username: string; password: string | null; generated: boolean } | null> {
  if ((await countAdmins(db)) > 0) return null;
  const generated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await createAdmin(db, {
    username: env.ADMIN_USERNAME,
    password,
    role: 'super_admin',
    email: env.ADMIN_EMAIL,
    full_name: 'Super Admin',
  });
  return { username: env.ADMIN_USERNAME, password: generated ? password : null, generated };
}
