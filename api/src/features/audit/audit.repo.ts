import type { Request } from 'express';
import type { Admin, DB } from '@reportsaathi/db';
import { clientIp } from '../../http/auth';

export interface AuditEntry {
  action: string;
  resource_type: string;
  resource_id?: string | number | null;
  success?: 'success' | 'failed' | 'partial';
  details?: Record<string, unknown>;
}

/** Every admin mutation writes one of these, in the same transaction as the change. */
export async function writeAudit(
  db: DB,
  req: Request,
  admin: Pick<Admin, 'id' | 'email' | 'username'> | null,
  entry: AuditEntry,
) {
  await db
    .insertInto('audit_logs')
    .values({
      admin_id: admin?.id ?? null,
      admin_email: admin ? (admin.email ?? admin.username) : null,
      action: entry.action,
      resource_type: entry.resource_type,
      resource_id: entry.resource_id == null ? null : String(entry.resource_id),
      success: entry.success ?? 'success',
      ip_address: clientIp(req),
      user_agent: req.get('user-agent')?.slice(0, 500) ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
