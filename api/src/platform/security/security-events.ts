import type { DB } from '@reportsaathi/db';
import type { SecurityEventType, SecuritySeverity } from '@reportsaathi/contracts';
import { insertSecurityEvent, type Subject } from './security.repo';

/**
 * Security events: who did (or tried) what that matters for account safety. Details never hold
 * passwords, codes, secrets or tokens: only what an investigator needs (reason, path, counts).
 */
export interface SecurityEventInput {
  type: SecurityEventType;
  severity?: SecuritySeverity;
  subject?: Subject | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

const DEFAULT_SEVERITY: Partial<Record<SecurityEventType, SecuritySeverity>> = {
  login_failed: 'low',
  account_locked: 'high',
  two_factor_challenge_failed: 'medium',
  two_factor_code_reused: 'high',
  two_factor_enabled: 'medium',
  two_factor_disabled: 'high',
  two_factor_disable_failed: 'medium',
  two_factor_enable_failed: 'low',
  recovery_code_used: 'medium',
  password_changed: 'medium',
  password_change_failed: 'medium',
  permission_denied: 'medium',
  ip_blocked: 'high',
  ip_rule_created: 'medium',
  ip_rule_updated: 'medium',
  ip_rule_deleted: 'medium',
  ip_rule_refused: 'medium',
  session_revoke_refused: 'medium',
  rate_limited: 'medium',
  password_reset: 'medium',
  email_changed: 'medium',
  two_factor_required_refused: 'low',
};

export async function recordSecurityEvent(db: DB, e: SecurityEventInput): Promise<void> {
  await insertSecurityEvent(db, {
    event_type: e.type,
    severity: e.severity ?? DEFAULT_SEVERITY[e.type] ?? 'low',
    user_id: e.subject?.kind === 'user' ? e.subject.id : null,
    admin_id: e.subject?.kind === 'admin' ? e.subject.id : null,
    ip_address: e.ip ?? null,
    details: e.details,
  });
}
