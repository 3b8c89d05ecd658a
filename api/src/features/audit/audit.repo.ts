import type { Admin, DB } from '@reportsaathi/db';
import type { RequestInfo } from '../../http/actor';

export type AuditOutcome = 'success' | 'failed' | 'partial';

export interface AuditEntry {
  action: string;
  resource_type: string;
  resource_id?: string | number | null;
  success?: AuditOutcome;
  details?: Record<string, unknown>;
}

/** Who did it and from where; for a failed admin sign-in the admin may be unknown. */
export interface AuditActor extends RequestInfo {
  admin: Pick<Admin, 'id' | 'email' | 'username'> | null;
}

/** Inserts one audit row (append-only). Callers use audited() so it joins the change's transaction. */
export async function insertAudit(db: DB, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const { admin } = actor;
  await db
    .insertInto('audit_logs')
    .values({
      admin_id: admin?.id ?? null,
      admin_email: admin ? (admin.email ?? admin.username) : null,
      action: entry.action,
      resource_type: entry.resource_type,
      resource_id: entry.resource_id == null ? null : String(entry.resource_id),
      success: entry.success ?? 'success',
      ip_address: actor.ip,
      user_agent: actor.userAgent,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
