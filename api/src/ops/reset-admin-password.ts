import { transaction, type DB } from '@reportsaathi/db';
import { hashPassword } from '../platform/security/passwords';
import { clearFailures } from '../platform/security/login-throttle';
import { recordSecurityEvent } from '../platform/security/security-events';
import { revokeAllSessions } from '../platform/sessions';

/**
 * A staff member's new password, set by an operator on the server (`npm run admin --
 * reset-password USER`): every session of that account ends and its sign-in lockout is lifted,
 * so a super admin who lost the printed password can get back in. Recorded as a security event.
 */
export async function resetAdminPassword(
  db: DB,
  username: string,
  password: string,
): Promise<{ id: number; username: string; sessionsEnded: number } | null> {
  const passwordHash = await hashPassword(password);
  return transaction(db, async (trx) => {
    const admin = await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('username', '=', username)
      .returning(['id', 'username'])
      .executeTakeFirst();
    if (!admin) return null;
    const sessionsEnded = await revokeAllSessions(trx, { adminId: admin.id });
    await clearFailures(trx, 'admin', admin.username);
    await recordSecurityEvent(trx, {
      type: 'password_reset',
      subject: { kind: 'admin', id: admin.id },
      details: { by: 'operator_cli', sessions_signed_out: sessionsEnded },
    });
    return { ...admin, sessionsEnded };
  });
}
