import { isAdminRole, permissionsFor, type AdminLoginRequest, type AdminMe } from '@reportsaathi/contracts';
import { transaction, type Admin, type DB } from '@reportsaathi/db';
import { AppError } from '../../http/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../security/passwords';
import { assertNotThrottled, recordLoginAttempt } from '../../security/login-throttle';
import type { RequestInfo } from '../../http/actor';
import { insertAudit } from '../audit/audit.repo';
import { issueToken } from '../sessions/tokens';
import { findAdminByUsername, insertAdmin, markAdminLogin } from './admin-auth.repo';

export const INVALID_ADMIN_LOGIN = 'Incorrect username or password';

export function toAdminMe(admin: Admin): AdminMe {
  return {
    id: admin.id,
    username: admin.username,
    email: admin.email,
    full_name: admin.full_name,
    role: admin.role,
    permissions: permissionsFor(admin.role),
    last_login: admin.last_login?.toISOString() ?? null,
  };
}

export async function loginAdmin(
  db: DB,
  secret: string,
  input: AdminLoginRequest,
  meta: RequestInfo,
): Promise<{ token: string; admin: AdminMe }> {
  await assertNotThrottled(db, 'admin', input.username, meta.ip);
  const admin = await findAdminByUsername(db, input.username);
  const ok = admin
    ? await verifyPassword(admin.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!admin || !ok || !admin.is_active) {
    const reason = admin && ok ? 'inactive' : 'bad_credentials';
    await recordLoginAttempt(db, {
      kind: 'admin',
      identifier: input.username,
      ip: meta.ip,
      success: false,
      reason,
    });
    await insertAudit(
      db,
      { ...meta, admin: admin ?? null },
      {
        action: 'login',
        resource_type: 'admin',
        resource_id: admin?.id ?? null,
        success: 'failed',
        details: { username: input.username, reason },
      },
    );
    throw new AppError(401, INVALID_ADMIN_LOGIN);
  }
  return transaction(db, async (trx) => {
    await recordLoginAttempt(trx, { kind: 'admin', identifier: input.username, ip: meta.ip, success: true });
    await markAdminLogin(trx, admin.id);
    await insertAudit(
      trx,
      { ...meta, admin },
      { action: 'login', resource_type: 'admin', resource_id: admin.id },
    );
    const token = await issueToken(trx, secret, 'admin', admin.id, meta);
    return { token, admin: toAdminMe({ ...admin, last_login: new Date() }) };
  });
}

/** Used by the bootstrap and the operator CLI. */
export async function createAdmin(
  db: DB,
  input: {
    username: string;
    password: string;
    role: string;
    email?: string | null;
    full_name?: string | null;
  },
): Promise<Admin> {
  if (!isAdminRole(input.role)) throw new AppError(400, `Unknown role: ${input.role}`);
  if (await findAdminByUsername(db, input.username)) throw new AppError(409, 'Username already exists');
  return insertAdmin(db, {
    username: input.username,
    email: input.email ?? null,
    full_name: input.full_name ?? input.username,
    role: input.role,
    password_hash: await hashPassword(input.password),
  });
}
