import { isAdminRole, permissionsFor, type AdminMe } from '@reportsaathi/contracts';
import type { Admin, DB } from '@reportsaathi/db';
import { AppError } from '../../kernel/errors';
import { hashPassword } from '../../platform/security/passwords';
import type { SignInPolicy } from '../auth';
import { insertAudit } from '../audit';
import { findAdminById, findAdminByUsername, insertAdmin, markAdminLogin } from './admin-auth.repo';

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

/**
 * A staff sign-in: by user name; a deactivated account gets the same 401 as a wrong password, and
 * every attempt, failed or not, leaves an audit row.
 */
export const staffSignIn: SignInPolicy<Admin, AdminMe> = {
  kind: 'admin',
  findByIdentifier: findAdminByUsername,
  findById: findAdminById,
  invalid: INVALID_ADMIN_LOGIN,
  inactive: () => new AppError(401, INVALID_ADMIN_LOGIN),
  onFailure: (trx, { account, identifier, reason, meta }) =>
    insertAudit(
      trx,
      { ...meta, admin: account },
      {
        action: 'login',
        resource_type: 'admin',
        resource_id: account?.id ?? null,
        success: 'failed',
        details: { username: identifier, reason },
      },
    ),
  onSuccess: async (trx, admin, method, meta) => {
    await markAdminLogin(trx, admin.id);
    await insertAudit(
      trx,
      { ...meta, admin },
      { action: 'login', resource_type: 'admin', resource_id: admin.id, details: { method } },
    );
  },
  present: toAdminMe,
};

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
