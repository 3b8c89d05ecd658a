import {
  isAdminRole,
  permissionsFor,
  type AdminLoginRequest,
  type AdminMe,
  type TwoFactorChallenge,
  type TwoFactorLoginRequest,
} from '@reportsaathi/contracts';
import { transaction, type Admin, type DB } from '@reportsaathi/db';
import { AppError } from '../../kernel/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/security/passwords';
import { assertNotThrottled } from '../../platform/security/login-throttle';
import { challengeIfNeeded, completeChallenge, noteFailedLogin, noteSuccessfulLogin } from '../security';
import type { RequestInfo } from '../../kernel/principal';
import { insertAudit } from '../audit';
import { issueToken } from '../../platform/sessions/tokens';
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
 * Password sign-in for staff. With two-factor sign-in on, the answer is a challenge instead of a
 * session and completeAdminTwoFactorLogin finishes it.
 */
export async function loginAdmin(
  db: DB,
  secret: string,
  input: AdminLoginRequest,
  meta: RequestInfo,
): Promise<{ token: string; admin: AdminMe } | TwoFactorChallenge> {
  // A place among the attempts is held until this try's outcome is recorded (login-throttle.ts).
  const attempt = await assertNotThrottled(db, 'admin', input.username, meta.ip);
  try {
    const admin = await findAdminByUsername(db, input.username);
    const ok = admin
      ? await verifyPassword(admin.password_hash, input.password)
      : (await burnPasswordCheck(input.password), false);
    if (!admin || !ok || !admin.is_active) {
      const reason = admin && ok ? 'inactive' : 'bad_credentials';
      await noteFailedLogin(db, {
        kind: 'admin',
        identifier: input.username,
        reason,
        subject: admin ? { kind: 'admin', id: admin.id } : null,
        ip: meta.ip,
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
    const challenge = await challengeIfNeeded(db, { kind: 'admin', id: admin.id }, input.username, meta);
    if (challenge) return challenge;
    return await finishAdminLogin(db, secret, admin, input.username, 'password', meta);
  } finally {
    await attempt.release();
  }
}

function finishAdminLogin(
  db: DB,
  secret: string,
  admin: Admin,
  identifier: string,
  method: string,
  meta: RequestInfo,
): Promise<{ token: string; admin: AdminMe }> {
  return transaction(db, async (trx) => {
    await noteSuccessfulLogin(trx, {
      kind: 'admin',
      identifier,
      subject: { kind: 'admin', id: admin.id },
      ip: meta.ip,
      method,
    });
    await markAdminLogin(trx, admin.id);
    await insertAudit(
      trx,
      { ...meta, admin },
      { action: 'login', resource_type: 'admin', resource_id: admin.id, details: { method } },
    );
    const token = await issueToken(trx, secret, 'admin', admin.id, meta);
    return { token, admin: toAdminMe({ ...admin, last_login: new Date() }) };
  });
}

/** The second step of a staff sign-in with two-factor sign-in on. */
export async function completeAdminTwoFactorLogin(
  db: DB,
  secret: string,
  input: TwoFactorLoginRequest,
  meta: RequestInfo,
): Promise<{ token: string; admin: AdminMe }> {
  const done = await completeChallenge(db, 'admin', input, meta);
  const admin = await findAdminById(db, done.subject.id);
  if (!admin || !admin.is_active) throw new AppError(401, INVALID_ADMIN_LOGIN);
  return finishAdminLogin(db, secret, admin, done.identifier, done.method, meta);
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
