import type { Request } from 'express';
import { TWO_FACTOR_SETUP_REQUIRED } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { clientIp, type AdminActor } from '../../kernel/principal';
import { AppError } from '../../kernel/errors';
import { decide, liveIpRules } from './ip-rules';
import { recordSecurityEvent } from './security-events';
import { requireTwoFactorForAdmins } from './security-settings';
import { isTwoFactorEnabled } from './two-factor.service';

export const IP_NOT_ALLOWED = 'Access from your IP address is not allowed';
export const TWO_FACTOR_REQUIRED =
  'Two-factor authentication is required for admin accounts. Set it up to continue.';

/** The admin surface: the staff API (/admin/*, /security/admin/*) and the /admin portal pages. */
export function isAdminSurface(path: string): boolean {
  return /^\/(admin|security\/admin)(\/|$)/.test(path);
}

/** Refuses (403) an address the IP rules keep out of the admin surface, and records it. */
export async function enforceIpRules(db: DB, req: Request): Promise<void> {
  const rules = await liveIpRules(db);
  if (rules.length === 0) return;
  const ip = clientIp(req);
  const decision = decide(ip, rules);
  if (decision === 'ok') return;
  await recordSecurityEvent(db, {
    type: 'ip_blocked',
    ip,
    details: { reason: decision, method: req.method, path: req.originalUrl.slice(0, 200) },
  });
  throw new AppError(403, IP_NOT_ALLOWED, undefined, 'ip_not_allowed');
}

/**
 * With the require_2fa_for_admins setting on, an admin without two-factor sign-in is refused
 * (403 with code two_factor_setup_required, which the back office turns into its setup screen)
 * everywhere except the calls that set it up, show who they are and sign out.
 */
export async function enforceTwoFactorRequirement(db: DB, actor: AdminActor): Promise<void> {
  if (!(await requireTwoFactorForAdmins(db))) return;
  if (await isTwoFactorEnabled(db, { kind: 'admin', id: actor.admin.id })) return;
  await recordSecurityEvent(db, {
    type: 'two_factor_required_refused',
    subject: { kind: 'admin', id: actor.admin.id },
    ip: actor.ip,
  });
  throw new AppError(403, TWO_FACTOR_REQUIRED, undefined, TWO_FACTOR_SETUP_REQUIRED);
}
