import { SESSION_NOT_FOUND } from '@reportsaathi/contracts';
import { UAParser } from 'ua-parser-js';
import type { SessionInfo } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { RequestInfo } from '../../kernel/principal';
import { notFound } from '../../kernel/errors';
import { recordSecurityEvent } from '../../platform/security/security-events';
import {
  listLiveSessions,
  revokeOtherSessions,
  revokeOwnSession,
  type Subject,
} from '../../platform/security/security.repo';

/** A person's signed-in devices: each live session with the device named from its user agent. */
export { SESSION_NOT_FOUND };

export function describeDevice(userAgent: string | null): Pick<SessionInfo, 'device' | 'browser' | 'os'> {
  if (!userAgent) return { device: 'Unknown device', browser: null, os: null };
  const ua = new UAParser(userAgent).getResult();
  const browser = ua.browser.name ? [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') : null;
  const os = ua.os.name ? [ua.os.name, ua.os.version].filter(Boolean).join(' ') : null;
  const hardware = [ua.device.vendor, ua.device.model].filter(Boolean).join(' ');
  const parts = [browser ?? 'Unknown browser', os ? `on ${os}` : null, hardware ? `(${hardware})` : null];
  return { device: parts.filter(Boolean).join(' '), browser, os };
}

export async function listSessions(db: DB, subject: Subject, currentId: string): Promise<SessionInfo[]> {
  const rows = await listLiveSessions(db, subject);
  return rows.map((r) => ({
    id: r.id,
    ...describeDevice(r.user_agent),
    ip_address: r.ip_address,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    current: r.id === currentId,
  }));
}

/** Ends one of the caller's own sessions; any other id (another person's, unknown) is 404. */
export async function revokeSession(
  db: DB,
  subject: Subject,
  id: string,
  meta: RequestInfo & { sessionId: string },
): Promise<{ message: string; current: boolean }> {
  if (!(await revokeOwnSession(db, subject, id))) {
    await recordSecurityEvent(db, {
      type: 'session_revoke_refused',
      subject,
      ip: meta.ip,
      details: { session_id: id.slice(0, 64) },
    });
    throw notFound(SESSION_NOT_FOUND);
  }
  await recordSecurityEvent(db, { type: 'session_revoked', subject, ip: meta.ip });
  return { message: 'Session revoked', current: id === meta.sessionId };
}

export async function revokeOthers(
  db: DB,
  subject: Subject,
  meta: RequestInfo & { sessionId: string },
): Promise<{ message: string; revoked: number }> {
  const revoked = await revokeOtherSessions(db, subject, meta.sessionId);
  await recordSecurityEvent(db, { type: 'sessions_revoked', subject, ip: meta.ip, details: { revoked } });
  return { message: `Signed out of ${revoked} other session${revoked === 1 ? '' : 's'}`, revoked };
}
