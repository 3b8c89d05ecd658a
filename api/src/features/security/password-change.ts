import { USER_MESSAGES, type ChangePasswordRequest } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { badRequest } from '../../kernel/errors';
import { hashPassword } from '../../platform/security/passwords';
import { checkCurrentPassword, reauthOf } from '../../platform/security/reauth';
import { audited } from '../audit';
import { recordSecurityEvent } from '../../platform/security/security-events';
import { revokeOtherSessions, type Subject } from '../../platform/security/security.repo';

/**
 * Password changes, for patients (/user/change-password calls `notePasswordChanged`) and staff
 * (/security/admin/change-password below). Either way a `password_changed` security event is
 * written, with no password in it, and every other session of the account ends.
 */
export async function notePasswordChanged(
  db: DB,
  subject: Subject,
  ip: string | null,
  sessionsSignedOut: number,
): Promise<void> {
  await recordSecurityEvent(db, {
    type: 'password_changed',
    subject,
    ip,
    details: { sessions_signed_out: sessionsSignedOut },
  });
}

/** A wrong current password is a security event too (someone at an unlocked screen guessing). */
export async function refusePasswordChange(db: DB, subject: Subject, ip: string | null): Promise<never> {
  await recordSecurityEvent(db, {
    type: 'password_change_failed',
    subject,
    ip,
    details: { reason: 'current_password_wrong' },
  });
  throw badRequest(USER_MESSAGES.currentPasswordWrong, {
    current_password: USER_MESSAGES.currentPasswordWrong,
  });
}

export async function changeAdminPassword(
  deps: AppDeps,
  actor: AdminActor,
  input: ChangePasswordRequest,
): Promise<{ message: string; sessions_signed_out: number }> {
  const subject: Subject = { kind: 'admin', id: actor.admin.id };
  if (!(await checkCurrentPassword(deps.db, reauthOf(actor), input.current_password)))
    return refusePasswordChange(deps.db, subject, actor.ip);
  if (input.current_password === input.new_password)
    throw badRequest('The new password must differ from the current one', {
      new_password: 'The new password must differ from the current one',
    });
  const hash = await hashPassword(input.new_password);
  const signedOut = await audited(
    deps,
    actor,
    { action: 'change_password', resource_type: 'admin', resource_id: actor.admin.id },
    async (trx, note) => {
      await trx
        .updateTable('admins')
        .set({ password_hash: hash, updated_at: new Date() })
        .where('id', '=', actor.admin.id)
        .execute();
      const n = await revokeOtherSessions(trx, subject, actor.sessionId);
      note.details({ sessions_signed_out: n });
      await notePasswordChanged(trx, subject, actor.ip, n);
      return n;
    },
  );
  return { message: USER_MESSAGES.passwordChanged, sessions_signed_out: signedOut };
}
