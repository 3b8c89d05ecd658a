import { z } from 'zod';
import {
  ipRestrictionCreate,
  ipRestrictionUpdate,
  SECURITY_SEVERITIES,
  unlockAccountRequest,
  type LoginAttempt,
  type Paged,
  type SecurityEvent,
  type SecurityStats,
} from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { boolParam, enumParam, idFilter, listQuery, totalPages } from '../../http/list-query';
import { audited } from '../audit';
import { clearFailures } from '../../platform/security/login-throttle';
import { recordSecurityEvent } from '../../platform/security/security-events';
import {
  ATTEMPT_SORT_KEYS,
  EVENT_SORT_KEYS,
  listLoginAttempts,
  listSecurityEvents,
  securityFigures,
} from './security-admin.repo';
import {
  createRestriction,
  deleteRestriction,
  getRestriction,
  IP_RULE_NOT_FOUND,
  listRestrictions,
  updateRestriction,
} from './ip-rules.service';

/**
 * Staff-only security screens. Who may call what (decision 080):
 * - IP rules change who can reach the portal at all: reading them needs view_system_settings,
 *   adding or removing one needs manage_system_settings (super admins).
 * - Security events, sign-in attempts and the figures are a record of who did what, like the
 *   audit log: view_audit_logs.
 * - Unlocking a locked account lets sign-ins through again: manage_system_settings.
 */
const PAGE = { defaultLimit: 20 } as const;

const eventsQuery = listQuery(EVENT_SORT_KEYS, PAGE, {
  event_type: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.string().max(64, 'event_type is too long').optional(),
  ),
  severity: enumParam('severity', SECURITY_SEVERITIES),
  user_id: idFilter('user_id'),
  admin_id: idFilter('admin_id'),
});

const attemptsQuery = listQuery(ATTEMPT_SORT_KEYS, PAGE, {
  kind: enumParam('kind', ['user', 'admin'] as const),
  success: boolParam('success'),
  ip: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64, 'ip is too long').optional()),
});

const statsQuery = z.object({
  days: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number({ message: 'days must be a whole number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(365, 'days must be at most 365')
      .default(7),
  ),
});

const paged = <T>(items: T[], total: number, q: { page: number; limit: number }): Paged<T> => ({
  items,
  total,
  page: q.page,
  limit: q.limit,
  total_pages: totalPages(total, q.limit),
});

export const securityAdminRoutes = [
  defineRoute({
    method: 'post',
    path: '/security/admin/ip-restrictions',
    access: ADMIN('manage_system_settings'),
    body: ipRestrictionCreate,
    status: 201,
    handler: ({ deps, actor, body }) => createRestriction(deps, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/security/admin/ip-restrictions',
    access: ADMIN('view_system_settings'),
    handler: async ({ deps }) => {
      const items = await listRestrictions(deps.db);
      return { items, total: items.length };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/security/admin/ip-restrictions/:id',
    access: ADMIN('view_system_settings'),
    params: idParams('id'),
    notFound: IP_RULE_NOT_FOUND,
    handler: ({ deps, params }) => getRestriction(deps.db, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/security/admin/ip-restrictions/:id',
    access: ADMIN('manage_system_settings'),
    params: idParams('id'),
    body: ipRestrictionUpdate,
    notFound: IP_RULE_NOT_FOUND,
    handler: ({ deps, actor, params, body }) => updateRestriction(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/security/admin/ip-restrictions/:id',
    access: ADMIN('manage_system_settings'),
    params: idParams('id'),
    notFound: IP_RULE_NOT_FOUND,
    handler: ({ deps, actor, params }) => deleteRestriction(deps, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/security/admin/security-events',
    access: ADMIN('view_audit_logs'),
    query: eventsQuery,
    handler: async ({ deps, query }): Promise<Paged<SecurityEvent>> => {
      const { rows, total } = await listSecurityEvents(deps.db, query);
      const items = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
      return paged(items, total, query);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/security/admin/login-attempts',
    access: ADMIN('view_audit_logs'),
    query: attemptsQuery,
    handler: async ({ deps, query }): Promise<Paged<LoginAttempt>> => {
      const { rows, total } = await listLoginAttempts(deps.db, query);
      const items = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
      return paged(items, total, query);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/security/admin/security-stats',
    access: ADMIN('view_audit_logs'),
    query: statsQuery,
    handler: async ({ deps, query }): Promise<SecurityStats> => {
      const since = new Date(Date.now() - query.days * 24 * 60 * 60 * 1000);
      const f = await securityFigures(deps.db, since);
      const byType = Object.fromEntries(f.byType.map((r) => [r.event_type, Number(r.n)]));
      const total = Number(f.attempts.total);
      const failed = Number(f.attempts.failed);
      return {
        days: query.days,
        since: since.toISOString(),
        total_events: Object.values(byType).reduce((a, b) => a + b, 0),
        events_by_type: byType,
        events_by_severity: Object.fromEntries(f.bySeverity.map((r) => [r.severity, Number(r.n)])),
        login_attempts: { total, failed, succeeded: total - failed },
        locked_accounts: byType.account_locked ?? 0,
        blocked_requests: byType.ip_blocked ?? 0,
        active_ip_rules: Number(f.ipRules.n),
        admins_with_2fa: Number(f.admins.with_2fa),
        admins_total: Number(f.admins.total),
        daily: f.daily.map((d) => ({
          date: d.day,
          failed_logins: Number(d.failed),
          successful_logins: Number(d.succeeded),
          events: Number(d.events),
        })),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/security/admin/unlock-account',
    access: ADMIN('manage_system_settings'),
    body: unlockAccountRequest,
    handler: async ({ deps, actor, body }) => {
      // Users sign in with their e-mail, stored in lower case.
      const identifier = body.kind === 'user' ? body.identifier.toLowerCase() : body.identifier;
      const cleared = await audited(
        deps,
        actor,
        { action: 'unlock_account', resource_type: body.kind, details: { identifier } },
        async (trx, note) => {
          const n = await clearFailures(trx, body.kind, identifier);
          note.details({ cleared_failures: n });
          await recordSecurityEvent(trx, {
            type: 'account_unlocked',
            subject: { kind: 'admin', id: actor.admin.id },
            ip: actor.ip,
            details: { kind: body.kind, identifier, cleared_failures: n },
          });
          return n;
        },
      );
      return { message: 'Account unlocked', cleared_failures: cleared };
    },
  }),
];
